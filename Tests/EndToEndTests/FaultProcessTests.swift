#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Checks are processes: a signal to duo-new reaches them, a timeout ends them, a background
/// child cannot hold duo-new, and none of their processes outlives duo-new (the process table
/// is read to prove it). Also the signal actions duo-new inherits and a closed output.
@Suite("Fault: check processes and signals", .serialized, .enabled(if: ProcessTable.isAvailable, "reads /proc"))
struct FaultProcessTests {
    /// A recipe `proc` with one small file and the given checks (YAML list items).
    static func recipe(in harness: EndToEndHarness, checks: String) throws -> URL {
        let recipe = harness.url("templates/proc")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data("name: proc\nsummary: Checks as processes.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\nchecks:\n\(checks)".utf8)
            .write(to: recipe.appendingPathComponent("template.yaml"))
        try Data("__APP_NAME__\n".utf8).write(to: recipe.appendingPathComponent("template/a.txt"))
        return harness.url("templates")
    }

    /// A unique word for a check's command line, found again in the process table.
    static func marker() -> String { "duo-new-check-\(UUID().uuidString.prefix(8))" }

    struct Outcome {
        var status: Int32
        var reason: Process.TerminationReason
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    /// Runs duo-new to its end; `during` is called once a process with `marker` is alive (with it
    /// and duo-new's process), and the check's process group is returned with the outcome.
    static func run(
        _ harness: EndToEndHarness, _ arguments: [String], marker: String, executable: URL? = nil,
        during: (ProcessTable.Entry, Process) -> Void = { _, _ in }
    ) throws -> (Outcome, group: Int32?) {
        let process = try harness.launch(arguments, executable: executable)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdout = EndToEndHarness.PipeReader(out.fileHandleForReading)
        let stderr = EndToEndHarness.PipeReader(err.fileHandleForReading)
        let started = Date()
        try process.run()
        let check = ProcessTable.waitFor(marker: marker, seconds: 60)
        if let check { during(check, process) }
        process.waitUntilExit()
        let outcome = Outcome(
            status: process.terminationStatus, reason: process.terminationReason,
            stdout: String(decoding: stdout.wait(), as: UTF8.self), stderr: String(decoding: stderr.wait(), as: UTF8.self),
            seconds: Date().timeIntervalSince(started)
        )
        return (outcome, check?.processGroup)
    }

    /// The one JSON object on standard output.
    static func report(_ stdout: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(object as? [String: Any], "not one JSON object: \(stdout)")
    }

    // MARK: - Signals while a check runs

    @Test("a signal while a check runs stops the check's processes, keeps the project and exits 128 + the signal",
          arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func signalDuringACheckStopsItsProcesses(_ signal: Int32, _ expected: Int32) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let marker = Self.marker()
        // A compiler stand-in: a child that would go on for minutes, and the shell waiting for it.
        let templates = try Self.recipe(in: harness, checks: "  - name: long\n    run: \"sleep 300 & sleep 301; : \(marker)\"\n")
        let (outcome, group) = try Self.run(harness, ["proc", "Sitter", "com.example.sitter", "out", "--templates", templates.path, "--json"], marker: marker) { _, process in
            kill(process.processIdentifier, signal)
        }
        let checkGroup = try #require(group, "the check never started: \(outcome.stderr)")
        #expect(outcome.reason == .exit)
        #expect(outcome.status == expected, "\(outcome.stderr)")
        #expect(ProcessTable.living(inGroup: checkGroup).isEmpty, "left running: \(ProcessTable.living(inGroup: checkGroup).map(\.commandLine))")
        #expect(ProcessTable.living(withMarker: marker).isEmpty)
        let report = try Self.report(outcome.stdout)
        #expect(report["exitCode"] as? Int == Int(expected))
        let checks = try #require(report["checks"] as? [[String: Any]])
        #expect(checks.first?["status"] as? String == "interrupted", "\(checks)")
        #expect((report["error"] as? String)?.contains("while the check 'long' ran; it was stopped, and the project is kept") == true, "\(report)")
        #expect(FileManager.default.fileExists(atPath: harness.url("out/a.txt").path), "the project is kept")
        #expect(outcome.seconds < 30, "stopping took \(outcome.seconds) s")
    }

    /// A check that ignores the forwarded signal is killed after the grace period.
    @Test func aCheckIgnoringTheSignalIsKilledAfterTheGracePeriod() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let marker = Self.marker()
        let templates = try Self.recipe(in: harness, checks: "  - name: stubborn\n    run: \"trap '' INT TERM HUP; sleep 300; : \(marker)\"\n")
        let (outcome, group) = try Self.run(harness, ["proc", "Sitter", "com.example.sitter", "out", "--templates", templates.path], marker: marker) { _, process in
            kill(process.processIdentifier, SIGINT)
        }
        let checkGroup = try #require(group, "the check never started: \(outcome.stderr)")
        #expect(outcome.status == 130, "\(outcome.stderr)")
        #expect(ProcessTable.living(inGroup: checkGroup).isEmpty)
        #expect(outcome.stderr.contains("interrupted by SIGINT while the check 'stubborn' ran"), "\(outcome.stderr)")
    }

