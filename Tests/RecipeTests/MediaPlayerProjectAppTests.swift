import Foundation
import Testing
import TestSupport

/// The generated media player's app code and resources, checked as data: the privacy manifest
/// against what the code uses, the identifiers the UI tests look for, the rules that keep
/// playback alive through every fold, and the Apple symbols the code names.
@Suite("Media player: app code of a generated project")
struct MediaPlayerProjectAppTests {
    typealias Fixture = MediaPlayerProjectFixture

    // MARK: - Privacy

    /// Resume points live in UserDefaults, a required-reason API: the manifest declares it with
    /// CA92.1 (read and written by the app itself) and declares nothing else.
    @Test func privacyManifestDeclaresUserDefaultsForTheAppItself() throws {
        let accessed = try XcodeProjectData.privacyAccessedAPIs(project: Fixture.project(), appName: Fixture.appName)
        #expect(accessed.count == 1)
        #expect(accessed.first?["NSPrivacyAccessedAPIType"] as? String == "NSPrivacyAccessedAPICategoryUserDefaults")
        #expect(accessed.first?["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["CA92.1"])
    }

    /// The declaration matches the code: UserDefaults is used, and no other required-reason API,
    /// tracking or collection is.
    @Test func appSourcesUseUserDefaultsAndNoOtherRequiredReasonAPI() throws {
        let app = try Fixture.swiftSources().filter { $0.path.hasPrefix("\(Fixture.appName)/") }
        #expect(app.contains { $0.text.contains("UserDefaults") }, "the manifest declares UserDefaults; the app should use it")
        let forbidden = [
            "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey", "creationDateKey",
            "systemUptime", "mach_absolute_time", "volumeAvailableCapacity", "activeInputModes",
            "AppTrackingTransparency", "advertisingIdentifier", "AVCaptureDevice", "PHPhotoLibrary", "CLLocationManager",
        ]
        var hits: [String] = []
        for (path, text) in app {
            for word in forbidden where text.contains(word) {
                hits.append("\(path): \(word)")
            }
        }
        #expect(hits.isEmpty, "\(hits)")
    }

