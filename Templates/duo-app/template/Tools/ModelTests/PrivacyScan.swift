import Foundation

/// Looks for things that would make the app's privacy story untrue: networking, tracking,
/// CloudKit, the photo library, web addresses, and Apple's required-reason APIs.
///
/// Comment lines are skipped: they never run. Each category is a list of regular expressions.
nonisolated enum PrivacyScan {
    nonisolated struct Finding: Sendable {
        let category: String
        let file: String
        let line: Int
        let match: String
    }

    static let categories: [(name: String, patterns: [String])] = [
        ("networking", ["\\bURLSession\\b", "\\bURLRequest\\b", "\\bNW(Connection|Listener|PathMonitor|Browser)\\b",
                        "^\\s*import\\s+(Network|CFNetwork|WebKit)\\b", "\\bWKWebView\\b", "\\bCFStream"]),
        ("tracking", ["^\\s*import\\s+(AdSupport|AppTrackingTransparency)\\b", "\\bASIdentifierManager\\b",
                      "\\badvertisingIdentifier\\b", "\\bATTrackingManager\\b", "\\bidentifierForVendor\\b"]),
        ("CloudKit", ["^\\s*import\\s+CloudKit\\b", "\\bCK(Container|Database|Record)\\b", "\\bNSUbiquitousKeyValueStore\\b",
                      "\\bubiquityIdentityToken\\b"]),
        ("photo library", ["\\bPHPhotoLibrary\\b", "^\\s*import\\s+Photos(UI)?\\b", "\\bPHAsset\\b",
                           "\\bUI(Image|SaveVideoAtPath)\\w*SavedPhotosAlbum\\b"]),
        ("web address", ["[A-Za-z][A-Za-z0-9+.-]*://[A-Za-z0-9]", "\\bwww\\.[A-Za-z0-9-]+\\."]),
        ("required-reason API", ["\\b(creationDate|modificationDate|fileModificationDate|contentModificationDate|addedToDirectoryDate)\\b",
                                 "\\b(creationDateKey|contentModificationDateKey|attributeModificationDateKey)\\b",
                                 "\\battributesOfItem\\b", "\\b(systemUptime|mach_absolute_time)\\b",
                                 "\\b(volumeAvailableCapacity\\w*|systemFreeSize|NSFileSystemFreeSize)\\b", "\\b(statfs|statvfs|getattrlist\\w*)\\b",
                                 "\\b[lf]?stat\\(", "\\bUserDefaults\\b", "@AppStorage\\b", "\\bactiveInputModes\\b"]),
    ]

    /// Every finding in the Swift files under `folder`.
    static func scan(folder: URL) -> (files: Int, findings: [Finding]) {
        let paths: [String] = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        var findings: [Finding] = []
        for path in paths {
            let text: String = (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? ""
            findings += scan(text: text, file: path)
        }
        return (files: paths.count, findings: findings)
    }

    static func scan(text: String, file: String) -> [Finding] {
        var findings: [Finding] = []
        let expressions: [(String, [NSRegularExpression])] = compiled()
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed: String = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") {
                continue
            }
            let range: NSRange = NSRange(line.startIndex..<line.endIndex, in: line)
            for (category, patterns) in expressions {
                for pattern in patterns {
                    if let match = pattern.firstMatch(in: line, range: range), let found = Range(match.range, in: line) {
                        findings.append(Finding(category: category, file: file, line: number + 1, match: String(line[found])))
                    }
                }
            }
        }
        return findings
    }

    private static func compiled() -> [(String, [NSRegularExpression])] {
        var result: [(String, [NSRegularExpression])] = []
        for category in categories {
            let patterns: [NSRegularExpression] = category.patterns.compactMap { try? NSRegularExpression(pattern: $0, options: [.anchorsMatchLines]) }
            result.append((category.name, patterns))
        }
        return result
    }
}
