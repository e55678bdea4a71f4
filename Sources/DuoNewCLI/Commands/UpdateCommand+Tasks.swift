import DuoNewCore
import DuoNewKit
import Foundation

/// The tasks a recipe runs again after `duo-new update` applied a new version (`on: [..., update]`),
/// under the same consent as generation's: a recipe from git runs them only with a `trusted`
/// entry or a yes at the prompt.
extension UpdateCommand {
    /// On a terminal (not with `--no-input`, `--json` or `CI` set): asks for a secret the record
    /// does not keep, without echo, checked by its placeholder's rules; nil elsewhere.
    func secretQuestion() -> ((Placeholder) -> String?)? {
        guard context.canAsk(request.common) else { return nil }
        let prompter = Prompter(context: context, console: console)
        return { placeholder in
            guard let key = placeholder.settingKey else { return nil }
            return QuestionInterrupt.asking(saying: "interrupted at a question; the project was not changed") {
                try? prompter.askSecret(placeholder, label: key + " (secret, not kept in the record)")
            }
        }
    }

    /// Runs the update's tasks in the project; nil when they all passed (or there were none, or
    /// `--no-tasks`, or the update changed nothing: no recipe code runs for a command that did
    /// nothing), else the exit code of a failed one, whose message names it and how to run it again.
    mutating func runTasks(_ outcome: UpdateOutcome, origin: (recipe: LoadedRecipe, recorded: (folder: String, tree: RecipeTree)?)?) throws(CommandFailure) -> ExitCode? {
        guard !outcome.tasks.isEmpty, !outcome.changesNothing, let folder = outcome.folder, let origin else { return nil }
        guard !request.noTasks else {
            report.tasksSkipped = true
            return nil
        }
        let consent = try CheckConsentGate(context: context, console: console, options: request.common)
            .consent(origin.recipe, recorded: origin.recorded, checks: outcome.tasks.map(\.asCheck))
        let run = TaskRun(tasks: outcome.tasks, consent: consent, values: outcome.values, environment: context.environment, interruption: context.interruption, moment: .update, mask: outcome.secretMask)
        let tasks = TaskSession(console: console)
        let (result, entries) = tasks.perform(run, in: URL(fileURLWithPath: folder))
        report.tasks = entries
        if case .withheld = consent {
            tasks.showWithheld(outcome.tasks, advice: "; run them yourself if you trust them", folder: request.folder, values: outcome.values, hidden: outcome.secretVariables)
            return nil
        }
        guard result.endedEarly else { return nil }
        // A later update that changes nothing runs no task: these commands are the way to run them.
        let message = result.failureMessage(done: "updated \(ShellQuoting.argument(request.folder))", kept: "the update is applied", namingTheFailure: false)
        report.error = message
        report.rerun = result.rerunCommands(of: outcome.tasks, in: request.folder, values: outcome.values, hidden: outcome.secretVariables)
        return tasks.showFailure(message, result, of: outcome.tasks, folder: request.folder, values: outcome.values, hidden: outcome.secretVariables)
    }
}
