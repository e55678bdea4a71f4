import Foundation
import Testing
import TestSupport

/// The Mac steps (`Tools/run-on-simulator.sh`, from the duo-app layer) run on Linux against
/// stand-in `xcrun`, `xcodebuild` and `sw_vers` (Tests/Fixtures/mac-tools) that record every
/// call and answer like the real tools: the exact command lines, in order.
@Suite("Mac steps against stand-in Xcode tools")
struct MacStepsTests {
    static let tools = EndToEndHarness.fixtureTemplates.deletingLastPathComponent().appendingPathComponent("mac-tools")
    static let xcode = "/Applications/Xcode-27.1.app/Contents/Developer"
    static let udid = "9D8C7B6A-0000-4000-8000-000000000271"

    static let recipes: [(recipe: String, app: String, bundleID: String, switches: String)] = [
        ("recipe-camera-studio", "Sitter", "com.example.sitter", "-timer 10 -shutter"),
        ("recipe-media-player", "FieldCast", "com.example.fieldcast", "-play small-repairs-1 -paused -start 4"),
    ]

    /// Generates the recipe without its checks, then runs the simulator step as its manifest does.
    static func runSteps(_ recipe: String, _ app: String, _ bundleID: String, arguments: [String], environment: [String: String] = [:], mergingErrors: Bool = true) throws
        -> (harness: EndToEndHarness, run: ChildProcess, calls: [String])
    {
        let harness = try EndToEndHarness()
        let generated = try harness.run([recipe, app, bundleID, app, "--no-test", "--quiet"])
        try #require(generated.status == 0, "\(generated.stderr)")
        let log = harness.url("calls.log")
        let path = tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["Tools/run-on-simulator.sh"] + arguments, in: harness.url(app),
            environment: ["PATH": path, "MAC_TOOLS_LOG": log.path, "SCREENSHOT_DELAY": "0", "DEVELOPER_DIR": xcode].merging(environment) { $1 },
            mergingErrors: mergingErrors
        )
        let calls = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        return (harness, run, calls)
    }

    @Test(arguments: recipes.map(\.recipe))
    func buildsInstallsLaunchesAndScreenshotsTheDuoSimulatorByUDID(recipe: String) throws {
        let r = try #require(Self.recipes.first { $0.recipe == recipe })
        let (harness, run, calls) = try Self.runSteps(r.recipe, r.app, r.bundleID, arguments: r.switches.split(separator: " ").map(String.init))
        defer { harness.cleanUp() }
        #expect(run.status == 0, "\(run.outputText)")
        let dev = "DEVELOPER_DIR=\(Self.xcode)"
        #expect(calls == [
            "\(dev) xcrun simctl list devices available --json",
            "\(dev) xcodebuild -project \(r.app).xcodeproj -scheme \(r.app) -destination \"platform=iOS Simulator,id=\(Self.udid)\" -derivedDataPath build/DerivedData build",
            "\(dev) xcrun simctl bootstatus \(Self.udid) -b",
            "\(dev) xcrun simctl install \(Self.udid) build/DerivedData/Build/Products/Debug-iphonesimulator/\(r.app).app",
            "\(dev) xcrun simctl launch --terminate-running-process \(Self.udid) \(r.bundleID) \(r.switches)",
            "\(dev) xcrun simctl io \(Self.udid) screenshot --display=primary build/outer.png",
            "\(dev) xcrun simctl io \(Self.udid) screenshot --display=primary-1 build/inner.png",
        ])
        #expect(run.outputText.contains("run-on-simulator: screenshots: build/outer.png (primary display) and build/inner.png (primary-1)"))
        #expect(FileManager.default.fileExists(atPath: harness.url("\(r.app)/build/outer.png").path))
        #expect(FileManager.default.fileExists(atPath: harness.url("\(r.app)/build/inner.png").path))
    }

    /// `UDID=$(Tools/run-on-simulator.sh --udid)`: standard output is the UDID alone, whatever
    /// the script says on the way (the Xcode `DEVELOPER_DIR` chose goes to standard error).
    @Test func theUDIDAloneIsPrintedOnStandardOutput() throws {
        let (harness, run, _) = try Self.runSteps("recipe-media-player", "FieldCast", "com.example.fieldcast", arguments: ["--udid"], mergingErrors: false)
        defer { harness.cleanUp() }
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.outputText == Self.udid + "\n", "\(run.outputText)")
        #expect(run.errorText.contains("using the Xcode at \(Self.xcode)"), "\(run.errorText)")
    }

    @Test func aFailedBuildShowsItsFirstErrorsAndKeepsTheWholeLog() throws {
        let (harness, run, calls) = try Self.runSteps("recipe-camera-studio", "Sitter", "com.example.sitter", arguments: ["-timer", "10"], environment: ["MAC_TOOLS_BUILD": "fail"])
        defer { harness.cleanUp() }
        #expect(run.status == 1)
        #expect(run.outputText.contains("""
            run-on-simulator: the build failed; its first errors:
                /project/Sitter/Model/Queue.swift:12:5: error: cannot find 'upNext' in scope
                /project/Sitter/App/RootView.swift:40:9: error: missing argument for parameter 'model' in call
            run-on-simulator: the whole log: build/xcodebuild.log
            """))
        #expect(!run.outputText.contains("CompileSwift"), "thousands of build lines stay in the log")
        let log = try harness.text("Sitter/build/xcodebuild.log")
        #expect(log.contains("** BUILD FAILED **") && log.components(separatedBy: "\n").count > 3000)
        #expect(calls.count == 2, "nothing is installed after a failed build: \(calls)")
    }

    @Test func noDuoSimulatorNamesTheRuntimeToInstall() throws {
        let devices = Self.tools.appendingPathComponent("no-duo.json").path
        let (harness, run, calls) = try Self.runSteps("recipe-media-player", "FieldCast", "com.example.fieldcast", arguments: [], environment: ["MAC_TOOLS_DEVICES": devices])
        defer { harness.cleanUp() }
        #expect(run.status == 69)
        #expect(run.outputText.contains("no iPhone Duo simulator is available. Install the iOS 27.1 simulator runtime"))
        #expect(calls.count == 1 && !calls.contains { $0.contains("booted") })
    }

    @Test func theUITestsRunOnTheSameSimulatorWithParallelTestingOff() throws {
        let (harness, run, calls) = try Self.runSteps("recipe-camera-studio", "Sitter", "com.example.sitter", arguments: ["--ui-tests"])
        defer { harness.cleanUp() }
        #expect(run.status == 0, "\(run.outputText)")
        #expect(calls.last == "DEVELOPER_DIR=\(Self.xcode) xcodebuild test -project Sitter.xcodeproj -scheme Sitter -destination \"platform=iOS Simulator,id=\(Self.udid)\" -derivedDataPath build/DerivedData -parallel-testing-enabled NO")
    }

    /// On this machine (no xcodebuild) generation skips the Mac steps, says why, and exits 0. The
    /// generation is the shared one (`BuiltProject.mediaPlayer`), with its checks.
    @Test func generationSkipsTheMacStepsWhereXcodeIsMissing() async throws {
        try #require(CheckNeedsTestsSupport.onPath("xcodebuild") == false, "this test describes a machine without Xcode")
        let run: BuiltProject.Generation = try await BuiltProject.mediaPlayer.generated()
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        let verdicts = run.output.split(separator: "\n").filter { $0.hasPrefix("  ✓ ") || $0.hasPrefix("  ✗ ") || $0.hasPrefix("  – ") }
        #expect(verdicts.count == 3, "\(verdicts)")
        #expect(verdicts.first?.hasPrefix("  ✓ model tests passed in ") == true, "\(verdicts)")
        #expect(verdicts.dropFirst().map(String.init) == [
            "  – simulator skipped: needs xcodebuild: macOS with Xcode 27.1 or later",
            "  – UI tests skipped: opt-in; run it with --with 'UI tests'",
        ], "\(verdicts)")
        #expect(run.output.contains("Generated FieldCast in ./FieldCast; 1 check passed, 2 skipped (listed after the next steps)."), "\(run.output.suffix(2000))")
    }
}

enum CheckNeedsTestsSupport {
    static func onPath(_ command: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(command)")
        }
    }
}
