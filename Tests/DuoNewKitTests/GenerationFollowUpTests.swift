import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// What runs after generation, in-process (`GenerationFollowUp`): tasks before checks, a failed
/// task keeping the checks from running, and `GENERATION-CHECKS.md` written only when something
/// ran, saying what did.
@Suite("After generation in-process")
struct GenerationFollowUpTests {
    final class Seen: @unchecked Sendable {
        var events: [String] = []
    }

    /// Runs `tasks` and `checks` (shell commands by name) in a fresh folder; returns the outcome,
    /// the events in order and the folder.
    /// `declared`: the recipe's tasks, when they are not the ones run (`--no-tasks` runs none).
    func run(tasks: [(String, String)], checks: [(String, String)], declared: [(String, String)]? = nil) throws -> (GenerationFollowUp.Outcome, [String], URL) {
        let folder = try TestScratch.makeFolder("follow-up")
        var manifest = Manifest(name: "fix", summary: "s", version: "1.0.0", placeholders: [])
        manifest.checks = checks.map { Check(name: $0.0, run: $0.1) }
        manifest.tasks = (declared ?? tasks).map { SetupTask(name: $0.0, run: $0.1) }
        let followUp = GenerationFollowUp(
            manifest: manifest, tasks: tasks.map { SetupTask(name: $0.0, run: $0.1) }, checks: manifest.checks, selection: CheckSelection(),
            timeout: nil, values: ["APP_NAME": "Sitter"], environment: ProcessInfo.processInfo.environment,
            interruption: Interruption(changingSignalActions: false), generator: "duo-new test"
        )
        let seen = Seen()
        let outcome = followUp.run(in: folder, taskOutput: { _ in }, checkOutput: { _ in }) { event in
            switch event {
            case .task(.finished(let task, _)): seen.events.append("task " + task.name)
            case .check(.finished(let check, _)): seen.events.append("check " + check.name)
            default: break
            }
        }
        return (outcome, seen.events, folder)
    }

