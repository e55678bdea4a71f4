import DuoNewCore
import DuoNewKit
import Foundation

/// After the project is written: the one-time tasks, then the checks (`GenerationFollowUp`), with
/// one consent for both, asked once; what the tasks leave to do when one fails or all are withheld.
extension GenerateCommand {
    /// The tasks that run at generation in this run: none with `--no-tasks`.
    func tasksToRun(_ manifest: Manifest) -> [SetupTask] {
        request.noTasks ? [] : manifest.tasks(at: .generate)
    }

    /// Whether the recipe's tasks and checks may run, decided once for both by the one rule
    /// (`CheckConsentGate`): a recipe from git runs them only with `--trust`, a `trusted` entry or a yes.
    func commandConsent(_ manifest: Manifest) throws(CommandFailure) -> CheckConsent {
        let commands = tasksToRun(manifest).map(\.asCheck) + (request.noTest ? [] : manifest.checks)
        guard let loaded else { return .granted }
        return try CheckConsentGate(context: context, console: console, options: request.common).consent(loaded, checks: commands)
    }

    /// Runs the tasks, then the checks, in `folder` (the Kit's `GenerationFollowUp`), showing
    /// each as it runs and adding it to the report; `GENERATION-CHECKS.md` is written there, and
    /// a failure to write it is a warning, since the project itself is complete.
    mutating func followUp(
        _ manifest: Manifest, values: [String: String], consent: CheckConsent, pictures: LayoutPictures?, in folder: URL
    ) -> GenerationFollowUp.Outcome {
        report.tasksSkipped = request.noTasks && !manifest.tasks(at: .generate).isEmpty
        var selection = request.checkSelection
        selection.consent = consent
        let followUp = GenerationFollowUp(
            manifest: manifest, tasks: tasksToRun(manifest), checks: request.noTest ? [] : manifest.checks, selection: selection,
            timeout: request.checkTimeout, values: values, environment: context.environment, checkEnvironment: pictures?.environment ?? [:],
            interruption: context.interruption, generator: "duo-new \(Help.version)"
        )
        let tasksShown = TaskSession(console: console)
        let checksShown = CheckSession(console: console)
        var taskEntries: [CheckEntry] = []
        let outcome = followUp.run(in: folder, taskOutput: tasksShown.output, checkOutput: checksShown.output) { event in
            switch event {
            case .task(let event): if let entry = tasksShown.show(event) { taskEntries.append(entry) }
            case .check(let event): checksShown.show(event, report: &report)
            }
        }
        if let tasks = outcome.tasks { report.tasks = taskEntries + tasks.notReachedEntries }
        // Counted when every check had its turn.
        if let tally = outcome.tally, outcome.checkStop == nil { report.checkCounts = .init(tally) }
        switch outcome.record {
        case .failure(let error):
            console.notice("warning:", .yellow, "could not write \(GenerationChecksFile.fileName): \(error.message)")
        case .success where outcome.checksRan:
            checksLine = "\(GenerationChecksFile.fileName) records how each check ended; \(checkCommand) runs them again."
        case .success, nil: break
        }
        return outcome
    }

    /// A task failed or a signal stopped it: the project is kept, the later tasks and the checks
    /// are not run, and the error names the task and the commands that run it and the rest again.
    mutating func taskFailed(manifest: Manifest, outcome: TaskRun.Outcome, values: [String: String]) -> ExitCode {
        let checksLeft = !manifest.checks.isEmpty && !request.noTest
        let message = outcome.failureMessage(
            done: "generated \(request.appName) in \(ShellQuoting.argument(request.folder))", kept: "the project is kept" + (checksLeft ? ", and its checks did not run" : ""),
            then: checksLeft ? ", then \(checkCommand)" : "", namingTheFailure: true
        )
        report.error = message
        report.rerun = outcome.rerunCommands(of: tasksToRun(manifest), in: request.folder, values: values, hidden: manifest.secretVariables)
        return TaskSession(console: console).showFailure(message, outcome, of: tasksToRun(manifest), folder: request.folder, values: values, hidden: manifest.secretVariables)
    }

    /// With consent withheld: the tasks that did not run, and how to run them.
    func printWithheldTasks(_ manifest: Manifest, values: [String: String]) {
        guard !withheldTasks.isEmpty else { return }
        console.say("")
        TaskSession(console: console).showWithheld(
            withheldTasks, advice: ": generate again with --trust --replace, or run them yourself if you trust them", folder: request.folder,
            values: values, hidden: manifest.secretVariables
        )
    }
}
