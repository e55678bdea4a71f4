import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The generated camera studio's Xcode project, checked as data (no Xcode on Linux).
@Suite("Camera studio: Xcode project of a generated project")
struct CameraStudioProjectXcodeTests {
    typealias Fixture = CameraStudioProjectFixture

    /// Settings every target carries in Debug and in Release (target value, else the project's).
    static let everyTarget: [String: String] = [
        "IPHONEOS_DEPLOYMENT_TARGET": "26.0",
        "SWIFT_VERSION": "6.0",
        "SWIFT_APPROACHABLE_CONCURRENCY": "YES",
        "TARGETED_DEVICE_FAMILY": "1,2",
        "GENERATE_INFOPLIST_FILE": "YES",
        "SDKROOT": "iphoneos",
    ]

    /// Settings only the app target carries; usage strings are checked for presence separately.
    /// The UI tests keep Swift's nonisolated default, like Xcode's own UI-test template: XCTest
    /// creates and runs test cases itself, and each test is marked `@MainActor`.
    static let appTarget: [String: String] = [
        "SWIFT_DEFAULT_ACTOR_ISOLATION": "MainActor",
        "INFOPLIST_KEY_LSApplicationCategoryType": "public.app-category.photography",
        "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
        "ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME": "AccentColor",
        "PRODUCT_BUNDLE_IDENTIFIER": Fixture.bundleID,
    ]

    static let usageStrings = [
        "INFOPLIST_KEY_NSCameraUsageDescription",
        "INFOPLIST_KEY_NSMicrophoneUsageDescription",
        "INFOPLIST_KEY_NSPhotoLibraryAddUsageDescription",
    ]

    // MARK: - project.pbxproj

    @Test func pbxprojParsesAsOpenStepWithObjectVersion77() throws {
        let root = try Fixture.pbxproj()
        #expect(root["objectVersion"] as? String == "77")
        #expect(root["archiveVersion"] as? String == "1")
        let objects = try #require(root["objects"] as? [String: Any])
        #expect(objects[root["rootObject"] as? String ?? ""] != nil)
    }

    @Test func everyObjectReferenceResolves() throws {
        let root = try Fixture.pbxproj()
        let objects = try #require(root["objects"] as? [String: [String: Any]])
        var unresolved: [String] = []
        for (id, object) in objects {
            #expect(Self.isObjectID(id), "object key \(id) is not a 24-digit hex id")
            #expect(object["isa"] is String, "object \(id) has no isa")
            for reference in Self.references(in: object) where objects[reference] == nil {
                unresolved.append("\(id) (\(object["isa"] ?? "?")) -> \(reference)")
            }
        }
        #expect(unresolved.isEmpty, "unresolved references: \(unresolved.sorted())")
        #expect(objects[root["rootObject"] as? String ?? ""]?["isa"] as? String == "PBXProject")
    }

    @Test func referencesPointAtObjectsOfTheRightKind() throws {
        let objects = try Self.objects()
        let expected: [String: Set<String>] = [
            "buildConfigurationList": ["XCConfigurationList"],
            "buildConfigurations": ["XCBuildConfiguration"],
            "buildPhases": ["PBXSourcesBuildPhase", "PBXFrameworksBuildPhase", "PBXResourcesBuildPhase"],
            "fileSystemSynchronizedGroups": ["PBXFileSystemSynchronizedRootGroup"],
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
        for (id, object) in objects {
            for (key, kinds) in expected {
                let value = object[key]
                let ids = (value as? [String]) ?? (value as? String).map { [$0] } ?? []
                for reference in ids {
                    let isa = objects[reference]?["isa"] as? String ?? "nothing"
                    #expect(kinds.contains(isa), "\(id).\(key) points at \(isa), expected one of \(kinds.sorted())")
                }
            }
        }
    }

    @Test func everySynchronizedGroupFolderExistsAndBelongsToATarget() throws {
        let objects = try Self.objects()
        let project = try Fixture.project()
        let groups = objects.filter { $0.value["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" }
        #expect(Set(groups.values.compactMap { $0["path"] as? String }) == [Fixture.appName, "\(Fixture.appName)UITests"])
        let owned = Set(Self.nativeTargets(objects).flatMap { $0.value["fileSystemSynchronizedGroups"] as? [String] ?? [] })
        for (id, group) in groups {
            let path = try #require(group["path"] as? String)
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: project.appendingPathComponent(path).path, isDirectory: &isFolder)
            #expect(exists && isFolder.boolValue, "synchronized folder \(path) is missing")
            #expect(group["sourceTree"] as? String == "<group>")
            #expect(owned.contains(id), "synchronized group \(path) belongs to no target")
            for exceptionSet in group["exceptions"] as? [String] ?? [] {
                for member in objects[exceptionSet]?["membershipExceptions"] as? [String] ?? [] {
                    #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("\(path)/\(member)").path),
                            "membership exception \(path)/\(member) names no file")
                }
            }
        }
    }