    func recorded(in folder: URL) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(GenerationChecksFile.fileName), encoding: .utf8)
    }

    @Test func tasksRunBeforeChecksWithTheValuesAndBothAreRecorded() throws {
        let (outcome, events, folder) = try run(tasks: [("name", "echo \"$DUO_NEW_APP_NAME\" > name.txt")], checks: [("named", "grep -q Sitter name.txt")])
        #expect(events == ["task name", "check named"])
        #expect(outcome.checksRan && outcome.tally?.succeeded == true && outcome.checkStop == nil)
        guard case .success = outcome.record else { Issue.record("no record: \(String(describing: outcome.record))"); return }
        let text = try #require(recorded(in: folder))
        #expect(text.contains("| name | passed in") && text.contains("| named | passed in"), "\(text)")
    }

    @Test func aFailedTaskKeepsTheChecksFromRunning() throws {
        let (outcome, events, folder) = try run(tasks: [("first", "exit 3"), ("second", "true")], checks: [("c", "true")])
        #expect(events == ["task first"])
        #expect(outcome.tasks?.failure?.name == "first" && outcome.tasks?.notReached == ["second"])
        #expect(!outcome.checksRan && outcome.tally == nil)
        let text = try #require(recorded(in: folder))
        #expect(text.contains("| first | **failed** (exit 3)") && text.contains("| second | not reached"), "\(text)")
        #expect(!text.contains("| check |"), "the checks never began")
    }

    /// Consent withheld at an update: the advice never says "update again", which (nothing left
    /// to change) would run no task; it says how to run the task now and how to trust it later.
    @Test func aWithheldUpdateTaskIsToldHowToRunNotToUpdateAgain() {
        let git = TaskRun.withheldReason(source: "git+https://example.com/recipes", moment: .update)
        let folder = TaskRun.withheldReason(source: "/srv/recipes/fix", moment: .update)
        for reason in [git, folder] {
            #expect(!reason.contains("update again") && reason.contains("run the task yourself"), "\(reason)")
        }
        #expect(git.contains("add the URL to 'trusted'") && folder.contains("make the folder yours alone"))
    }

    /// A secret a task or check prints (its variable, a file it was stamped into) is hidden in
    /// every line shown, and in the reason of a check that could not start, which the record and
    /// `--json` keep. A value too short to hide anything is left as it is.
    @Test func aSecretPrintedByATaskOrACheckIsMasked() throws {
        let folder = try TestScratch.makeFolder("follow-up-secret")
        var key = Placeholder(name: "API_KEY", source: .setting(key: "api-key", defaultValue: nil, pattern: nil))
        key.secret = true
        var short = key
        short.name = "PIN"
        var manifest = Manifest(name: "fix", summary: "s", version: "1.0.0", placeholders: [key, short])
        manifest.checks = [Check(name: "shows", run: "cat key.txt"), Check(name: "cannot start", run: "echo \"no tool for $(cat key.txt)\"; exit 127")]
        let followUp = GenerationFollowUp(
            manifest: manifest, tasks: [SetupTask(name: "stamp", run: "echo \"key=$DUO_NEW_API_KEY pin=$DUO_NEW_PIN\"; printf '%s' \"$DUO_NEW_API_KEY\" > key.txt")],
            checks: manifest.checks, selection: CheckSelection(), timeout: nil, values: ["API_KEY": "sk-Hush123", "PIN": "42"],
            environment: ProcessInfo.processInfo.environment, interruption: Interruption(changingSignalActions: false), generator: "duo-new test"
        )
        let lines = Lines()
        let outcome = followUp.run(in: folder, taskOutput: lines.add, checkOutput: lines.add) { _ in }
        #expect(lines.all == ["key=*** pin=42", "***", "no tool for ***"])
        #expect(outcome.checks.last?.status == .notRun(reason: "no tool for ***"))
        #expect(try !#require(recorded(in: folder)).contains("sk-Hush123"))
        #expect(SecretMask(["abcd", "abcdef"]).apply("abcdef abcd abc") == "*** *** abc", "the longer secret is hidden whole")
    }

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        var all: [String] { lock.withLock { lines } }
        func add(_ line: String) { lock.withLock { lines.append(line) } }
    }

    @Test func aCheckASignalStoppedIsNamedWithTheSignal() {
        #expect(CheckRun.Stop(signal: SIGTERM, check: "unit tests").sentence == "interrupted by SIGTERM while the check 'unit tests' ran; it was stopped")
    }

    @Test func whatIsLeftToRunByHandIsTheFailedTaskAndTheOnesAfterIt() throws {
        let tasks = [("first", "true"), ("second", "exit 3"), ("third", "true"), ("fourth", "true")]
        let (outcome, _, _) = try run(tasks: tasks, checks: [])
        let left = try #require(outcome.tasks).toRunAgain(of: tasks.map { SetupTask(name: $0.0, run: $0.1) })
        #expect(left.map(\.name) == ["second", "third", "fourth"], "the task that passed is not run again")
        let (passed, _, _) = try run(tasks: [("only", "true")], checks: [])
        #expect(try #require(passed.tasks).toRunAgain(of: [SetupTask(name: "only", run: "true")]).isEmpty)
    }

    /// With `--no-tasks` the file, which says what ran, names the tasks that did not.
    @Test func tasksLeftOutWithNoTasksAreNamedInTheRecord() throws {
        let (outcome, events, folder) = try run(tasks: [], checks: [("c", "true")], declared: [("git", "git init"), ("setup", "true")])
        #expect(events == ["check c"] && outcome.tasks == nil)
        let text = try #require(recorded(in: folder))
        #expect(text.contains("The recipe's one-time tasks ('git', 'setup') did not run: generation was told to skip them (`--no-tasks`)."), "\(text)")
        let (_, _, ranFolder) = try run(tasks: [("git", "true")], checks: [("c", "true")])
        #expect(recorded(in: ranFolder)?.contains("did not run") == false, "tasks that ran are not said to be skipped")
    }

    @Test func nothingToRunWritesNoRecord() throws {
        let (outcome, events, folder) = try run(tasks: [], checks: [])
        #expect(events.isEmpty && outcome.tasks == nil && !outcome.checksRan)
        #expect(outcome.record == nil)
        #expect(recorded(in: folder) == nil)
        let (tasksOnly, _, tasksFolder) = try run(tasks: [("t", "true")], checks: [])
        #expect(!tasksOnly.checksRan)
        #expect(recorded(in: tasksFolder)?.contains("| t | passed in") == true, "tasks alone are recorded too")
    }
}
