import Foundation
import Testing

/// The media player's app and UI tests typechecked on Linux against stand-ins for the Apple API
/// they use (`Tests/Fixtures/apple-stand-ins`, declarations only), with the app target's Swift
/// settings: Swift 6, main-actor default isolation, approachable concurrency.
///
/// This catches mistakes in our own code (a misspelt member, a wrong label, an unwrapped
/// optional, an isolation error between our types) that `scripts/apple-symbols.py` can't see.
/// Where a stand-in differs from the real SDK it proves nothing; the README says so.
@Suite("Media player: typechecked against Apple API stand-ins")
struct MediaPlayerProjectTypecheckTests {
    typealias Fixture = MediaPlayerProjectFixture

    static let standIns = CameraStudioProjectFixture.repositoryRoot.appendingPathComponent("Tests/Fixtures/apple-stand-ins")

    /// The app target's concurrency settings, as swiftc flags.
    static let appFlags = [
        "-swift-version", "6", "-default-isolation", "MainActor",
        "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
        "-enable-upcoming-feature", "InferIsolatedConformances",
    ]

    /// The stand-in modules, built once into a temporary folder, or why they could not be.
    static let modules: Result<URL, CameraStudioProjectFixture.Failure> = buildModules()

    @Test func appTypechecksWithoutErrorsOrWarnings() throws {
        let app = try Fixture.project().appendingPathComponent(Fixture.appName)
        let sources = Self.swiftFiles(under: app)
        #expect(sources.count >= 40, "\(sources.count) Swift files")
        let result = try Self.typecheckApp(sources)
        #expect(result.status == 0, "\(result.outputText)")
        #expect(!result.outputText.contains("warning:"), "\(result.outputText)")
    }

    @Test func uiTestsTypecheckWithoutErrorsOrWarnings() throws {
        let folder = try Fixture.project().appendingPathComponent("\(Fixture.appName)UITests")
        let sources = Self.swiftFiles(under: folder)
        #expect(!sources.isEmpty)
        let result = try Self.swiftc(
            ["-typecheck", "-swift-version", "6", Self.standIns.appendingPathComponent("XCUIAutomation.swift").path]
                + sources.map(\.path))
        #expect(result.status == 0, "\(result.outputText)")
        #expect(!result.outputText.contains("warning:"), "\(result.outputText)")
    }

    /// The check can fail: the app with one misspelt call doesn't typecheck, and the error names it.
    @Test func aMisspeltCallInTheAppFailsTheTypecheck() throws {
        let app = try Fixture.project().appendingPathComponent(Fixture.appName)
        let work = try CameraStudioTemplate.temporaryFolder("media-player-misspelt")
        defer { try? FileManager.default.removeItem(at: work) }
        var sources: [URL] = []
        for source in Self.swiftFiles(under: app) {
            var text = try String(contentsOf: source, encoding: .utf8)
            if source.lastPathComponent == "MiniPlayer.swift" {
                let misspelt = text.replacingOccurrences(of: "player.togglePlay()", with: "player.togglePlayback()")
                try #require(misspelt != text, "MiniPlayer.swift no longer calls player.togglePlay()")
                text = misspelt
            }
            let copy = work.appendingPathComponent("\(sources.count)-\(source.lastPathComponent)")
            try text.write(to: copy, atomically: true, encoding: .utf8)
            sources.append(copy)
        }
        let result = try Self.typecheckApp(sources)
        #expect(result.status != 0)
        #expect(result.outputText.contains("togglePlayback"), "\(result.outputText)")
    }

    // MARK: - Helpers

    static func typecheckApp(_ sources: [URL]) throws -> ChildProcess {
        let modules = try modules.get()
        return try swiftc(["-typecheck", "-parse-as-library", "-module-name", Fixture.appName, "-I", modules.path]
            + appFlags + sources.map(\.path))
    }

    static func swiftFiles(under folder: URL) -> [URL] {
        CameraStudioProjectFixture.files(under: folder).filter { $0.hasSuffix(".swift") }
            .map { folder.appendingPathComponent($0) }
    }

    static func swiftc(_ arguments: [String]) throws -> ChildProcess {
        guard let compiler = CameraStudioTemplate.tool("swiftc") else {
            throw CameraStudioProjectFixture.Failure(message: "swiftc is not on PATH")
        }
        return try ChildProcess.run(URL(fileURLWithPath: compiler), arguments, mergingErrors: true)
    }

    /// UIKit, AVFoundation, AVKit and SwiftUI stand-ins, each built as a module on those before it.
    private static func buildModules() -> Result<URL, CameraStudioProjectFixture.Failure> {
        do {
            let folder = try CameraStudioTemplate.temporaryFolder("apple-stand-ins")
            for module in ["UIKit", "AVFoundation", "AVKit", "SwiftUI"] {
                let result = try swiftc([
                    "-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", module,
                    "-emit-module-path", folder.appendingPathComponent("\(module).swiftmodule").path,
                    "-I", folder.path, standIns.appendingPathComponent("\(module).swift").path,
                ])
                guard result.status == 0 else {
                    return .failure(.init(message: "the \(module) stand-in does not build:\n\(result.outputText)"))
                }
            }
            return .success(folder)
        } catch {
            return .failure(.init(message: "cannot build the stand-in modules: \(error)"))
        }
    }
}