    @Test func targetsAndProductsCarryTheStampedNames() throws {
        let objects = try Self.objects()
        let targets = Self.nativeTargets(objects)
        let app = try #require(targets.first { $0.value["name"] as? String == Fixture.appName })
        let tests = try #require(targets.first { $0.value["name"] as? String == "\(Fixture.appName)UITests" })
        #expect(targets.count == 2)

        #expect(app.value["productName"] as? String == Fixture.appName)
        #expect(app.value["productType"] as? String == "com.apple.product-type.application")
        #expect(objects[app.value["productReference"] as? String ?? ""]?["path"] as? String == "\(Fixture.appName).app")

        #expect(tests.value["productName"] as? String == "\(Fixture.appName)UITests")
        #expect(tests.value["productType"] as? String == "com.apple.product-type.bundle.ui-testing")
        #expect(objects[tests.value["productReference"] as? String ?? ""]?["path"] as? String == "\(Fixture.appName)UITests.xctest")

        // The UI tests depend on the app and name it as their target.
        let dependency = try #require((tests.value["dependencies"] as? [String])?.first)
        #expect(objects[dependency]?["target"] as? String == app.key)
        let proxy = try #require(objects[objects[dependency]?["targetProxy"] as? String ?? ""])
        #expect(proxy["remoteGlobalIDString"] as? String == app.key)
        #expect(proxy["remoteInfo"] as? String == Fixture.appName)
        let project = try #require(objects.values.first { $0["isa"] as? String == "PBXProject" })
        let attributes = (project["attributes"] as? [String: Any])?["TargetAttributes"] as? [String: [String: Any]]
        #expect(attributes?[tests.key]?["TestTargetID"] as? String == app.key)
        for configuration in try Self.configurations(of: tests.value, in: objects) {
            #expect(configuration.settings["TEST_TARGET_NAME"] as? String == Fixture.appName)
        }
    }

    @Test func bundleIdentifiersAreStampedAndValid() throws {
        let objects = try Self.objects()
        for (_, target) in Self.nativeTargets(objects) {
            let isApp = target["name"] as? String == Fixture.appName
            for configuration in try Self.configurations(of: target, in: objects) {
                let id = configuration.settings["PRODUCT_BUNDLE_IDENTIFIER"] as? String ?? ""
                #expect(id == (isApp ? Fixture.bundleID : Fixture.uiTestsBundleID))
                #expect(Self.isValidBundleID(id), "\(id) is not a valid CFBundleIdentifier")
            }
        }
    }

    @Test func buildSettingsArePresentInBothConfigurationsOfEveryTarget() throws {
        let objects = try Self.objects()
        let projectObject = try #require(objects.values.first { $0["isa"] as? String == "PBXProject" })
        let projectConfigurations = try Self.configurations(of: projectObject, in: objects)
        #expect(Set(projectConfigurations.map(\.name)) == ["Debug", "Release"])

        for (_, target) in Self.nativeTargets(objects) {
            let name = target["name"] as? String ?? "?"
            let configurations = try Self.configurations(of: target, in: objects)
            #expect(Set(configurations.map(\.name)) == ["Debug", "Release"], "\(name)")
            for configuration in configurations {
                let inherited = projectConfigurations.first { $0.name == configuration.name }?.settings ?? [:]
                let effective = inherited.merging(configuration.settings) { _, target in target }
                var wanted = Self.everyTarget
                if name == Fixture.appName { wanted.merge(Self.appTarget) { $1 } }
                for (key, value) in wanted {
                    #expect(effective[key] as? String == value, "\(name) \(configuration.name): \(key)")
                }
                guard name == Fixture.appName else { continue }
                for key in Self.usageStrings {
                    let text = effective[key] as? String ?? ""
                    #expect(text.count >= 20, "\(name) \(configuration.name): \(key) missing or too short")
                }
            }
        }
    }

