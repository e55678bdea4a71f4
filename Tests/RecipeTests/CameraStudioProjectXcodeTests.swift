import Foundation
import Testing
import TestSupport

/// The generated camera studio's Xcode project, checked as data (no Xcode on Linux).
@Suite("Camera studio: Xcode project of a generated project")
struct CameraStudioProjectXcodeTests {
    typealias Fixture = CameraStudioProjectFixture

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

    @Test func everyObjectReferenceResolvesToAnObjectOfTheRightKind() throws {
        let root = try Fixture.pbxproj()
        let objects = try #require(root["objects"] as? [String: [String: Any]])
        let problems = XcodeProjectData.referenceProblems(in: objects)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(objects[root["rootObject"] as? String ?? ""]?["isa"] as? String == "PBXProject")
    }

    @Test func everySynchronizedGroupFolderExistsAndBelongsToATarget() throws {
        let objects = try Self.objects()
        let project = try Fixture.project()
        let groups = objects.filter { $0.value["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" }
        #expect(Set(groups.values.compactMap { $0["path"] as? String }) == [Fixture.appName, "\(Fixture.appName)Tests", "\(Fixture.appName)UITests"])
        let owned = Set(XcodeProjectData.nativeTargets(objects).flatMap { $0.value["fileSystemSynchronizedGroups"] as? [String] ?? [] })
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
        let targets = XcodeProjectData.nativeTargets(objects)
        let app = try #require(targets.first { $0.value["name"] as? String == Fixture.appName })
        let tests = try #require(targets.first { $0.value["name"] as? String == "\(Fixture.appName)UITests" })
        #expect(targets.count == 3)

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
        for configuration in try XcodeProjectData.configurations(of: tests.value, in: objects) {
            #expect(configuration.settings["TEST_TARGET_NAME"] as? String == Fixture.appName)
        }
    }

    @Test func bundleIdentifiersAreStampedAndValid() throws {
        let objects = try Self.objects()
        for (_, target) in XcodeProjectData.nativeTargets(objects) {
            let wanted: [String: String] = [
                Fixture.appName: Fixture.bundleID, "\(Fixture.appName)UITests": Fixture.uiTestsBundleID,
                "\(Fixture.appName)Tests": Fixture.bundleID + ".Tests",
            ]
            for configuration in try XcodeProjectData.configurations(of: target, in: objects) {
                let id = configuration.settings["PRODUCT_BUNDLE_IDENTIFIER"] as? String ?? ""
                #expect(id == wanted[target["name"] as? String ?? ""])
                #expect(XcodeProjectData.isValidBundleID(id), "\(id) is not a valid CFBundleIdentifier")
            }
        }
    }

    @Test func buildSettingsArePresentInBothConfigurationsOfEveryTarget() throws {
        let objects = try Self.objects()
        let projectObject = try #require(objects.values.first { $0["isa"] as? String == "PBXProject" })
        let projectConfigurations = try XcodeProjectData.configurations(of: projectObject, in: objects)
        #expect(Set(projectConfigurations.map(\.name)) == ["Debug", "Release"])

        for (_, target) in XcodeProjectData.nativeTargets(objects) {
            let name = target["name"] as? String ?? "?"
            let configurations = try XcodeProjectData.configurations(of: target, in: objects)
            #expect(Set(configurations.map(\.name)) == ["Debug", "Release"], "\(name)")
            for configuration in configurations {
                let inherited = projectConfigurations.first { $0.name == configuration.name }?.settings ?? [:]
                let effective = inherited.merging(configuration.settings) { _, target in target }
                var wanted = XcodeProjectData.everyTarget
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
        #expect(folder.lastPathComponent == "\(Fixture.appName).xcodeproj")
        let scheme = try XcodeProjectData.scheme(named: Fixture.appName, in: folder, objects: Self.objects())
        #expect(scheme.problems.isEmpty, "\(scheme.problems)")
        #expect(scheme.launched == [Fixture.appName])
        #expect(scheme.testableCount == 2)
        #expect(scheme.parallelizable == "NO")
        #expect(scheme.skipped == "NO")
        #expect(scheme.tested == ["\(Fixture.appName)Tests", "\(Fixture.appName)UITests"])
    }

    /// Cmd+U runs the model tests: a unit-test target hosted by the app compiles the folder that
    /// `swift test` runs (the package's test target), with the app's isolation and language mode,
    /// and the scheme tests it. Checked as data: no Xcode runs here.
    @Test func theModelTestsAreAUnitTestTargetHostedByTheApp() throws {
        let objects = try Self.objects()
        let targets = XcodeProjectData.nativeTargets(objects)
        let app = try #require(targets.first { $0.value["name"] as? String == Fixture.appName })
        let tests = try #require(targets.first { $0.value["name"] as? String == "\(Fixture.appName)Tests" })
        #expect(tests.value["productType"] as? String == "com.apple.product-type.bundle.unit-test")
        #expect(objects[tests.value["productReference"] as? String ?? ""]?["path"] as? String == "\(Fixture.appName)Tests.xctest")
        let groups = (tests.value["fileSystemSynchronizedGroups"] as? [String] ?? []).compactMap { objects[$0]?["path"] as? String }
        #expect(groups == ["\(Fixture.appName)Tests"])
        let dependency = try #require((tests.value["dependencies"] as? [String])?.first)
        #expect(objects[dependency]?["target"] as? String == app.key)
        for configuration in try XcodeProjectData.configurations(of: tests.value, in: objects) {
            let settings = configuration.settings
            #expect(settings["TEST_HOST"] as? String == "$(BUILT_PRODUCTS_DIR)/\(Fixture.appName).app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/\(Fixture.appName)")
            #expect(settings["BUNDLE_LOADER"] as? String == "$(TEST_HOST)")
            #expect(settings["SWIFT_DEFAULT_ACTOR_ISOLATION"] as? String == "MainActor")
            #expect(settings["SWIFT_APPROACHABLE_CONCURRENCY"] as? String == "YES")
            #expect(settings["SWIFT_VERSION"] as? String == "6.0")
        }
        // The tests' folder holds Swift Testing code importing the app's module by its name.
        let folder = try Fixture.project().appendingPathComponent("\(Fixture.appName)Tests")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 20)
        let text = try String(contentsOf: folder.appendingPathComponent("CameraChecks.swift"), encoding: .utf8)
        #expect(text.contains("@testable import \(Fixture.appName)\n") && text.contains("import Testing\n") && text.contains("@Test("))
    }

    /// No file of the generated project passes the compiler's experimental or frontend flags, or
    /// carries the old home-made test harness.
    @Test func noFileCarriesExperimentalFlagsOrTheOldHarness() throws {
        let project = try Fixture.project()
        let paths = try #require(FileManager.default.subpaths(atPath: project.path))
        var found: [String] = []
        for path in paths where !path.hasPrefix(".build") {
            guard let text = try? String(contentsOf: project.appendingPathComponent(path), encoding: .utf8) else { continue }
            for word in ["-Xfrontend", "-experimental", "Checker", "Watchdog", "ModelTestRun"] where text.contains(word) {
                found.append("\(path): \(word)")
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func workspaceDataPointsAtTheProjectItself() throws {
        #expect(try XcodeProjectData.workspaceLocations(in: Fixture.xcodeprojFolder()) == ["self:"])
    }

    // MARK: - Helpers

    static func objects() throws -> [String: [String: Any]] {
        try XcodeProjectData.objects(in: Fixture.xcodeprojFolder())
    }
}
