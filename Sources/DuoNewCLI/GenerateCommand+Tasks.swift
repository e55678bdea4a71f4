import DuoNewCore
import DuoNewKit
import Foundation

/// Generation's one-time tasks: run once the project is written and before the checks, with the
/// same consent as the checks, asked once for both.
extension GenerateCommand {
    /// The tasks that run at generation in this run: none with `--no-tasks`.
    func tasksToRun(_ manifest: Manifest) -> [SetupTask] {
        request.noTasks ? [] : manifest.tasks(at: .generate)
    }

    /// Whether the recipe's tasks and checks may run, decided once for both by the one rule
    /// (`CheckConsentGate`): a recipe from git runs them only with `--trust`, a `trusted` entry or a yes.
    func commandConsent(_ manifest: Manifest) throws(Failure) -> CheckConsent {
        let commands = tasksToRun(manifest).map(\.asCheck) + (request.noTest ? [] : manifest.checks)
        return try CheckConsentGate(context: context, console: console, options: request.common)
            .consent(recipe: manifest.name, checkout: recipeCheckout, checks: commands)
    }

    /// Runs the tasks in `folder`; nil when there are none to run. A signal while one runs stops
    /// generation (the project kept); a task withheld for want of consent is listed at the end.
    mutating func runTasks(_ manifest: Manifest, values: [String: String], consent: CheckConsent, in folder: URL) throws(Failure) -> TaskRun.Outcome? {
        let tasks = tasksToRun(manifest)
        report.tasksSkipped = request.noTasks && !manifest.tasks(at: .generate).isEmpty
        guard !tasks.isEmpty else { return nil }
        let run = TaskRun(tasks: tasks, consent: consent, values: values, environment: context.environment, interruption: context.interruption)
        let (outcome, entries) = TaskSession(console: console, run: run).perform(in: folder)
        report.tasks = entries
        if let stop = outcome.stop {
            recordWhatRan(manifest, tasks: outcome, results: [], checksRan: false, in: folder)
            throw Failure(
                code: .stopped(by: stop.signal),
                message: "interrupted by \(Interruption.name(of: stop.signal)) while the task '\(stop.check)' ran; it was stopped, and the project is kept in '\(request.folder)'; its checks did not run"
            )
        }
        if case .withheld = consent { withheldTasks = tasks }
        return outcome
    }

    /// A task failed: the project is kept, the later tasks and the checks are not run, and the
    /// error names the task and the command that runs it again.
    mutating func taskFailed(_ failed: CheckResult, manifest: Manifest, outcome: TaskRun.Outcome, values: [String: String], in folder: URL) -> ExitCode {
        recordWhatRan(manifest, tasks: outcome, results: [], checksRan: false, in: folder)
        let how = switch failed.status {
        case .failed(let code): "failed (exit \(code))"
        case .timedOut(let seconds): "timed out after \(Formatting.seconds(seconds))"
        case .notRun(let why): "could not run: \(why)"
        default: "did not pass"
        }
        let rest = manifest.checks.isEmpty || request.noTest ? "" : ", and its checks did not run"
        let after = outcome.notReached.isEmpty ? "it" : "it and the \(Formatting.plural(outcome.notReached.count, "task")) after it"
        let then = manifest.checks.isEmpty || request.noTest ? "" : ", then 'duo-new check \(Formatting.shellArgument(request.folder))'"
        let message = "generated \(request.appName) in \(request.folder), but the task '\(failed.name)' \(how); the project is kept\(rest); "
            + "run \(after) again with the commands below\(then)"
        console.error(console.errorStyle("error:", .red) + " " + message)
        let rerun = manifest.tasks.filter { task in task.name == failed.name || outcome.notReached.contains(task.name) }
        for line in TaskSession.rerunLines(rerun, folder: request.folder, values: values, hidden: hiddenValues(manifest)) {
            console.error(line)
        }
        report.error = message
        return .checkFailed
    }

    /// With consent withheld: the tasks that did not run, and how to run them.
    func printWithheldTasks(_ manifest: Manifest, values: [String: String]) {
        guard !withheldTasks.isEmpty else { return }
        console.say("")
        console.say(console.heading("Tasks not run, still to do", then: " (the recipe's commands need your consent: generate again with --trust, or run them yourself if you trust them):"))
        for line in TaskSession.rerunLines(withheldTasks, folder: request.folder, values: values, hidden: hiddenValues(manifest)) {
            console.say(line)
        }
    }

    /// The values never printed (secrets), each with the variable a printed command reads it from.
    func hiddenValues(_ manifest: Manifest) -> [String: String] {
        manifest.secretVariables
    }
}
