import Foundation
import Testing
import TestSupport

/// The generated media player's Xcode project, checked as data (no Xcode on Linux), with the
/// format checks both recipes share (`XcodeProjectData`) and what is particular to a player:
/// the `Info.plist` exception, the background mode, no usage strings.
@Suite("Media player: Xcode project of a generated project")
struct MediaPlayerProjectXcodeTests {
    typealias Fixture = MediaPlayerProjectFixture
    typealias Xcode = XcodeProjectData

    /// Settings only the app target carries. The UI tests keep Swift's nonisolated default, like
    /// Xcode's UI-test template; each test is marked `@MainActor`.
    static let appTarget: [String: String] = [
        "SWIFT_DEFAULT_ACTOR_ISOLATION": "MainActor",
        "INFOPLIST_FILE": "\(Fixture.appName)/Info.plist",
        "INFOPLIST_KEY_LSApplicationCategoryType": "public.app-category.entertainment",
        "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
        "ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME": "AccentColor",
        "PRODUCT_BUNDLE_IDENTIFIER": Fixture.bundleID,
    ]

    // MARK: - project.pbxproj

    @Test func pbxprojParsesAsOpenStepWithObjectVersion77AndSoundReferences() throws {
        let root = try Fixture.pbxproj()
        #expect(root["objectVersion"] as? String == "77")
        #expect(root["archiveVersion"] as? String == "1")
        let objects = try #require(root["objects"] as? [String: [String: Any]])
        #expect(objects[root["rootObject"] as? String ?? ""]?["isa"] as? String == "PBXProject")
        let problems = Xcode.referenceProblems(in: objects)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The seed's one exception to the synchronized folders: `Info.plist` is the target's
    /// Info.plist file (merged with the generated keys), not a resource to copy into the app.
    @Test func infoPlistIsTheOneExceptionToTheAppsSynchronizedFolder() throws {
        let objects = try Fixture.objects()
        let project = try Fixture.project()
        let groups = objects.filter { $0.value["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" }
        #expect(Set(groups.values.compactMap { $0["path"] as? String }) == [Fixture.appName, "\(Fixture.appName)Tests", "\(Fixture.appName)UITests"])
        let targets = Xcode.nativeTargets(objects)
        let app = try #require(targets.first { $0.value["name"] as? String == Fixture.appName })

        var exceptionSets: [[String: Any]] = []
        for (id, group) in groups {
            let path = try #require(group["path"] as? String)
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: project.appendingPathComponent(path).path, isDirectory: &isFolder)
            #expect(exists && isFolder.boolValue, "synchronized folder \(path) is missing")
            #expect(group["sourceTree"] as? String == "<group>")
            let owners = targets.filter { ($0.value["fileSystemSynchronizedGroups"] as? [String] ?? []).contains(id) }
            #expect(owners.count == 1, "synchronized group \(path) belongs to \(owners.count) targets")
            exceptionSets += (group["exceptions"] as? [String] ?? []).compactMap { objects[$0] }
            if path != Fixture.appName {
                #expect(group["exceptions"] == nil, "\(path) should have no exceptions")
            }
        }
        #expect(exceptionSets.count == 1, "one exception set, for the app's Info.plist")
        let exceptions = try #require(exceptionSets.first)
        #expect(exceptions["membershipExceptions"] as? [String] == ["Info.plist"])
        #expect(exceptions["target"] as? String == app.key)
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("\(Fixture.appName)/Info.plist").path))
    }

    /// The audio background mode, and one window: the app has one player and one video layer,
    /// and a second iPad window would present the same player and take that layer. The scene
    /// manifest is the file's alone; the project does not generate one over it.
    @Test func infoPlistHoldsTheAudioBackgroundModeAndOneWindow() throws {
        let plist = try Xcode.xmlDictionary(at: Fixture.project().appendingPathComponent("\(Fixture.appName)/Info.plist"))
        #expect(plist.keys.sorted() == ["UIApplicationSceneManifest", "UIBackgroundModes"], "Xcode generates every other key; found \(plist.keys.sorted())")
        #expect(plist["UIBackgroundModes"] as? [String] == ["audio"])
        let scenes = try #require(plist["UIApplicationSceneManifest"] as? [String: Any])
        #expect(scenes["UIApplicationSupportsMultipleScenes"] as? Bool == false)
        #expect(Array(scenes.keys) == ["UIApplicationSupportsMultipleScenes"])
        let text = try String(contentsOf: Fixture.xcodeprojFolder().appendingPathComponent("project.pbxproj"), encoding: .utf8)
        #expect(!text.contains("UIApplicationSceneManifest_Generation"), "a generated scene manifest would compete with the file's")
    }

    @Test func targetsAndProductsCarryTheStampedNames() throws {
        let objects = try Fixture.objects()
        let targets = Xcode.nativeTargets(objects)
        #expect(targets.count == 3)
        let app = try #require(targets.first { $0.value["name"] as? String == Fixture.appName })
        let tests = try #require(targets.first { $0.value["name"] as? String == "\(Fixture.appName)UITests" })
        #expect(app.value["productType"] as? String == "com.apple.product-type.application")
        #expect(objects[app.value["productReference"] as? String ?? ""]?["path"] as? String == "\(Fixture.appName).app")
        #expect(tests.value["productType"] as? String == "com.apple.product-type.bundle.ui-testing")
        #expect(objects[tests.value["productReference"] as? String ?? ""]?["path"] as? String == "\(Fixture.appName)UITests.xctest")

        let dependency = try #require((tests.value["dependencies"] as? [String])?.first)
        #expect(objects[dependency]?["target"] as? String == app.key)
        let proxy = try #require(objects[objects[dependency]?["targetProxy"] as? String ?? ""])
        #expect(proxy["remoteGlobalIDString"] as? String == app.key)
        #expect(proxy["remoteInfo"] as? String == Fixture.appName)
        let project = try #require(objects.values.first { $0["isa"] as? String == "PBXProject" })
        let attributes = (project["attributes"] as? [String: Any])?["TargetAttributes"] as? [String: [String: Any]]
        #expect(attributes?[tests.key]?["TestTargetID"] as? String == app.key)
        for configuration in try Xcode.configurations(of: tests.value, in: objects) {
            #expect(configuration.settings["TEST_TARGET_NAME"] as? String == Fixture.appName)
            let id = configuration.settings["PRODUCT_BUNDLE_IDENTIFIER"] as? String ?? ""
            #expect(id == Fixture.uiTestsBundleID && Xcode.isValidBundleID(id), "\(id)")
        }
    }

    @Test func buildSettingsArePresentInBothConfigurationsOfEveryTarget() throws {
        let objects = try Fixture.objects()
        for (_, target) in Xcode.nativeTargets(objects) {
            let name = target["name"] as? String ?? "?"
            let configurations = try Xcode.effectiveSettings(of: target, in: objects)
            #expect(Set(configurations.map(\.name)) == ["Debug", "Release"], "\(name)")
            for (configuration, settings) in configurations {
                var wanted = XcodeProjectData.everyTarget
                if name == Fixture.appName { wanted.merge(Self.appTarget) { $1 } }
                for (key, value) in wanted {
                    #expect(settings[key] as? String == value, "\(name) \(configuration): \(key)")
                }
                // A player needs no camera, microphone, photo library or location.
                let usage = settings.keys.filter { $0.hasPrefix("INFOPLIST_KEY_NS") && $0.hasSuffix("UsageDescription") }
                #expect(usage.isEmpty, "\(name) \(configuration) declares \(usage.sorted())")
            }
        }
    }

    // MARK: - Scheme and workspace

    @Test func sharedSchemeTestsSeriallyAndNamesTheRealTargets() throws {
        let folder = try Fixture.xcodeprojFolder()
        let scheme = try Xcode.scheme(named: Fixture.appName, in: folder, objects: Fixture.objects())
        #expect(scheme.problems.isEmpty, "\(scheme.problems)")
        #expect(scheme.testableCount == 2)
        #expect(scheme.parallelizable == "NO", "parallel testing clones the simulator; the scheme turns it off")
        #expect(scheme.skipped == "NO")
        #expect(scheme.tested == ["\(Fixture.appName)Tests", "\(Fixture.appName)UITests"])
        #expect(scheme.launched == [Fixture.appName])
        #expect(try Xcode.workspaceLocations(in: folder) == ["self:"])
    }

    /// Cmd+U runs the model tests: a unit-test target hosted by the app compiles the folder
    /// `swift test` runs, with the app's isolation and language mode. Checked as data.
    @Test func theModelTestsAreAUnitTestTargetHostedByTheApp() throws {
        let objects = try Fixture.objects()
        let targets = Xcode.nativeTargets(objects)
        let app = try #require(targets.first { $0.value["name"] as? String == Fixture.appName })
        let tests = try #require(targets.first { $0.value["name"] as? String == "\(Fixture.appName)Tests" })
        #expect(tests.value["productType"] as? String == "com.apple.product-type.bundle.unit-test")
        let groups = (tests.value["fileSystemSynchronizedGroups"] as? [String] ?? []).compactMap { objects[$0]?["path"] as? String }
        #expect(groups == ["\(Fixture.appName)Tests"])
        let dependency = try #require((tests.value["dependencies"] as? [String])?.first)
        #expect(objects[dependency]?["target"] as? String == app.key)
        for configuration in try Xcode.configurations(of: tests.value, in: objects) {
            let settings = configuration.settings
            #expect(settings["TEST_HOST"] as? String == "$(BUILT_PRODUCTS_DIR)/\(Fixture.appName).app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/\(Fixture.appName)")
            #expect(settings["BUNDLE_LOADER"] as? String == "$(TEST_HOST)")
            #expect(settings["SWIFT_DEFAULT_ACTOR_ISOLATION"] as? String == "MainActor")
            #expect(settings["PRODUCT_BUNDLE_IDENTIFIER"] as? String == Fixture.bundleID + ".Tests")
        }
    }
}
