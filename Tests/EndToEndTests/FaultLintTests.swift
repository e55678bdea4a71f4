#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// `duo-new lint` reads templates as generation does: a chunk at a time, within a memory bound,
/// and its trial generation's temporary folder goes away on a signal, or with the next lint
/// after a SIGKILL.
@Suite("Fault: lint streams and cleans up", .serialized)
struct FaultLintTests {
    /// Lint with its temporary directory inside the harness, where the trial folder can be seen.
    static func launchLint(_ harness: EndToEndHarness, _ recipe: URL, json: Bool = false) throws -> Process {
        try FileManager.default.createDirectory(at: harness.url("tmp"), withIntermediateDirectories: true)
        return try harness.launch(["lint", recipe.path] + (json ? ["--json"] : []), environment: ["TMPDIR": harness.url("tmp").path])
    }

    /// Waits for the trial's folder to appear in `tmp`; its name, or nil if the lint ended first.
    static func waitForTrialFolder(_ harness: EndToEndHarness, of process: Process) -> String? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            if let found = harness.tree("tmp").first(where: { $0.hasPrefix("duo-new-lint-\(process.processIdentifier)-") }) { return found }
            usleep(500)
        }
        return nil
    }

    /// Before, lint read each text file whole and split it into lines: 636 MB for 300 MB.
    @Test func lintOfALargeTextFileKeepsMemoryBounded() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = harness.url("templates/big")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data("name: big\nsummary: Big.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n".utf8).write(to: recipe.appendingPathComponent("template.yaml"))
        let line = Data("let value = \"__APP_NAME__ and text to make the line longer, with a_b and __init__ too\"\n".utf8)
        var block = Data()
        while block.count < 1 << 20 { block.append(line) }
        let big = recipe.appendingPathComponent("template/Big.txt")
        _ = FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        for _ in 0..<60 { handle.write(block) }
        handle.write(Data("and __LEFT__ at the end\n".utf8))
        try handle.close()

        let run = try PeakMemory.run(try Self.launchLint(harness, recipe))
        #expect(run.status == 78, "\(run.stderr)")
        let lines = 60 * (block.count / line.count) + 1
        #expect(run.stderr.contains("Big.txt:\(lines):5: error: token '__LEFT__' is not declared"), "\(run.stderr)")
        #expect(run.peakBytes < 64 * FaultResourceTests.megabyte, "peak \(run.peakBytes / FaultResourceTests.megabyte) MiB")
        #expect(harness.tree("tmp").isEmpty)
    }

    @Test("a lint stopped by a signal removes its trial folder and exits 128 + the signal",
          arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func interruptedLintLeavesNoTrialFolder(_ signal: Int32, _ expected: Int32) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try FaultSignalTests.makeLargeRecipe(in: harness.folder)
        let process = try Self.launchLint(harness, templates.appendingPathComponent("fault-large"), json: true)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let stdout = EndToEndHarness.PipeReader(out.fileHandleForReading)
        try process.run()
        let trial = Self.waitForTrialFolder(harness, of: process)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try #require(trial != nil, "the lint ended before its trial began")
        #expect(process.terminationReason == .exit && process.terminationStatus == expected)
        #expect(harness.tree("tmp").isEmpty, "\(harness.tree("tmp").prefix(3))")
        let report = try JSONSerialization.jsonObject(with: stdout.wait()) as? [String: Any]
        #expect(report?["exitCode"] as? Int == Int(expected))
        #expect((report?["error"] as? String)?.hasPrefix("lint interrupted by ") == true)
    }

    @Test func theNextLintRemovesTheTrialFolderOfAKilledOne() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try FaultSignalTests.makeLargeRecipe(in: harness.folder)
        let recipe = templates.appendingPathComponent("fault-large")
        let killed = try Self.launchLint(harness, recipe)
        killed.standardError = FileHandle.nullDevice
        try killed.run()
        let trial = Self.waitForTrialFolder(harness, of: killed)
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        try #require(trial != nil, "the lint ended before its trial began")
        #expect(!harness.tree("tmp").isEmpty, "SIGKILL leaves the folder")
        let next = try Self.launchLint(harness, recipe)
        next.standardError = FileHandle.nullDevice
        try next.run()
        next.waitUntilExit()
        #expect(next.terminationStatus == 0)
        #expect(harness.tree("tmp").isEmpty, "\(harness.tree("tmp").prefix(3))")
    }
}
