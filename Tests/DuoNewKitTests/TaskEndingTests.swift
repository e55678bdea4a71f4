import DuoNewCore
import DuoNewKit
import Foundation
import Testing

/// What the tasks leave to say when they end early, as values: the error naming why they ended
/// and which to run again, the `--json` entries of the ones not reached, and the commands that
/// run them by hand.
@Suite("Tasks ended early in-process")
struct TaskEndingTests {
    private func outcome(_ statuses: [(String, CheckResult.Status)], notReached: [String] = [], stop: CheckRun.Stop? = nil) -> TaskRun.Outcome {
        var outcome = TaskRun.Outcome()
        outcome.results = statuses.map { CheckResult(name: $0.0, status: $0.1, seconds: 0.5) }
        outcome.notReached = notReached
        outcome.stop = stop
        return outcome
    }

    @Test func aFailedTaskIsNamedWithHowItFailedWhenAskedAndTheTasksAfterItAreToRunAgain() {
        let failed = outcome([("first", .passed), ("second", .failed(exitCode: 3))], notReached: ["third", "fourth"])
        #expect(failed.endedEarly)
        #expect(
            failed.failureMessage(done: "generated Sitter in Sitter", kept: "the project is kept", then: ", then 'duo-new check Sitter'", namingTheFailure: true)
                == "generated Sitter in Sitter, but the task 'second' failed (exit 3); the project is kept; run it and the 2 tasks after it again with the commands below, then 'duo-new check Sitter'"
        )
        #expect(
            failed.failureMessage(done: "updated p", kept: "the update is applied", namingTheFailure: false)
                == "updated p, but the task 'second' did not pass; the update is applied; run it and the 2 tasks after it again with the commands below"
        )
        let last = outcome([("only", .notRun(reason: "'xcodegen' is not installed"))])
        #expect(last.failureMessage(done: "updated p", kept: "kept", namingTheFailure: true).hasSuffix("but the task 'only' could not run: 'xcodegen' is not installed; kept; run it again with the commands below"))
        let oneAfter = outcome([("first", .timedOut(seconds: 5))], notReached: ["second"])
        #expect(oneAfter.failureMessage(done: "d", kept: "k", namingTheFailure: false).hasSuffix("run it and the task after it again with the commands below"))
    }

    @Test func aSignalIsNamedWithTheTaskItStoppedOrCameBefore() {
        let during = outcome([("first", .interrupted(signal: SIGINT))], notReached: ["second"], stop: CheckRun.Stop(signal: SIGINT, check: "first"))
        #expect(during.endedEarly)
        #expect(
            during.failureMessage(done: "updated p", kept: "the update is applied", namingTheFailure: false)
                == "updated p, but interrupted by SIGINT while the task 'first' ran, which was stopped; the update is applied; run it and the task after it again with the commands below"
        )
        let between = outcome([("first", .passed)], notReached: ["second", "third"], stop: CheckRun.Stop(signal: SIGTERM, check: "second"))
        #expect(between.failure == nil && between.endedEarly)
        #expect(
            between.failureMessage(done: "updated p", kept: "k", namingTheFailure: true)
                == "updated p, but interrupted by SIGTERM before the task 'second' ran; k; run the 2 tasks not run again with the commands below"
        )
        let beforeLast = outcome([("first", .passed)], notReached: ["second"], stop: CheckRun.Stop(signal: SIGTERM, check: "second"))
        #expect(beforeLast.failureMessage(done: "d", kept: "k", namingTheFailure: true).hasSuffix("run that task again with the commands below"))
        #expect(!outcome([("first", .passed), ("second", .skipped(reason: "withheld"))]).endedEarly, "a withheld task is not a failure")
    }

    @Test func theTasksNotReachedAreReportedWithWhyAndARunTasksEntryCountsNoTests() {
        let failed = outcome([("first", .failed(exitCode: 1))], notReached: ["second"])
        #expect(failed.notReachedEntries == [.withoutRun("second", status: "not-reached", reason: "an earlier task did not pass")])
        let stopped = outcome([], notReached: ["first"], stop: CheckRun.Stop(signal: SIGINT, check: "first"))
        #expect(stopped.notReachedEntries.map(\.reason) == ["the run was stopped by SIGINT before it"])
        let result = CheckResult(name: "t", status: .failed(exitCode: 2), seconds: 1.23456, passedCount: 4, failedCount: 1)
        let check = CheckEntry(result, of: "t")
        #expect(check.status == "failed" && check.exitCode == 2 && check.seconds == 1.235 && check.passed == 4 && check.failed == 1 && check.reason == nil)
        let task = CheckEntry(task: result, of: "t")
        #expect(task.passed == nil && task.failed == nil && task.exitCode == 2)
        let timedOut = CheckEntry(CheckResult(name: "t", status: .timedOut(seconds: 30), seconds: 30), of: "t")
        #expect(timedOut.status == "failed" && timedOut.exitCode == nil && timedOut.reason == "timed out after 30 s; it was stopped")
    }

    @Test func theCommandsThatRunTasksByHandSayWhichSecretsToSetFirst() {
        let tasks = [SetupTask(name: "push", run: "git push"), SetupTask(name: "sign\u{1B}", run: "sign")]
        let lines = SetupTask.rerunLines(tasks, in: "My App", values: ["APP_NAME": "Sitter", "TOKEN": "s3cret"], hidden: ["TOKEN": "SITTER_TOKEN"])
        #expect(lines == [
            "  push:",
            "      (cd 'My App' && DUO_NEW_APP_NAME=Sitter DUO_NEW_TOKEN=\"$SITTER_TOKEN\" sh -c 'git push')",
            "  sign\\u{1B}:",
            "      (cd 'My App' && DUO_NEW_APP_NAME=Sitter DUO_NEW_TOKEN=\"$SITTER_TOKEN\" sh -c sign)",
            "  (they read the secret from $SITTER_TOKEN: set it first)",
        ])
        #expect(!lines.joined().contains("s3cret"), "a secret is never printed")
        let unread = SetupTask.rerunLines([tasks[0]], in: "p", values: ["APP_NAME": "Sitter"], hidden: ["TOKEN": "SITTER_TOKEN"])
        #expect(unread.count == 2, "a secret the values do not hold is not read")
    }

    /// A project generated into the working folder (`.`, a fresh clone's): the commands run
    /// where the user is, with no `(cd . && …)` around them; any other folder keeps its `cd`.
    @Test(arguments: [(".", "DUO_NEW_APP_NAME=Sitter sh -c 'git init'"), ("./", "DUO_NEW_APP_NAME=Sitter sh -c 'git init'"),
                      ("-x", "(cd ./-x && DUO_NEW_APP_NAME=Sitter sh -c 'git init')")])
    func theCommandsRunWhereTheProjectIs(folder: String, expected: String) {
        let command = SetupTask(name: "git", run: "git init").rerunCommand(in: folder, values: ["APP_NAME": "Sitter"])
        #expect(command == expected)
        #expect(ShellQuoting.inFolder(folder, "swift test") == (ShellQuoting.isWorkingFolder(folder) ? "swift test" : "(cd ./-x && swift test)"))
    }
}