    // MARK: - Scheme and workspace

    @Test func sharedSchemeReferencesTheRealTargetsAndContainer() throws {
        let folder = try Fixture.xcodeprojFolder()
        let schemeURL = folder.appendingPathComponent("xcshareddata/xcschemes/\(Fixture.appName).xcscheme")
        let scheme = try XMLDocument(data: Data(contentsOf: schemeURL))
        let objects = try Self.objects()
        let targets = Self.nativeTargets(objects)

        let references = try scheme.nodes(forXPath: "//BuildableReference").compactMap { $0 as? XMLElement }
        #expect(references.count >= 3)
        for reference in references {
            let id = reference.attribute(forName: "BlueprintIdentifier")?.stringValue ?? ""
            let target = try #require(targets[id], "scheme names target \(id), which the project lacks")
            #expect(reference.attribute(forName: "BlueprintName")?.stringValue == target["name"] as? String)
            let product = objects[target["productReference"] as? String ?? ""]?["path"] as? String
            #expect(reference.attribute(forName: "BuildableName")?.stringValue == product)
            #expect(reference.attribute(forName: "ReferencedContainer")?.stringValue
                    == "container:\(Fixture.appName).xcodeproj")
        }
        #expect(folder.lastPathComponent == "\(Fixture.appName).xcodeproj")

        let runnable = try scheme.nodes(forXPath: "//LaunchAction//BuildableReference/@BlueprintName")
        #expect(runnable.map(\.stringValue) == [Fixture.appName])
        let testables = try scheme.nodes(forXPath: "//TestAction/Testables/TestableReference")
            .compactMap { $0 as? XMLElement }
        #expect(testables.count == 1)
        #expect(testables.first?.attribute(forName: "parallelizable")?.stringValue == "NO")
        #expect(testables.first?.attribute(forName: "skipped")?.stringValue == "NO")
        let tested = try scheme.nodes(forXPath: "//TestAction//BuildableReference/@BlueprintName").map(\.stringValue)
        #expect(tested == ["\(Fixture.appName)UITests"])
    }

    @Test func workspaceDataPointsAtTheProjectItself() throws {
        let url = try Fixture.xcodeprojFolder().appendingPathComponent("project.xcworkspace/contents.xcworkspacedata")
        let workspace = try XMLDocument(data: Data(contentsOf: url))
        let locations = try workspace.nodes(forXPath: "/Workspace/FileRef/@location").map(\.stringValue)
        #expect(locations == ["self:"])
    }

    // MARK: - Helpers

    static func objects() throws -> [String: [String: Any]] {
        let root = try Fixture.pbxproj()
        guard let objects = root["objects"] as? [String: [String: Any]] else {
            throw Fixture.Failure(message: "project.pbxproj has no objects dictionary")
        }
        return objects
    }

    static func nativeTargets(_ objects: [String: [String: Any]]) -> [String: [String: Any]] {
        objects.filter { $0.value["isa"] as? String == "PBXNativeTarget" }
    }

    static func configurations(
        of owner: [String: Any], in objects: [String: [String: Any]]
    ) throws -> [(name: String, settings: [String: Any])] {
        let list = try #require(objects[owner["buildConfigurationList"] as? String ?? ""])
        return (list["buildConfigurations"] as? [String] ?? []).compactMap { id in
            guard let configuration = objects[id], let name = configuration["name"] as? String else { return nil }
            return (name, configuration["buildSettings"] as? [String: Any] ?? [:])
        }
    }

    static func isObjectID(_ text: String) -> Bool {
        text.utf8.count == 24 && text.utf8.allSatisfy { (48...57).contains($0) || (65...70).contains($0) }
    }

    /// Every object id an object mentions: values and keys (TargetAttributes is keyed by id).
    static func references(in value: Any) -> [String] {
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

    /// Apple's rules for `CFBundleIdentifier`: letters, digits, hyphens and dots; two or more
    /// non-empty segments; at most 155 characters.
    static func isValidBundleID(_ id: String) -> Bool {
        let segments = id.split(separator: ".", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
        return id.count <= 155 && segments.count >= 2
            && segments.allSatisfy { !$0.isEmpty && $0.allSatisfy(allowed.contains) }
    }
}