    // MARK: - Timeouts and background children

    @Test("a check over its timeout is stopped and failed with the reason", arguments: [
        ("  - name: slow\n    run: \"sleep 300; : MARKER\"\n", ["--check-timeout", "1"]),
        ("  - name: slow\n    timeout: 1\n    run: \"sleep 300; : MARKER\"\n", []),
    ])
    func aCheckOverItsTimeoutIsStoppedAndFailed(_ checks: String, _ options: [String]) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let marker = Self.marker()
        let templates = try Self.recipe(in: harness, checks: checks.replacingOccurrences(of: "MARKER", with: marker))
        let (outcome, group) = try Self.run(harness, ["proc", "Sitter", "com.example.sitter", "out", "--templates", templates.path, "--json"] + options, marker: marker)
        let checkGroup = try #require(group, "the check never started: \(outcome.stderr)")
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(ProcessTable.living(inGroup: checkGroup).isEmpty)
        let report = try Self.report(outcome.stdout)
        let check = try #require((report["checks"] as? [[String: Any]])?.first)
        #expect(check["status"] as? String == "failed")
        #expect((check["reason"] as? String)?.hasPrefix("timed out after 1") == true, "\(check)")
        #expect((report["error"] as? String)?.contains("'slow' timed out after 1 s") == true, "\(report)")
        #expect(outcome.seconds < 30, "\(outcome.seconds) s")
    }

    /// Before, duo-new read the output until every writer had closed it: the check's background
    /// child kept it waiting for as long as the child lived.
    @Test func aBackgroundChildHoldingTheOutputDoesNotKeepDuoNewWaiting() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let marker = Self.marker()
        let templates = try Self.recipe(in: harness, checks: "  - name: quick\n    run: \"(sleep 300; : \(marker)) & echo started; sleep 1\"\n")
        let (outcome, group) = try Self.run(harness, ["proc", "Sitter", "com.example.sitter", "out", "--templates", templates.path], marker: marker)
        let checkGroup = try #require(group)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("│ started"), "\(outcome.stdout)")
        #expect(outcome.seconds < 30, "\(outcome.seconds) s")
        #expect(ProcessTable.living(inGroup: checkGroup).isEmpty, "the background child is stopped with its check")
    }

    // MARK: - Inherited signal actions and a closed output

    /// Under `nohup` SIGHUP is ignored: it must stay so for duo-new (while writing and checking)
    /// and for its checks. The check sends SIGHUP to duo-new and to itself.
    @Test func anIgnoredHangUpStaysIgnored() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let marker = Self.marker()
        let checks = "  - name: hangup\n    run: \"kill -HUP $PPID; kill -HUP $$; sleep 0.2; echo survived; : \(marker)\"\n"
        let templates = try Self.recipe(in: harness, checks: checks)
        let binary = try #require(EndToEndHarness.binary)
        let (outcome, _) = try Self.run(
            harness, ["--ignore-signal=HUP", binary.path, "proc", "Sitter", "com.example.sitter", "out", "--templates", templates.path],
            marker: marker, executable: URL(fileURLWithPath: "/usr/bin/env")
        ) { _, process in kill(process.processIdentifier, SIGHUP) }
        #expect(outcome.reason == .exit && outcome.status == 0, "\(outcome.status) \(outcome.stdout) \(outcome.stderr)")
        #expect(outcome.stdout.contains("│ survived"), "\(outcome.stdout)")
    }

    /// `duo-new … | head -1`: the output closes after one line; the project is still generated,
    /// its checks run, and duo-new exits 0 rather than dying of SIGPIPE (141).
    @Test func aClosedOutputDoesNotStopGeneration() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.recipe(in: harness, checks: "  - name: chatty\n    run: \"sleep 0.5; seq 1 20000\"\n")
        let process = try harness.launch(["proc", "Sitter", "com.example.sitter", "out", "--templates", templates.path])
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stderr = EndToEndHarness.PipeReader(err.fileHandleForReading)
        try process.run()
        try out.fileHandleForWriting.close()
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            first.append(chunk)
        }
        try out.fileHandleForReading.close()
        process.waitUntilExit()
        let message = String(decoding: stderr.wait(), as: UTF8.self)
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("Generating Sitter"))
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(process.terminationStatus) \(message)")
        #expect(try harness.text("out/a.txt") == "Sitter\n")
    }
}
