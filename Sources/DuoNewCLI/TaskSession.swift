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
                entries.append(.init(name: task.name, status: "skipped", exitCode: nil, passed: nil, failed: nil, seconds: 0, reason: reason))
            case .started(let task):
                console.say(console.style("  ▶ task \(DisplayPath.escaped(task.name))", .bold) + console.style(" — \(DisplayPath.escaped(task.run))", .dim))
            case .finished(let task, let result):
                entries.append(Self.show(result, of: task, on: console))
            }
        }
        entries += outcome.notReached.map {
            .init(name: $0, status: "not-reached", exitCode: nil, passed: nil, failed: nil, seconds: 0, reason: "an earlier task did not pass")
        }
        return (outcome, entries)
    }

    /// One task's verdict line, and its entry in the report.
    private static func show(_ result: CheckResult, of task: Check, on console: Console) -> GenerationReport.CheckReport {
        let name = DisplayPath.escaped(task.name)
        var exitCode: Int32?
        var reason: String?
        switch result.status {
        case .passed:
            console.say("  " + console.style("✓", .green) + " task \(name) done in \(Formatting.seconds(result.seconds))")
        case .failed(let code):
            exitCode = code
            console.say("  " + console.style("✗", .red) + " task \(name) failed (exit \(code)) in \(Formatting.seconds(result.seconds))")
        case .notRun(let why), .skipped(let why):
            reason = why
            console.say("  " + console.style("✗", .red) + " task \(name) not run: \(why)")
        case .timedOut(let seconds):
            reason = "timed out after \(Formatting.seconds(seconds)); it was stopped"
            console.say("  " + console.style("✗", .red) + " task \(name) failed: \(reason ?? "")")
        case .interrupted(let signal):
            reason = "interrupted by \(Interruption.name(of: signal)); it was stopped"
            console.say("  " + console.style("!", .yellow) + " task \(name) \(reason ?? "")")
        }
        return .init(name: task.name, status: result.statusName, exitCode: exitCode, passed: nil, failed: nil, seconds: (result.seconds * 1000).rounded() / 1000, reason: reason)
    }

    /// The commands that run `tasks` by hand in `folder` (as typed), one a line, indented.
    static func rerunLines(_ tasks: [SetupTask], folder: String, values: [String: String], hidden: [String: String]) -> [String] {
        tasks.flatMap { task in
            ["  \(DisplayPath.escaped(task.name)):", "      " + DisplayPath.escaped(task.rerunCommand(in: folder, values: values, hidden: hidden))]
        }
    }
}
