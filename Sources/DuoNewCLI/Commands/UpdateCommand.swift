import DuoNewCore
import DuoNewKit
import Foundation

/// `duo-new update [folder]`: runs the Kit's `ProjectUpdate` and shows what it says and did.
struct UpdateCommand: ReportingCommand {
    let request: UpdateRequest
    let console: Console
    let context: CommandContext
    var report = UpdateReport()

    static let commandWord: String? = "update"
    var printsReport: Bool { request.common.json }

    mutating func perform() throws(CommandFailure) -> ExitCode {
        var asked = ProjectUpdate.Request(folder: request.folder)
        asked.templates = request.common.templates
        asked.offline = request.common.offline
        asked.dryRun = request.dryRun
        asked.allowDowngrade = request.allowDowngrade
        asked.conflictsBeside = request.conflictsBeside
        asked.settings = request.settings.map { ($0.key, $0.value) }
        let context = self.context
        var world = ProjectUpdate.World(
            environment: context.environment, workingDirectory: context.workingDirectory, interruption: context.interruption,
            observer: context.updateObserver, generator: "duo-new \(Help.version)",
            catalog: { (option, offline) throws(GenerationFailure) -> TemplateCatalog in try context.recipes.catalog(option: option, offline: offline) }
        )
        world.askSecret = secretQuestion()
        let show = { [console, request] (event: UpdateEvent) in Self.show(event, request: request, on: console) }
        var update = ProjectUpdate(asked, world: world, events: show)
        // It holds the project's lock: kept to the end, through the tasks.
        defer { withExtendedLifetime(update) {} }
        let outcome: UpdateOutcome
        do {
            outcome = try update.run()
        } catch {
            report.record(update.outcome)
            throw CommandFailure(error)
        }
        report.record(outcome)
        if outcome.dryRun {
            // What the plan's lines cannot show: a record that changes with no file, and the tasks after.
            if outcome.valuesChanged, outcome.changesNoFile { console.say(console.wrapped("  the record would take new values, though they change no file")) }
            let tasks = request.noTasks ? [] : outcome.wouldRunTasks
            if !tasks.isEmpty { console.say(console.wrapped("  then the recipe's update tasks would run (their consent as ever): " + tasks.map { "'\(DisplayPath.escaped($0))'" }.joined(separator: ", "))) }
            // A plan that would leave conflicts exits 1, as the update itself would, so a script
            // can ask first.
            guard let conflicts = outcome.conflictsToSettle?.count else {
                console.say("Nothing written (--dry-run).")
                return .success
            }
            // With --json the plan is the report's steps, not lines above.
            let listed = request.common.json ? "the report's 'conflicts' and 'marked'" : "listed above"
            let message = "the update of \(ShellQuoting.argument(request.folder)) would leave \(Formatting.plural(conflicts, "conflict")) (\(listed)); nothing was written (--dry-run)"
            console.error("warning:", .yellow, message)
            report.error = message
            return .checkFailed
        }
        let tasksFailed = try runTasks(outcome, origin: update.origin)
        let code = finish(outcome, saidAlready: tasksFailed != nil)
        return tasksFailed ?? code
    }

    /// The last words: exit 1 when conflicts were left to settle. `saidAlready`: a task's error
    /// ("updated …, but the task … did not pass") was the ending, so no green line follows it.
    private mutating func finish(_ outcome: UpdateOutcome, saidAlready: Bool) -> ExitCode {
        let recipe = "\(outcome.recipe ?? "") \(outcome.toVersion ?? "")"
        guard let conflicts = outcome.conflictsToSettle else {
            guard !saidAlready else { return .success }
            if outcome.changesNothing {
                console.say(console.styled("\(ShellQuoting.argument(request.folder)) is already up to date", .green, then: " with \(recipe)."))
            } else {
                console.say(console.styled("Updated \(ShellQuoting.argument(request.folder))", .green, then: " to \(recipe)."))
            }
            return .success
        }
        let message = "updated \(ShellQuoting.argument(request.folder)) to \(recipe) with \(Formatting.plural(conflicts.count, "conflict")): \(conflicts.ways)"
        console.error("warning:", .yellow, message)
        report.error = message
        return .checkFailed
    }

    // MARK: - What the update says

    private static func show(_ event: UpdateEvent, request: UpdateRequest, on console: Console) {
        switch event {
        case .earlierUpdate(let text): console.say(console.wrapped("note: " + text))
        case .warning(let text): console.notice("warning:", .yellow, text)
        case .started(let recipe, let version, let newRecipe, let newVersion, let direction):
            let from = "\(DisplayPath.escaped(recipe)) \(DisplayPath.escaped(version))"
            console.say(console.heading("Updating \(ShellQuoting.argument(request.folder))", then: " from \(from) to \(newRecipe) \(newVersion) (\(describe(direction)))"))
        case .newValue(let placeholder, let key, let value):
            console.say(console.wrapped("  new placeholder \(placeholder) ('\(key)') takes its default '\(value)'; '--set \(key)=…' chooses another"))
        case .note(let text): console.say(console.wrapped("  note: " + text))
        case .planned(let steps): printPlan(steps, json: request.common.json, asResult: request.dryRun, on: console)
        }
    }

    /// `(newer)`, `(a downgrade, as --allow-downgrade asks)`: for the first line.
    static func describe(_ direction: UpdateDirection) -> String {
        switch direction {
        case .newer: "a newer version"
        case .same: "the same version"
        case .older: "an older version: a downgrade, as --allow-downgrade asks"
        case .otherRecipe: "another recipe, as --allow-downgrade asks"
        }
    }

    /// `asResult`: with `--dry-run` the plan is what was asked for, printed even with `--quiet`;
    /// otherwise it is the story of the update, which `--quiet` silences.
    private static func printPlan(_ steps: [UpdatePlanner.Step], json: Bool, asResult: Bool, on console: Console) {
        let lines: [UpdatePlanner.Action: (word: String, note: String)] = [
            .replace: ("replace", ""), .add: ("add", ""), .remove: ("remove", ""),
            .removeFolder: ("remove", "  (a folder the removals left empty)"),
            .conflict: ("conflict", "  (yours kept; the recipe's new version is in NAME.duo-new)"),
            .merge: ("merge", "  (your edits and the recipe's, on different lines)"),
            .conflictMarked: ("conflict", "  (both changed the same lines: marked in the file)"),
            .keepEdited: ("keep", "  (you edited it; the recipe's version did not change)"),
            .keepDropped: ("keep", "  (you edited it; the recipe no longer writes it)"),
            .userDeleted: ("not restored", "  (you deleted it; the recipe still has it)"),
        ]
        for step in steps {
            guard let line = lines[step.action], !json else { continue }
            let note = line.note.replacingOccurrences(of: "NAME.duo-new", with: DisplayPath.escaped(step.conflictPath))
            let shown = DisplayPath.escaped(step.action == .removeFolder ? step.path + "/" : step.path)
            // A long path and its note hang under the path's column, as a help entry's text does.
            let text = console.wrapped("  \(line.word.padding(toLength: 13, withPad: " ", startingAt: 0)) \(shown)\(note)")
            if asResult { console.result(text) } else { console.say(text) }
        }
        let line = "  plan: \(UpdatePlanner.tally(steps) ?? "nothing to do")"
        // With --dry-run the plan is the result, its tally too (`-q` would otherwise print nothing
        // for a plan with nothing to do); with --json the report carries it.
        if asResult, !json { console.result(line) } else { console.say(line) }
    }
}

/// The report is the Kit's; the command prints it with its exit code and error.
extension UpdateReport: CommandReport {}
