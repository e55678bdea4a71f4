import Foundation
import Testing
import TestSupport

/// scripts/typecheck-apple.sh compiles each recipe's Apple layer on Linux against the stand-ins in
/// Tests/AppleStandIns. These tests run it on every bundled recipe, then break a generated copy in
/// the ways the check exists to catch and expect the compiler's refusal.
@Suite("Apple layer type-checked against the stand-ins", .serialized)
struct AppleTypecheckTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = root.appendingPathComponent("scripts/typecheck-apple.sh")
    /// The built stand-ins and the module cache, kept with the package's build products and shared
    /// by this suite's runs (it runs serialized); the script rebuilds them when a stand-in changes.
    static let cache = root.appendingPathComponent(".build/typecheck-apple")

    static var recipes: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Templates").path)) ?? []
        return names.filter { $0.hasPrefix("recipe-") }.sorted()
    }

    @Test(arguments: recipes)
    func recipeTypeChecksAgainstTheStandIns(_ recipe: String) throws {
        let result = try Self.run([recipe])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("\(recipe) app target"), "\(result.output)")
        #expect(result.output.contains("passed"), "\(result.output)")
        #expect(!result.output.contains("FAILED"), "\(result.output)")
        // There is no iOS SDK on Linux: the script says it used the stand-ins.
        #expect(result.output.hasPrefix("typecheck-apple: checking against the stand-ins in Tests/AppleStandIns"), "\(result.output)")
    }

    /// One way to break a recipe's Apple layer: the file, the text replaced, and what the compiler
    /// must say.
    struct Mutation: Sendable, CustomTestStringConvertible {
        var recipe = "recipe-camera-studio"
        let name: String
        let file: String
        let original: String
        let replacement: String
        let message: String
        var testDescription: String { name }
    }

    static let mutations = [
        Mutation(name: "a view reads a property the model doesn't have",
                 file: "Studio/StudioScreen.swift", original: "store.recordingText", replacement: "store.recordingCaption",
                 message: "error: value of type 'StudioStore' has no member 'recordingCaption'"),
        Mutation(name: "an Apple initialiser gets a wrong argument label",
                 file: "Capture/AVCameraBackend.swift", original: "AVCaptureDeviceInput(device: device)",
                 replacement: "AVCaptureDeviceInput(camera: device)",
                 message: "error: incorrect argument label in call (have 'camera:', expected 'device:')"),
        Mutation(name: "iOS 27.1 API used without #available",
                 file: "Shared/FoldReader.swift", original: "if #available(iOS 27.1, *) {", replacement: "if true {",
                 message: "error: 'reservedRegions(kind:options:layoutDirectionBehavior:)' is only available in iOS_27_1"),
        Mutation(name: "a non-Sendable photo sent from the capture callback to the main actor",
                 file: "Capture/PhotoCaptureDelegate.swift", original: "        if let error {\n",
                 replacement: "        Task { @MainActor in _ = photo.fileDataRepresentation() }\n        if let error {\n",
                 message: "error: sending 'photo' risks causing data races"),
        Mutation(name: "a non-Sendable photo handed from the capture callback to the waiting task",
                 file: "Capture/PhotoCaptureDelegate.swift", original: "result.deliver(.success(data))",
                 replacement: "OneShot<AVCapturePhoto>().deliver(.success(photo))",
                 message: "error: type 'AVCapturePhoto' does not conform to the 'Sendable' protocol"),
        Mutation(recipe: "recipe-media-player",
                 name: "a non-Sendable player layer sent from a nonisolated method to the main actor",
                 file: "Player/AVPlayerEngine.swift", original: "    func unload() {",
                 replacement: "    nonisolated func hand(_ layer: AVPlayerLayer) {\n        Task { @MainActor in _ = layer }\n    }\n\n    func unload() {",
                 message: "error: sending 'layer' risks causing data races"),
        Mutation(recipe: "recipe-media-player",
                 name: "the Picture in Picture restore method without @Sendable on its completion handler",
                 file: "Player/PictureInPictureEvents.swift",
                 original: "completionHandler: @escaping @Sendable (Bool) -> Void",
                 replacement: "completionHandler: @escaping (Bool) -> Void",
                 message: "nearly matches optional requirement 'pictureInPictureController(_:restoreUserInterfaceForPictureInPictureStopWithCompletionHandler:)'"),
        Mutation(name: "a misspelt optional photo-capture delegate method",
                 file: "Capture/PhotoCaptureDelegate.swift", original: "didFinishProcessingPhoto photo: AVCapturePhoto",
                 replacement: "didFinishProcesingPhoto photo: AVCapturePhoto",
                 message: "nearly matches optional requirement 'photoOutput(_:didFinishProcessingPhoto:error:)'"),
        Mutation(recipe: "recipe-media-player",
                 name: "an AVPlayer given to a VideoPlayer off the main actor",
                 file: "Player/PictureInPictureEvents.swift", original: "    private func deliver(_ event: Event) {",
                 replacement: "    func preview(of player: AVPlayer) {\n        _ = VideoPlayer(player: player)\n    }\n\n    private func deliver(_ event: Event) {",
                 message: "error: call to main actor-isolated initializer 'init(player:)' in a synchronous nonisolated context"),
        Mutation(name: "a main-actor UIKit call from a nonisolated function",
                 file: "Capture/CameraPreview.swift", original: "let known: CameraDescriptor = switch descriptor.deviceType",
                 replacement: "_ = UIView(frame: .zero)\n            let known: CameraDescriptor = switch descriptor.deviceType",
                 message: "error: call to main actor-isolated initializer 'init(frame:)' in a synchronous nonisolated context"),
        // A localized key interpolates only what LocalizedStringKey.StringInterpolation has an overload
        // for; any other value reaches a deprecated one, which Xcode warns about.
        Mutation(recipe: "recipe-media-player",
                 name: "a text key interpolates a value its interpolation has no overload for",
                 file: "Library/Artwork.swift", original: "Text(\"\\(episodeNumber)\")",
                 replacement: "Text(\"\\(episodeNumber > 1)\")",
                 message: "error: 'appendInterpolation' is deprecated: Localized string interpolation produces an unlocalized"),
        // The stand-in photo's ImageIO encoder is compiled too (it needs the ImageIO stand-in).
        Mutation(name: "a Core Graphics initialiser gets a wrong argument label",
                 file: "Capture/SystemStandInEncoding.swift", original: "bitsPerPixel: 24", replacement: "bitsPerPixels: 24",
                 message: "error: incorrect argument label in call"),
    ]

    @Test(arguments: mutations)
    func checkRefusesABrokenCopy(_ mutation: Mutation) throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-apple-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let binary = try #require(EndToEndHarness.binary, "the built duo-new binary was not found")
        let project = work.appendingPathComponent("Sitter")
        let generate = try ChildProcess.run(binary, [
            mutation.recipe, "Sitter", "com.example.sitter", project.path,
            "--templates", Self.root.appendingPathComponent("Templates").path, "--no-test",
        ], in: work, mergingErrors: true)
        try #require(generate.status == 0, "\(generate.outputText)")

        let file = project.appendingPathComponent("Sitter/\(mutation.file)")
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(text.contains(mutation.original), "\(mutation.file) no longer contains \(mutation.original)")
        try text.replacingOccurrences(of: mutation.original, with: mutation.replacement)
            .write(to: file, atomically: true, encoding: .utf8)

        let result = try Self.run(["--project", project.path])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("Sitter/\(mutation.file):"), "\(result.output)")
        #expect(result.output.contains(mutation.message), "\(result.output)")
        #expect(result.output.contains("app target (") && result.output.contains("FAILED"), "\(result.output)")
    }

    /// On a Mac the script compiles against the iOS simulator SDK through `xcrun`, with no
    /// stand-ins. Linux has no `xcrun`: a stand-in one on PATH answers the SDK questions and records
    /// each compiler call, so the choice and the flags can be checked here; `--stand-ins` overrides.
    @Test func onAMacTheRealSDKIsUsedWithNoStandIns() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-xcrun-\(UUID().uuidString)")
        let bin = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let calls = work.appendingPathComponent("calls")
        let xcrun = bin.appendingPathComponent("xcrun")
        try """
        #!/bin/sh
        case "$*" in
          *--show-sdk-path*) echo /Fake/iPhoneSimulator.sdk ;;
          *--show-sdk-platform-path*) echo /Fake/iPhoneSimulator.platform ;;
          *) echo "$*" >> "\(calls.path)" ;;
        esac
        """.write(to: xcrun, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun.path)
        let binary = try #require(EndToEndHarness.binary, "the built duo-new binary was not found")
        let project = work.appendingPathComponent("Sitter")
        let generate = try ChildProcess.run(binary, [
            "recipe-media-player", "Sitter", "com.example.sitter", project.path,
            "--templates", Self.root.appendingPathComponent("Templates").path, "--no-test",
        ], in: work, mergingErrors: true)
        try #require(generate.status == 0, "\(generate.outputText)")
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

        let real = try Self.run(["--project", project.path], path: path)
        #expect(real.status == 0, "\(real.output)")
        #expect(real.output.hasPrefix("typecheck-apple: checking against the iOS simulator SDK at /Fake/iPhoneSimulator.sdk"), "\(real.output)")
        let recorded = try String(contentsOf: calls, encoding: .utf8)
        let compiles = recorded.split(separator: "\n")
        #expect(compiles.count == 2, "\(recorded)")
        #expect(compiles.allSatisfy { $0.hasPrefix("--sdk iphonesimulator swiftc -sdk /Fake/iPhoneSimulator.sdk ") }, "\(recorded)")
        #expect(compiles.allSatisfy { $0.contains("-apple-ios26.0-simulator") }, "\(recorded)")
        #expect(!recorded.contains("AppleStandIns"), "\(recorded)")
        #expect(compiles.last?.contains("-F /Fake/iPhoneSimulator.platform/Developer/Library/Frameworks") == true, "\(recorded)")

        let forced = try Self.run(["--stand-ins", "--project", project.path], path: path)
        #expect(forced.output.hasPrefix("typecheck-apple: checking against the stand-ins"), "\(forced.output)")
        #expect(forced.status == 0, "\(forced.output)")
    }

    static func run(_ arguments: [String], path: String? = nil) throws -> (status: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        if let path {
            environment["PATH"] = path
        }
        if let binary = EndToEndHarness.binary {
            environment["DUO_NEW"] = binary.path
        }
        let child = try ChildProcess.run(script, ["--cache", cache.path] + arguments, environment: environment, mergingErrors: true)
        return (child.status, child.outputText)
    }
}
