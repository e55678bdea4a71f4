import DuoNewCore
@testable import DuoNewKit
import Foundation
import Testing

/// `GENERATION-CHECKS.md` from what ran after a generation: the checks that had their turn, those
/// a signal kept from theirs, and the one-time tasks.
@Suite("What ran at generation")
struct GenerationChecksFileTests {
    static let manifest: Manifest = {
        var manifest = Manifest(name: "fix", summary: "s", version: "1.2.0", placeholders: [])
        manifest.checks = ["model", "layout", "lint"].map { Check(name: $0, run: "true") }
        return manifest
    }()

    @Test func checksAStopLeftAreNotReached() {
        let results = [CheckResult(name: "model", status: .passed, seconds: 1.5, passedCount: 3, failedCount: 0), CheckResult(name: "layout", status: .interrupted(signal: 2), seconds: 0.5)]
        let file = GenerationChecksFile(generator: "duo-new t", manifest: Self.manifest, tasks: nil, checks: results, checksRan: true)
        #expect(file.recipe == "fix" && file.version == "1.2.0")
        #expect(file.notReached == ["lint"])
        #expect(file.markdown.contains("| model | passed in 1.5 s (3 passed, 0 failed) |"))
        #expect(file.markdown.contains("| lint | not reached: the run was stopped before it |"))
        #expect(!file.markdown.contains("| task |"))
    }

    @Test func aFailedTaskLeavesTheChecksUnreachedButUnlisted() {
        var tasks = TaskRun.Outcome()
        tasks.results = [CheckResult(name: "resolve", status: .failed(exitCode: 3), seconds: 2)]
        tasks.notReached = ["format"]
        let file = GenerationChecksFile(generator: "duo-new t", manifest: Self.manifest, tasks: tasks, checks: [], checksRan: false)
        #expect(file.notReached.isEmpty, "the checks' run never began, so none is 'not reached'")
        #expect(file.tasks.map(\.name) == ["resolve"] && file.tasksNotReached == ["format"])
        #expect(file.markdown.contains("| resolve | **failed** (exit 3) after 2.0 s |"))
        #expect(file.markdown.contains("| format | not reached: an earlier task did not pass |"))
        #expect(!file.markdown.contains("| check |"))
        // No check ran: the file says so, never that they run "again" or that it lists them.
        #expect(file.markdown.contains("It lists the recipe's one-time tasks as they ended there"), "\(file.markdown)")
        #expect(!file.markdown.contains("again") && file.markdown.contains("The recipe's checks did not run at generation"), "\(file.markdown)")
    }

    /// `--no-test` with a task: the tasks are listed, the checks said not to have run.
    @Test func tasksWithoutTheirChecksSayTheChecksDidNotRun() {
        var tasks = TaskRun.Outcome()
        tasks.results = [CheckResult(name: "git", status: .passed, seconds: 0.2)]
        let file = GenerationChecksFile(generator: "duo-new t", manifest: Self.manifest, tasks: tasks, checks: [], checksRan: false)
        #expect(file.markdown.contains("| git | passed in 0.2 s |") && !file.markdown.contains("runs the checks again"), "\(file.markdown)")
        var bare = Self.manifest
        bare.checks = []
        let none = GenerationChecksFile(generator: "duo-new t", manifest: bare, tasks: tasks, checks: [], checksRan: false)
        #expect(!none.markdown.contains("check"), "a recipe without checks: \(none.markdown)")
    }
}
