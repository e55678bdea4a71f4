import Foundation
import Testing
import TestSupport

/// The app layer can't be compiled on Linux, so its use of Apple's SDK is checked another way:
/// every identifier in an Apple-only file must be declared by the project, belong to Swift or
/// Foundation, appear in the Apple facts sheet, or be on the reviewed list in
/// `scripts/apple-symbols.py`.
@Suite("Camera studio: Apple symbols of a generated project")
struct CameraStudioProjectSymbolTests {
    typealias Fixture = CameraStudioProjectFixture

    static let script = Fixture.repositoryRoot.appendingPathComponent("scripts/apple-symbols.py")

    @Test func appUsesNoAppleSymbolOutsideTheCoreTheFactsOrTheReviewedList() throws {
        let result = try Self.runScript(["--check", Fixture.project().path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("no unknown symbol"), "\(result.output)")
    }

    @Test func symbolCheckFailsOnAnUnvouchedAPI() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("apple-symbols-\(UUID().uuidString)/App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try """
        import SwiftUI

        struct Probe: View {
            var body: some View {
                Text("probe").shimmeringHalo(radius: 3)
            }
        }
        """.write(to: folder.appendingPathComponent("Probe.swift"), atomically: true, encoding: .utf8)

        let result = try Self.runScript(["--check", folder.deletingLastPathComponent().path])
        #expect(result.status == 1)
        #expect(result.output.contains("shimmeringHalo"), "\(result.output)")
    }

    /// The Linux model tests compile only the portable files; every Apple-only app file is also
    /// wrapped in `#if canImport(...)`, so compiling it anywhere else can't break.
    @Test func appleOnlyAppFilesAreGuardedByCanImport() throws {
        let app = try Fixture.project().appendingPathComponent(Fixture.appName)
        let sources = try Fixture.files(under: app).filter { $0.hasSuffix(".swift") }.map { path in
            (path: path, text: try String(contentsOf: app.appendingPathComponent(path), encoding: .utf8))
        }
        let (guarded, unguarded) = XcodeProjectData.canImportGuards(sources)
        #expect(unguarded.isEmpty, "Apple-only files without a canImport guard: \(unguarded)")
        #expect(guarded >= 15, "expected the app layer's Apple-only files, found \(guarded)")
    }

    // MARK: - Helpers

    static func runScript(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let child = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path] + arguments, mergingErrors: true)
        return (child.status, child.outputText)
    }
}
