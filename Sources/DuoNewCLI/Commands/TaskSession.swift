import DuoNewCore
import DuoNewKit
import Foundation

/// Shows a recipe's one-time tasks as the Kit runs them (`TaskRun`, or `GenerationFollowUp`
/// after generation), and what is left to do when one failed or all were withheld.
struct TaskSession {
    let console: Console

    /// Shows each line a task prints, indented under it and escaped, as a check's are.
    var output: @Sendable (String) -> Void {
        { [console] line in console.say(line.isEmpty ? "    │" : "    │ " + CheckSession.shown(line)) }
    }

    /// Runs `run`'s tasks in `folder`; returns what they did and each one's entry for the JSON report.
    func perform(_ run: TaskRun, in folder: URL) -> (outcome: TaskRun.Outcome, entries: [CheckEntry]) {
        var entries: [CheckEntry] = []
        let outcome = run.run(in: folder, output: output) { event in
            if let entry = show(event) { entries.append(entry) }
        }
        return (outcome, entries + outcome.notReachedEntries)
    }

    /// Shows one task's event; its entry for the JSON report once it has one.
    func show(_ event: CheckRun.Event) -> CheckEntry? {
        switch event {
        case .skipped(let task, let reason):
            console.say(console.verdict("–", .dim, "task \(DisplayPath.escaped(task.name)) not run: \(reason)"))
            return .withoutRun(task.name, status: "skipped", reason: reason)
        case .started(let task):
            console.say(console.styled("  ▶ task \(DisplayPath.escaped(task.name))", .bold, then: " — \(DisplayPath.escaped(task.run))", .dim, indent: 4))
            return nil
        case .finished(let task, let result):
            let name = DisplayPath.escaped(task.name)
            let reason = result.reason ?? ""
            switch result.status {
            case .passed: console.say(console.verdict("✓", .green, "task \(name) done in \(Formatting.seconds(result.seconds))"))
            case .failed(let code): console.say(console.verdict("✗", .red, "task \(name) failed (exit \(code)) in \(Formatting.seconds(result.seconds))"))
            case .notRun, .skipped: console.say(console.verdict("✗", .red, "task \(name) not run: \(reason)"))
            case .timedOut: console.say(console.verdict("✗", .red, "task \(name) failed: \(reason)"))
            case .interrupted: console.say(console.verdict("!", .yellow, "task \(name) \(reason)"))
            }
            return CheckEntry(task: result, of: task.name)
        }
    }

    /// The tasks ended early with `message`: the error, then the commands that run the task
    /// that failed and the ones after it again, all on standard error, so that `--quiet` keeps
    /// the commands the error points at; the exit code.
    func showFailure(_ message: String, _ outcome: TaskRun.Outcome, of tasks: [SetupTask], folder: String, values: [String: String], hidden: [String: String]) -> ExitCode {
        console.error("error:", .red, message)
        for line in SetupTask.rerunLines(outcome.toRunAgain(of: tasks), in: folder, values: values, hidden: hidden) { console.error(fitted(line)) }
        return outcome.stop.map { .stopped(by: $0.signal) } ?? .checkFailed
    }

    /// Consent withheld: the tasks still to do and how to run them, as part of the story; on
    /// standard error with `--quiet`, since the project is not finished without them and each
    /// task's reason says the commands are printed.
    func showWithheld(_ tasks: [SetupTask], advice: String, folder: String, values: [String: String], hidden: [String: String]) {
        let console = console
        let show = { (line: String) in console.isQuiet ? console.error(line) : console.say(line) }
        show(console.heading("Tasks not run, still to do", then: " (the recipe's commands need your consent\(advice)):"))
        for line in SetupTask.rerunLines(tasks, in: folder, values: values, hidden: hidden) { show(fitted(line)) }
    }

    /// A line of `SetupTask.rerunLines` fitted to the terminal: a command (indented six) continued
    /// with ` \\` so that it still pastes as one; a task's name or a note wrapped.
    private func fitted(_ line: String) -> String {
        let indent = "      "
        guard line.hasPrefix(indent) else { return console.wrapped(line) }
        return ShellQuoting.continued(String(line.dropFirst(indent.count)), width: max(console.width, TextWrapping.minimumWidth), indent: indent).joined(separator: "\n")
    }
}