    @Test func assetCatalogIsValidAndTheIconAnOpaque1024PNGCopiedByteForByte() throws {
        let catalog = try Fixture.project().appendingPathComponent("\(Fixture.appName)/Assets.xcassets")
        let manifests = CameraStudioProjectFixture.files(under: catalog).filter { $0.hasSuffix("Contents.json") }
        #expect(Set(manifests) == ["Contents.json", "AppIcon.appiconset/Contents.json", "AccentColor.colorset/Contents.json"])
        for path in manifests {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: catalog.appendingPathComponent(path)))
            #expect(((object as? [String: Any])?["info"] as? [String: Any])?["version"] as? Int == 1, "\(path)")
        }
        let icon = try Data(contentsOf: catalog.appendingPathComponent("AppIcon.appiconset/AppIcon.png"))
        let template = try Data(contentsOf: CameraStudioProjectFixture.repositoryRoot.appendingPathComponent(
            "Templates/recipe-media-player/template/__APP_NAME__/Assets.xcassets/AppIcon.appiconset/AppIcon.png"))
        #expect(icon == template, "the generator changed the icon's bytes")
        let png = try CameraStudioProjectResourceTests.PNGHeader(icon)
        #expect(png.width == 1024 && png.height == 1024 && png.bitDepth == 8 && png.interlace == 0)
        #expect(png.colourType == 2, "colour type \(png.colourType): an App Store icon must be RGB without alpha")
        #expect(!png.chunkNames.contains("tRNS"))
    }

    // MARK: - UI-test identifiers

    /// The UI tests find everything by identifier; each one they ask for must be set somewhere
    /// in the app, or a test could only fail on the Mac. Identifiers built from an episode or
    /// show id must be built from that prefix in the app and name a real catalogue entry.
    @Test func everyIdentifierTheUITestsUseIsSetInTheApp() throws {
        let sources = try Fixture.swiftSources()
        let uiTests = sources.filter { $0.path.hasPrefix("\(Fixture.appName)UITests/") }.map(\.text).joined()
        let app = sources.filter { $0.path.hasPrefix("\(Fixture.appName)/") }.map(\.text).joined()
        #expect(!uiTests.isEmpty && !app.isEmpty)
        let catalog = try String(contentsOf: Fixture.project().appendingPathComponent(
            "\(Fixture.appName)/Media/Catalog.json"), encoding: .utf8)

        let literal = try Regex(#""((?:player|library|detail|upNext|mini)\.[A-Za-z0-9.\-]+)""#)
        var identifiers = Set(uiTests.matches(of: literal).compactMap { $0.output[1].substring.map(String.init) })
        // The layout test walks the controls as "player.<name>" over a list of names.
        let controlList = try Regex(#"for name in \[([^\]]*)\]"#)
        for match in uiTests.matches(of: controlList) {
            for name in (match.output[1].substring.map(String.init) ?? "").split(separator: ",") {
                identifiers.insert("player." + name.trimmingCharacters(in: .whitespaces)
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            }
        }
        #expect(identifiers.count >= 20, "\(identifiers.sorted())")
        #expect(identifiers.contains("player.state") && identifiers.contains("library.state"))

        for identifier in identifiers.sorted() {
            if app.contains("\"\(identifier)\"") { continue }
            // "library.episode.small-repairs-2": the app writes "library.episode.\(…)".
            let parts = identifier.split(separator: ".", maxSplits: 2).map(String.init)
            if parts.count == 3, app.contains("\"\(parts[0]).\(parts[1]).\\(") {
                #expect(catalog.contains("\"\(parts[2])\""), "\(identifier) names no show or episode in Catalog.json")
                continue
            }
            Issue.record("the UI tests look for \(identifier), which the app never sets")
        }
    }

    /// Each launch switch the UI tests pass is one the app reads.
    @Test func everyLaunchSwitchTheUITestsPassIsReadByTheApp() throws {
        let sources = try Fixture.swiftSources()
        let uiTests = sources.filter { $0.path.hasPrefix("\(Fixture.appName)UITests/") }.map(\.text).joined()
        let app = sources.filter { $0.path.hasPrefix("\(Fixture.appName)/") }.map(\.text).joined()
        let switchLiteral = try Regex(#""(-[a-zA-Z]+)""#)
        let switches = Set(uiTests.matches(of: switchLiteral).compactMap { $0.output[1].substring.map(String.init) })
        #expect(switches.isSuperset(of: ["-uiTesting", "-resetState", "-play", "-paused", "-start", "-select", "-upNextLead", "-autoplay"]),
                "\(switches.sorted())")
        for name in switches {
            #expect(app.contains("\"\(name)\""), "the UI tests pass \(name), which the app never reads")
        }
    }

    @Test func twelveUITestsAndPictureInPictureSkipsWhereUnsupported() throws {
        let uiTests = try Fixture.swiftSources().filter { $0.path.hasPrefix("\(Fixture.appName)UITests/") }.map(\.text).joined()
        let tests = uiTests.components(separatedBy: "\n").filter { $0.contains("func test") }
        #expect(tests.count == 12, "\(tests)")
        #expect(uiTests.contains("throw XCTSkip("), "Picture in Picture must skip, not fail, where it is unsupported")
    }

    // MARK: - What keeps playback alive

    /// One player, one layer, one Picture in Picture controller, all made by the model; the
    /// video surface only hosts the model's layer.
    @Test func onlyThePlayerModelMakesThePlayerItsLayerAndPictureInPicture() throws {
        let app = try Fixture.swiftSources().filter { $0.path.hasPrefix("\(Fixture.appName)/") }
        for type in ["AVPlayer(", "AVPlayerLayer(", "AVPictureInPictureController("] {
            let makers = app.filter { $0.text.contains(type) }.map(\.path)
            #expect(makers == ["\(Fixture.appName)/Player/PlayerModel.swift"], "\(type) is made in \(makers)")
        }
        let surface = try #require(app.first { $0.path.hasSuffix("/VideoSurface.swift") })
        #expect(surface.text.contains("AVRoutePickerView("), "the video surface carries the AirPlay button")
        #expect(!surface.text.contains("AVPlayerLayer("))
    }

    /// Folding rebuilds views below a layout switch, so nothing there may start, stop or reload
    /// playback: no view below the root uses `onAppear`, `onDisappear` or `.task`.
    @Test func noViewBelowTheRootStartsOrStopsPlaybackOnAppearance() throws {
        let app = try Fixture.swiftSources().filter { $0.path.hasPrefix("\(Fixture.appName)/") }
        let below = app.filter { $0.path.contains("/Player/") || $0.path.contains("/Library/") }
        #expect(below.count >= 8, "\(below.map(\.path))")
        for (path, text) in below where !path.hasSuffix("/PlayerModel.swift") {
            let hooks = [".onAppear", ".onDisappear", ".task {", ".task("].filter { text.contains($0) }
            #expect(hooks.isEmpty, "\(path) uses \(hooks)")
        }
        let root = try #require(app.first { $0.path.hasSuffix("/App/RootView.swift") })
        #expect(root.text.contains(".fullScreenCover("), "the player is a full-screen cover attached at the root")
        #expect(root.text.contains("isIdleTimerDisabled"), "the root keeps the screen on while playing on screen")
        #expect(root.text.contains("@State private var player"), "the root owns the player model")
    }

    // MARK: - Apple symbols

    @Test func appUsesNoAppleSymbolOutsideTheProjectTheFactsOrTheReviewedList() throws {
        let result = try CameraStudioProjectSymbolTests.runScript(["--check", Fixture.project().path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("no unknown symbol"), "\(result.output)")
    }

    @Test func appleOnlyFilesAreGuardedByCanImport() throws {
        let app = try Fixture.swiftSources().filter { $0.path.hasPrefix("\(Fixture.appName)/") }
        let (guarded, unguarded) = XcodeProjectData.canImportGuards(app)
        #expect(unguarded.isEmpty, "Apple-only files without a canImport guard: \(unguarded)")
        #expect(guarded >= 12, "expected the app layer's Apple-only files, found \(guarded)")
    }
}
