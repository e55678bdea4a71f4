import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A generated Xcode project read as data, for the recipes' project suites (no Xcode on Linux).
///
/// Every recipe writes the same Xcode 16 format with file-system synchronized folders, so the
/// checks that say the format is sound (the file parses, references resolve to objects of the
/// right kind, the scheme names real targets, property lists are XML) live here once; each
/// recipe's suite adds what is particular to its app.
package enum XcodeProjectData {
    /// Reads the app's privacy manifest and checks what every Duo app declares: exactly the four
    /// keys, no tracking, no tracking domains, no data collected. Returns the required-reason
    /// APIs it declares, which differ by recipe.
    package static func privacyAccessedAPIs(project: URL, appName: String) throws -> [[String: Any]] {
        let manifest = try xmlDictionary(at: project.appendingPathComponent("\(appName)/PrivacyInfo.xcprivacy"))
        try required(Set(manifest.keys) == [
            "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes", "NSPrivacyAccessedAPITypes",
        ], "the privacy manifest holds \(manifest.keys.sorted()), not exactly the four keys")
        try required(manifest["NSPrivacyTracking"] as? Bool == false, "the privacy manifest declares tracking")
        try required((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true, "the privacy manifest lists tracking domains")
        try required((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true, "the privacy manifest lists collected data")
        return try required(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
    }

    /// Settings every target of every Duo app recipe carries in Debug and in Release (target
    /// value, else the project's): the iOS version, Swift 6, approachable concurrency, iPhone
    /// and iPad, a generated Info.plist.
    package static let everyTarget: [String: String] = [
        "IPHONEOS_DEPLOYMENT_TARGET": "26.0",
        "SWIFT_VERSION": "6.0",
        "SWIFT_APPROACHABLE_CONCURRENCY": "YES",
        "TARGETED_DEVICE_FAMILY": "1,2",
        "GENERATE_INFOPLIST_FILE": "YES",
        "SDKROOT": "iphoneos",
    ]

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// `project.pbxproj` of `xcodeproj` parsed as an OpenStep property list: the top level.
    package static func pbxproj(in xcodeproj: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: xcodeproj.appendingPathComponent("project.pbxproj"))
        var format = PropertyListSerialization.PropertyListFormat.xml
        let root = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        guard format == .openStep, let dictionary = root as? [String: Any] else {
            throw Failure(description: "project.pbxproj is not an OpenStep dictionary (format \(format))")
        }
        return dictionary
    }

    /// The pbxproj's objects, keyed by id.
    package static func objects(in xcodeproj: URL) throws -> [String: [String: Any]] {
        guard let objects = try pbxproj(in: xcodeproj)["objects"] as? [String: [String: Any]] else {
            throw Failure(description: "project.pbxproj has no objects dictionary")
        }
        return objects
    }

    /// An XML property list's top-level dictionary (Info.plist, PrivacyInfo.xcprivacy).
    package static func xmlDictionary(at url: URL) throws -> [String: Any] {
        var format = PropertyListSerialization.PropertyListFormat.openStep
        let root = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), options: [], format: &format)
        guard format == .xml, let dictionary = root as? [String: Any] else {
            throw Failure(description: "\(url.lastPathComponent) is not an XML property list dictionary (format \(format))")
        }
        return dictionary
    }

    package static func nativeTargets(_ objects: [String: [String: Any]]) -> [String: [String: Any]] {
        objects.filter { $0.value["isa"] as? String == "PBXNativeTarget" }
    }

    package static func configurations(
        of owner: [String: Any], in objects: [String: [String: Any]]
    ) throws -> [(name: String, settings: [String: Any])] {
        guard let list = objects[owner["buildConfigurationList"] as? String ?? ""] else {
            throw Failure(description: "\(owner["name"] ?? owner["isa"] ?? "an object") has no configuration list")
        }
        return (list["buildConfigurations"] as? [String] ?? []).compactMap { id in
            guard let configuration = objects[id], let name = configuration["name"] as? String else { return nil }
            return (name, configuration["buildSettings"] as? [String: Any] ?? [:])
        }
    }

    /// A target's settings per configuration, the project's filled in where the target sets none.
    package static func effectiveSettings(
        of target: [String: Any], in objects: [String: [String: Any]]
    ) throws -> [(name: String, settings: [String: Any])] {
        guard let project = objects.values.first(where: { $0["isa"] as? String == "PBXProject" }) else {
            throw Failure(description: "project.pbxproj has no PBXProject")
        }
        let inherited = try configurations(of: project, in: objects)
        return try configurations(of: target, in: objects).map { configuration in
            let base = inherited.first { $0.name == configuration.name }?.settings ?? [:]
            return (configuration.name, base.merging(configuration.settings) { _, target in target })
        }
    }

    package static func isObjectID(_ text: String) -> Bool {
        text.utf8.count == 24 && text.utf8.allSatisfy { (48...57).contains($0) || (65...70).contains($0) }
    }

    /// Every object id an object mentions: values and keys (TargetAttributes is keyed by id).
    package static func references(in value: Any) -> [String] {
        switch value {
        case let text as String:
            return isObjectID(text) ? [text] : []
        case let array as [Any]:
            return array.flatMap { references(in: $0) }
        case let dictionary as [String: Any]:
            return dictionary.keys.filter(isObjectID) + dictionary.values.flatMap { references(in: $0) }
        default:
            return []
        }
    }

    /// What each reference key may point at.
    package static let referenceKinds: [String: Set<String>] = [
        "buildConfigurationList": ["XCConfigurationList"],
        "buildConfigurations": ["XCBuildConfiguration"],
        "buildPhases": ["PBXSourcesBuildPhase", "PBXFrameworksBuildPhase", "PBXResourcesBuildPhase"],
        "fileSystemSynchronizedGroups": ["PBXFileSystemSynchronizedRootGroup"],
        "exceptions": ["PBXFileSystemSynchronizedBuildFileExceptionSet"],
        "productReference": ["PBXFileReference"],
        "dependencies": ["PBXTargetDependency"],
        "targetProxy": ["PBXContainerItemProxy"],
        "target": ["PBXNativeTarget"],
        "targets": ["PBXNativeTarget"],
        "mainGroup": ["PBXGroup"],
        "productRefGroup": ["PBXGroup"],
        "containerPortal": ["PBXProject"],
        "remoteGlobalIDString": ["PBXNativeTarget"],
    ]

    /// Object keys that are not ids, objects without an `isa`, and references to missing objects
    /// or to objects of the wrong kind, one line each; empty when the graph is sound.
    package static func referenceProblems(in objects: [String: [String: Any]]) -> [String] {
        var problems: [String] = []
        for (id, object) in objects {
            if !isObjectID(id) {
                problems.append("object key \(id) is not a 24-digit hex id")
            }
            if !(object["isa"] is String) {
                problems.append("object \(id) has no isa")
            }
            for reference in references(in: object) where objects[reference] == nil {
                problems.append("\(id) (\(object["isa"] ?? "?")) -> \(reference), which is missing")
            }
            for (key, kinds) in referenceKinds {
                let value = object[key]
                for reference in (value as? [String]) ?? (value as? String).map({ [$0] }) ?? [] {
                    let isa = objects[reference]?["isa"] as? String ?? "nothing"
                    if !kinds.contains(isa) {
                        problems.append("\(id).\(key) points at \(isa), expected one of \(kinds.sorted())")
                    }
                }
            }
        }
        return problems.sorted()
    }

    /// A shared scheme's buildable references against the project, and how its tests run.
    package struct Scheme {
        /// Each reference whose id, name, product or container disagrees with the project.
        package var problems: [String]
        package var launched: [String]
        package var tested: [String]
        /// The one test target's `parallelizable` and `skipped` attributes.
        package var parallelizable: String?
        package var skipped: String?
        package var testableCount: Int
    }

    package static func scheme(
        named appName: String, in xcodeproj: URL, objects: [String: [String: Any]]
    ) throws -> Scheme {
        let url = xcodeproj.appendingPathComponent("xcshareddata/xcschemes/\(appName).xcscheme")
        let document = try XMLDocument(data: Data(contentsOf: url))
        let targets = nativeTargets(objects)
        var problems: [String] = []
        let references = try document.nodes(forXPath: "//BuildableReference").compactMap { $0 as? XMLElement }
        if references.count < 3 {
            problems.append("only \(references.count) buildable references")
        }
        for reference in references {
            let id = reference.attribute(forName: "BlueprintIdentifier")?.stringValue ?? ""
            guard let target = targets[id] else {
                problems.append("the scheme names target \(id), which the project lacks")
                continue
            }
            let product = objects[target["productReference"] as? String ?? ""]?["path"] as? String
            let expected = [
                ("BlueprintName", target["name"] as? String),
                ("BuildableName", product),
                ("ReferencedContainer", "container:\(appName).xcodeproj"),
            ]
            for (attribute, value) in expected where reference.attribute(forName: attribute)?.stringValue != value {
                problems.append("\(id): \(attribute) is not \(value ?? "nil")")
            }
        }
        let testables = try document.nodes(forXPath: "//TestAction/Testables/TestableReference").compactMap { $0 as? XMLElement }
        return Scheme(
            problems: problems,
            launched: try document.nodes(forXPath: "//LaunchAction//BuildableReference/@BlueprintName").compactMap(\.stringValue),
            tested: try document.nodes(forXPath: "//TestAction//BuildableReference/@BlueprintName").compactMap(\.stringValue),
            parallelizable: testables.first?.attribute(forName: "parallelizable")?.stringValue,
            skipped: testables.first?.attribute(forName: "skipped")?.stringValue,
            testableCount: testables.count
        )
    }

    /// The workspace's file references: `["self:"]` for a project's own workspace.
    package static func workspaceLocations(in xcodeproj: URL) throws -> [String] {
        let url = xcodeproj.appendingPathComponent("project.xcworkspace/contents.xcworkspacedata")
        return try XMLDocument(data: Data(contentsOf: url)).nodes(forXPath: "/Workspace/FileRef/@location").compactMap(\.stringValue)
    }

    /// Apple's rules for `CFBundleIdentifier`: letters, digits, hyphens and dots; two or more
    /// non-empty segments; at most 155 characters.
    package static func isValidBundleID(_ id: String) -> Bool {
        let segments = id.split(separator: ".", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
        return id.count <= 155 && segments.count >= 2
            && segments.allSatisfy { !$0.isEmpty && $0.allSatisfy(allowed.contains) }
    }

    /// Swift files that import an Apple-only module: how many are wrapped whole in
    /// `#if canImport(...)` … `#endif`, and which are not. The Linux model tests compile only the
    /// portable files; the guard keeps any other compiler from breaking on the rest.
    package static func canImportGuards(
        _ sources: [(path: String, text: String)],
        appleModules: [String] = ["SwiftUI", "UIKit", "AVFoundation", "AVKit", "CoreVideo"]
    ) -> (guarded: Int, unguarded: [String]) {
        var guarded = 0
        var unguarded: [String] = []
        for (path, text) in sources {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let imports = lines.filter { $0.hasPrefix("import ") || $0.hasPrefix("@preconcurrency import ") }
            guard imports.contains(where: { line in appleModules.contains { line.hasSuffix(" \($0)") } }) else { continue }
            let code = lines.filter { !$0.isEmpty }
            if code.first?.hasPrefix("#if canImport(") == true, code.last == "#endif" {
                guarded += 1
            } else {
                unguarded.append(path)
            }
        }
        return (guarded, unguarded)
    }
}
