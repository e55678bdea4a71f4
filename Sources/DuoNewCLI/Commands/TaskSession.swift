import DuoNewCore
import DuoNewKit
import Foundation

/// Shows a recipe's one-time tasks as the Kit runs them (`TaskRun`, or `GenerationFollowUp`
/// after generation), makes each one's entry for the JSON report, and says what is left to do
/// when one failed or all were withheld.
struct TaskSession {
    let console: Console

    /// Shows each line a task prints, indented under it and escaped, as a check's are.
    var output: @Sendable (String) -> Void {
        { [console] line in console.say(line.isEmpty ? "    │" : "    │ " + CheckSession.shown(line)) }
    }

    /// Runs `run`'s tasks in `folder`; returns what they did and each one's entry for the JSON report.
    func perform(_ run: TaskRun, in folder: URL) -> (outcome: TaskRun.Outcome, entries: [GenerationReport.CheckReport]) {
        var entries: [GenerationReport.CheckReport] = []
        let outcome = run.run(in: folder, output: output) { event in
            if let entry = show(event) { entries.append(entry) }
        }
        return (outcome, entries + Self.notReached(outcome))
    }

    /// Shows one task's event; its entry for the JSON report once it has one.
    func show(_ event: CheckRun.Event) -> GenerationReport.CheckReport? {
        switch event {
        case .skipped(let task, let reason):
            console.say(console.verdict("–", .dim, "task \(DisplayPath.escaped(task.name)) not run: \(reason)"))
            return .withoutRun(task.name, status: "skipped", reason: reason)
        case .started(let task):
            console.say(console.style("  ▶ task \(DisplayPath.escaped(task.name))", .bold) + console.style(" — \(DisplayPath.escaped(task.run))", .dim))
            return nil
        case .finished(let task, let result):
            return Self.show(result, of: task, on: console)
        }
    }

    /// The entries of the tasks after one that did not pass.
    static func notReached(_ outcome: TaskRun.Outcome) -> [GenerationReport.CheckReport] {
        outcome.notReached.map { .withoutRun($0, status: "not-reached", reason: outcome.notReachedReason) }
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
        case .notRun, .skipped: console.say(console.verdict("✗", .red, "task \(name) not run: \(reason)"))
        case .timedOut: console.say(console.verdict("✗", .red, "task \(name) failed: \(reason)"))
        case .interrupted: console.say(console.verdict("!", .yellow, "task \(name) \(reason)"))
        }
        return entry
    }

    /// Why the tasks ended early, when a signal stopped them (while a task ran, or between two),
    /// and which are to run again, in words: `("interrupted by SIGINT while …", "it and the 2 tasks after it")`.
    static func ending(_ outcome: TaskRun.Outcome) -> (stop: String?, again: String) {
        guard outcome.failure != nil else {
            let stop = outcome.stop.map { "interrupted by \(Interruption.name(of: $0.signal)) before the task '\($0.check)' ran" }
            return (stop, outcome.notReached.count == 1 ? "that task" : "the \(outcome.notReached.count) tasks not run")
        }
        let stop = outcome.stop.map { "interrupted by \(Interruption.name(of: $0.signal)) while the task '\($0.check)' ran, which was stopped" }
        let after = outcome.notReached.count == 1 ? "the task" : "the \(outcome.notReached.count) tasks"
        return (stop, outcome.notReached.isEmpty ? "it" : "it and \(after) after it")
    }

    /// A task failed: the error, then the commands that run it and the tasks after it again,
    /// all on standard error, so that `--quiet` keeps the commands the error points at.
    func showFailure(_ message: String, rerun: [SetupTask], folder: String, values: [String: String], hidden: [String: String]) {
        console.error("error:", .red, message)
        for line in Self.rerunLines(rerun, folder: folder, values: values, hidden: hidden) { console.error(line) }
    }

    /// Consent withheld: the tasks still to do and how to run them, as part of the story; on
    /// standard error with `--quiet`, since the project is not finished without them and each
    /// task's reason says the commands are printed.
    func showWithheld(_ tasks: [SetupTask], advice: String, folder: String, values: [String: String], hidden: [String: String]) {
        let console = console
        let show = { (line: String) in console.isQuiet ? console.error(line) : console.say(line) }
        show(console.heading("Tasks not run, still to do", then: " (the recipe's commands need your consent\(advice)):"))
        for line in Self.rerunLines(tasks, folder: folder, values: values, hidden: hidden) { show(line) }
    }

    /// The commands that run `tasks` by hand in `folder` (as typed), one a line, indented; then,
    /// when they read a secret from its variable, which variables to set first (the secret may
    /// have come from `--set` or the prompt, not from the variable).
    private static func rerunLines(_ tasks: [SetupTask], folder: String, values: [String: String], hidden: [String: String]) -> [String] {
        let commands = tasks.flatMap { task in
            ["  \(DisplayPath.escaped(task.name)):", "      " + DisplayPath.escaped(task.rerunCommand(in: folder, values: values, hidden: hidden))]
        }
        let read = hidden.filter { values[$0.key] != nil }.values.sorted()
        guard !read.isEmpty else { return commands }
        return commands + ["  (they read the secret\(read.count == 1 ? "" : "s") from \(read.map { "$" + $0 }.joined(separator: " and ")): set \(read.count == 1 ? "it" : "them") first)"]
    }
}
