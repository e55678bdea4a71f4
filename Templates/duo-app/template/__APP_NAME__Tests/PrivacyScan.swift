import Foundation
@testable import __APP_NAME__

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
        let expressions: Expressions = Expressions()
        var findings: [Finding] = []
        for path in paths {
            let text: String = (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? ""
            findings += scan(text: text, file: path, expressions: expressions)
        }
        return (files: paths.count, findings: findings)
    }

    static func scan(text: String, file: String) -> [Finding] {
        scan(text: text, file: file, expressions: Expressions())
    }

    private static func scan(text: String, file: String, expressions: Expressions) -> [Finding] {
        // A pattern that matches nowhere in the file matches on none of its lines (a match
        // within a line is a match in the whole text: lines end at a newline, which is a word
        // boundary and a line start for `\b` and `^`), and finding that out takes one search.
        // Matching every pattern against every line, the way findings are made, takes a call
        // per pattern and line: most of this group's time in the model tests, before only the
        // patterns found somewhere in the file went on to the lines.
        let whole: NSRange = NSRange(text.startIndex..<text.endIndex, in: text)
        var live: [(String, [NSRegularExpression])] = []
        for (category, patterns) in expressions.categories {
            let found: [NSRegularExpression] = patterns.filter { $0.firstMatch(in: text, range: whole) != nil }
            if !found.isEmpty {
                live.append((category, found))
            }
        }
        if live.isEmpty {
            return []
        }
        var findings: [Finding] = []
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed: String = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") {
                continue
            }
            let range: NSRange = NSRange(line.startIndex..<line.endIndex, in: line)
            for (category, patterns) in live {
                for pattern in patterns {
                    if let match = pattern.firstMatch(in: line, range: range), let found = Range(match.range, in: line) {
                        findings.append(Finding(category: category, file: file, line: number + 1, match: String(line[found])))
                    }
                }
            }
        }
        return findings
    }

    /// Each category's patterns, compiled once per scan.
    private nonisolated struct Expressions {
        let categories: [(String, [NSRegularExpression])]

        init() {
            var categories: [(String, [NSRegularExpression])] = []
            for category in PrivacyScan.categories {
                let patterns: [NSRegularExpression] = category.patterns.compactMap { try? NSRegularExpression(pattern: $0, options: [.anchorsMatchLines]) }
                categories.append((category.name, patterns))
            }
            self.categories = categories
        }
    }
}
