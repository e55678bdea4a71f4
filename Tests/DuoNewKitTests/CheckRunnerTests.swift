import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// Running a template's checks: live lines, counts, failures and checks that cannot start.
@Suite struct CheckRunnerTests {
    let folder = FileManager.default.temporaryDirectory

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func add(_ line: String) { lock.withLock { stored.append(line) } }
        var all: [String] { lock.withLock { stored } }
    }

    @Test func passingCheckReportsItsLinesAndCounts() {
        let lines = Lines()
        let result = CheckRunner.run(Check(name: "model", run: "echo one; echo '12 passed, 0 failed' >&2"), in: folder, onLine: lines.add)
        #expect(result.status == .passed)
        #expect(result.passedCount == 12)
        #expect(result.failedCount == 0)
        #expect(lines.all == ["one", "12 passed, 0 failed"])
    }

    @Test func failingCheckKeepsItsExitCode() {
        let result = CheckRunner.run(Check(name: "model", run: "echo '3 passed, 1 failed'; exit 3"), in: folder) { _ in }
        #expect(result.status == .failed(exitCode: 3))
        #expect(result.failedCount == 1)
        #expect(!result.passed)
    }

    @Test func missingCommandIsNotRunWithTheShellsReason() {
        let result = CheckRunner.run(Check(name: "model", run: "./no-such-script.sh"), in: folder) { _ in }
        guard case .notRun(let reason) = result.status else {
            Issue.record("expected not-run, got \(result.status)")
            return
        }
        #expect(reason.contains("no-such-script.sh"))
    }

    @Test func scriptExiting127IsNotRunWithItsLastLine() {
        let run = "echo 'error: swiftc was not found; install Swift 6.2 or later from swift.org'; exit 127"
        let result = CheckRunner.run(Check(name: "model", run: run), in: folder) { _ in }
        #expect(result.status == .notRun(reason: "error: swiftc was not found; install Swift 6.2 or later from swift.org"))
    }

    /// 126 is the shell's "found but could not run" (and the camera studio's "compiler too old"):
    /// not run, with the last line as the reason, never a failure.
    @Test func scriptExiting126IsNotRunWithItsLastLine() {
        let run = "echo 'run-model-tests: swiftc is too old; install Swift 6.2 or later'; exit 126"
        let result = CheckRunner.run(Check(name: "model", run: run), in: folder) { _ in }
        #expect(result.status == .notRun(reason: "run-model-tests: swiftc is too old; install Swift 6.2 or later"))
        #expect(result.statusName == "not-run")
    }

    /// A check ended by a signal reports 128 + its number, as a shell would: 137 for SIGKILL.
    @Test func checkKilledByASignalReports128PlusItsNumber() {
        let result = CheckRunner.run(Check(name: "model", run: "kill -9 $$"), in: folder) { _ in }
        #expect(result.status == .failed(exitCode: 137))
    }

    /// A check may print progress counts before its final line: the last count line wins.
    @Test func countsComeFromTheLastCountLine() {
        let run = "echo 'Layout: 40 passed, 0 failed'; echo 'Gallery: 7 passed, 2 failed'; echo done; echo '47 passed, 2 failed'; exit 1"
        let result = CheckRunner.run(Check(name: "model", run: run), in: folder) { _ in }
        #expect(result.status == .failed(exitCode: 1))
        #expect(result.passedCount == 47)
        #expect(result.failedCount == 2)
    }

    @Test func checkRunsInTheProjectFolderWithNoInput() throws {
        let project = folder.appendingPathComponent("check-cwd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: project) }
        let lines = Lines()
        let result = CheckRunner.run(Check(name: "cwd", run: "basename \"$PWD\"; cat"), in: project, onLine: lines.add)
        #expect(result.status == .passed)
        #expect(lines.all == [project.lastPathComponent])
    }

    @Test(arguments: [
        ("104 passed, 0 failed", 104, 0),
        ("Model: 3 passed, 1 failed, 2 skipped", 3, 1),
    ])
    func readsTheCountLine(_ line: String, _ passed: Int, _ failed: Int) {
        let counts = TestCountLine.parse(line)
        #expect(counts?.passed == passed)
        #expect(counts?.failed == failed)
    }

    @Test func ignoresLinesThatOnlyMentionTheWords() {
        #expect(TestCountLine.parse("everything passed, nothing failed") == nil)
    }

    /// `swift test` prints Swift Testing's lines: a failed test's, then the run's; tests are counted.
    @Test func readsSwiftTestingsLines() {
        var passing = SwiftTestingCounts()
        #expect(passing.read("◇ Test run started.") == nil)
        #expect(passing.read("✔ Test \"Layout\" passed after 0.2 seconds.") == nil)
        let passed = passing.read("✔ Test run with 31 tests in 0 suites passed after 4.036 seconds.")
        #expect(passed?.passed == 31)
        #expect(passed?.failed == 0)

        var failing = SwiftTestingCounts()
        #expect(failing.read("✘ Test \"Privacy: the privacy manifest\" recorded an issue at PrivacyChecks.swift:40:5: Expectation failed") == nil)
        #expect(failing.read("✘ Test \"Privacy: the privacy manifest\" failed after 0.001 seconds with 1 issue.") == nil)
        #expect(failing.read("✘ Test sizes(size:) with 2 test cases failed after 0.001 seconds with 2 issues.") == nil)
        #expect(failing.read("✘ Suite \"Group\" failed after 0.001 seconds with 3 issues.") == nil)
        let failed = failing.read("✘ Test run with 31 tests in 1 suite failed after 4.5 seconds with 3 issues.")
        #expect(failed?.passed == 29)
        #expect(failed?.failed == 2)
    }

    /// A check prints what its command prints (a project's own script, a recipe's command): a
    /// count that is no count of tests is not taken. Until 2026-12-07 a run line with
    /// `-9223372036854775808 tests` that failed trapped on the subtraction and killed duo-new.
    @Test func aNegativeCountIsNoCountAndNeverACrash() {
        var failing = SwiftTestingCounts()
        #expect(failing.read("✘ Test run with -9223372036854775808 tests in 0 suites failed after 1.0 seconds with 1 issue.") == nil)
        var none = SwiftTestingCounts()
        let empty = none.read("✘ Test run with 0 tests in 0 suites failed after 1.0 seconds with 1 issue.")
        #expect(empty?.passed == 0 && empty?.failed == 0, "no test failed of none: \(String(describing: empty))")
        #expect(TestCountLine.parse("-3 passed, -1 failed") == nil)
        #expect(TestCountLine.parse("3 passed, -1 failed") == nil)
    }

    @Test func aCheckRunningSwiftTestingReportsItsTests() {
        let printing = "echo '✘ Test \"Layout\" failed after 0.2 seconds with 1 issue.'; echo '✘ Test run with 12 tests in 0 suites failed after 1.0 seconds with 1 issue.'; exit 1"
        let result = CheckRunner.run(Check(name: "model tests", run: printing), in: folder, onLine: { _ in })
        #expect(result.passedCount == 11)
        #expect(result.failedCount == 1)
    }

    @Test func splitsLinesAcrossChunksAndRepairsBadBytes() {
        var splitter = LineSplitter()
        #expect(splitter.append(Data("ab".utf8)) == [])
        #expect(splitter.append(Data("c\r\nd\n".utf8)) == ["abc", "d"])
        #expect(splitter.append(Data([0xFF, 0x41])) == [])
        #expect(splitter.finish() == ["\u{FFFD}A"])
    }
}

extension CheckRunnerTests {
    @Test func aRedrawnLineKeepsOnlyItsLastDrawing() {
        var splitter = LineSplitter()
        #expect(splitter.append(Data("10%\r20%\r".utf8)) == [])
        #expect(splitter.append(Data("30%\rdone\r\nnext\n".utf8)) == ["done", "next"])
    }

    @Test func aLineWithoutEndIsHandedOnInPiecesOfTheLimit() {
        var splitter = LineSplitter()
        let limit = LineSplitter.maximumLineBytes
        let lines = splitter.append(Data(repeating: UInt8(ascii: "x"), count: limit * 3 + 5))
        #expect(lines.map(\.utf8.count) == [limit, limit, limit])
        #expect(splitter.finish() == ["xxxxx"])
    }
}
