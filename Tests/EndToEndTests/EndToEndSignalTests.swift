import Foundation
import Testing
import TestSupport

/// Ctrl-C, a SIGTERM or a hang-up while writing removes everything generation created.
@Suite("End to end: interruption")
struct EndToEndSignalTests {
    /// A recipe with one large text file, so writing lasts long enough to be interrupted.
    static func makeLargeRecipe(in folder: URL) throws -> URL {
        let templates = folder.appendingPathComponent("templates")
        let recipe = templates.appendingPathComponent("large")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template/__APP_NAME__"), withIntermediateDirectories: true)
        try Data("name: large\nsummary: Large.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n".utf8)
            .write(to: recipe.appendingPathComponent("template.yaml"))
        let line = Data("let value = \"__APP_NAME__ and some text to make the line longer than a token\"\n".utf8)
        var block = Data()
        for _ in 0..<(1 << 14) { block.append(line) }
        let handle = try FileHandle(forWritingTo: {
            let url = recipe.appendingPathComponent("template/__APP_NAME__/Large.txt")
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            return url
        }())
        for _ in 0..<64 { handle.write(block) }   // about 80 MB
        try handle.close()
        return templates
    }

    @Test("SIGINT, SIGTERM or SIGHUP while writing leaves nothing and exits 128 + the signal", arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func interruptionLeavesNothing(signal: Int32, expectedStatus: Int32) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.makeLargeRecipe(in: harness.folder)
        let output = harness.url("output")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)

        let process = try harness.launch(["large", "Big", "com.example.big", "output/nested/Big", "--templates", templates.path])
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let stderr = EndToEndHarness.PipeReader(err.fileHandleForReading)

        // Wait until the temporary folder exists: writing has begun.
        let deadline = Date().addingTimeInterval(20)
        var writing = false
        while Date() < deadline, process.isRunning {
            let nested = (try? FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("nested").path)) ?? []
            if nested.contains(where: { $0.hasPrefix(".Big.duo-new-") }) {
                writing = true
                break
            }
            usleep(1000)
        }
        #expect(writing, "generation finished or failed before it could be interrupted")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()

        #expect(process.terminationStatus == expectedStatus)
        #expect(String(decoding: stderr.wait(), as: UTF8.self).contains("nothing was left behind"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty, "the created parent folder is removed too")
    }
}
