import DuoNewCore
import DuoNewKit
import Foundation

/// Shows a recipe's one-time tasks as the Kit's `TaskRun` runs them, adds each to the JSON
/// report, and says what is left to do when one failed or all were withheld.
struct TaskSession {
    let console: Console
    let run: TaskRun

    /// Runs the tasks in `folder`; returns what they did and each one's entry for the JSON report.
    func perform(in folder: URL) -> (outcome: TaskRun.Outcome, entries: [GenerationReport.CheckReport]) {
        let console = console
        let output: @Sendable (String) -> Void = { line in console.say(line.isEmpty ? "    │" : "    │ " + line) }
        var entries: [GenerationReport.CheckReport] = []
        let outcome = run.run(in: folder, output: output) { event in
            switch event {
            case .skipped(let task, let reason):
                console.say("  " + console.style("–", .dim) + " task \(DisplayPath.escaped(task.name)) not run: \(reason)")
                entries.append(.withoutRun(task.name, status: "skipped", reason: reason))
            case .started(let task):
                console.say(console.style("  ▶ task \(DisplayPath.escaped(task.name))", .bold) + console.style(" — \(DisplayPath.escaped(task.run))", .dim))
            case .finished(let task, let result):
                entries.append(Self.show(result, of: task, on: console))
            }
        }
        entries += outcome.notReached.map { .withoutRun($0, status: "not-reached", reason: "an earlier task did not pass") }
        return (outcome, entries)
    }

    /// One task's verdict line, and its entry in the report (a task's output counts no tests).
    private static func show(_ result: CheckResult, of task: Check, on console: Console) -> GenerationReport.CheckReport {
        var entry = GenerationReport.CheckReport(result, of: task.name)
        (entry.passed, entry.failed) = (nil, nil)
        let name = DisplayPath.escaped(task.name)
        let reason = entry.reason ?? ""
        switch result.status {
        case .passed: console.say("  " + console.style("✓", .green) + " task \(name) done in \(Formatting.seconds(result.seconds))")
        case .failed(let code): console.say("  " + console.style("✗", .red) + " task \(name) failed (exit \(code)) in \(Formatting.seconds(result.seconds))")
        case .notRun, .skipped: console.say("  " + console.style("✗", .red) + " task \(name) not run: \(reason)")
        case .timedOut: console.say("  " + console.style("✗", .red) + " task \(name) failed: \(reason)")
        case .interrupted: console.say("  " + console.style("!", .yellow) + " task \(name) \(reason)")
        }
        return entry
    }

    /// The commands that run `tasks` by hand in `folder` (as typed), one a line, indented.
    static func rerunLines(_ tasks: [SetupTask], folder: String, values: [String: String], hidden: [String: String]) -> [String] {
        tasks.flatMap { task in
            ["  \(DisplayPath.escaped(task.name)):", "      " + DisplayPath.escaped(task.rerunCommand(in: folder, values: values, hidden: hidden))]
        }
    }
}
