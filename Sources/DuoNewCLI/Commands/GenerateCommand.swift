import DuoNewCore
import DuoNewKit
import Foundation

/// `duo-new <recipe> <AppName> <bundle-id> <folder>`: every refusal before anything is created,
/// then write, check, and print the next steps.
struct GenerateCommand: ReportingCommand {
    let request: GenerateRequest
    let console: Console
    let context: CommandContext
    var report = GenerationReport()
    /// The recipe as loaded: where it came from decides whether its tasks and checks need consent.
    var loaded: LoadedRecipe?
    /// The ending's last line: what became of the checks, saying only what happened (skipped
    /// with `--no-test`, or recorded in GENERATION-CHECKS.md when that was written).
    var checksLine: String?
    /// The tasks withheld for want of consent, printed after the next steps with how to run them.
    var withheldTasks: [SetupTask] = []
    /// For a usage error about a recipe that takes no bundle id: its own usage line.
    var usageLine: String?

    static let commandWord: String? = nil
    var printsReport: Bool { request.common.json }

    // MARK: - Phases

    mutating func perform() throws(CommandFailure) -> ExitCode {
        try LayoutPictures.refuseUnusable(request.picturesFolder, workingDirectory: context.workingDirectory)
        let catalog = try context.catalog(option: request.common.templates, offline: request.common.offline)
        var pipelineRequest = GenerationPipeline.Request(
            recipe: recipeName(in: catalog), appName: request.appName, bundleID: request.bundleID, folder: request.folder,
            settings: request.settings.map { ($0.key, $0.value) }, checkSelection: request.checkSelection,
            config: try context.userConfig(), workingDirectory: context.workingDirectory
        )
        pipelineRequest.replace = request.replace
        pipelineRequest.intoExisting = request.intoExisting
        pipelineRequest.today = GenerationClock.today(environment: context.environment)
        pipelineRequest.environment = context.environment
        let prepared = try prepare(pipelineRequest, catalog: catalog)
        // Generating while the project in the folder is being updated or checked is refused (75).
        let lock = try CommandFailure.from { () throws(GenerationFailure) in
            try GenerationPipeline.lock(prepared, shownAs: request.folder, exclusive: !request.dryRun)
        }
        defer { withExtendedLifetime(lock) {} }
        let manifest = prepared.recipe.manifest
        loaded = prepared.recipe
        report.record(prepared, appName: request.appName, bundleID: request.bundleID)
        for warning in ConfigSettingKeys.warnings(try context.userConfig(), recipe: manifest, catalog: catalog) {
            console.notice(console.shown(warning))
        }
        if request.useDefaults { sayDefaultsTaken(manifest, values: prepared.values) }
        for stale in prepared.destination.staleTemporaries {
            let verb = request.dryRun ? "would remove" : "removing"
            console.say(console.wrapped("  \(verb) '\(stale)', a temporary folder left by an earlier run that was killed"))
        }
        if let replacement = prepared.replacement {
            let verb = request.dryRun ? "would keep" : "keeping"
            // Named as the folder was typed (`./Sitter.replaced`), not by its absolute path.
            let aside = String(request.folder.reversed().drop { $0 == "/" }.reversed()) + replacement.aside.dropFirst(replacement.project.count)
            console.say(console.wrapped("  \(verb) the project already in '\(DisplayPath.escaped(request.folder))' (\(DisplayPath.escaped(replacement.recipe)) \(DisplayPath.escaped(replacement.version))) as '\(DisplayPath.escaped(aside))' (--replace)"))
        }
        if !prepared.destination.kept.isEmpty {
            let verb = request.dryRun ? "would leave" : "leaving"
            let kept = prepared.destination.kept
            let asTheyAre = kept.count == 1 ? "as it is" : "as they are"
            console.say(console.wrapped("  \(verb) \(GenerationDestination.listed(kept)), already in \(ShellQuoting.argument(request.folder)), \(asTheyAre) (--into-existing)"))
        }
        if request.dryRun {
            let bytes = try CommandFailure.from { () throws(GenerationFailure) -> Int64 in try GenerationPipeline.dryRun(prepared) }
            return dryRun(prepared.plan, bytes: bytes, manifest: manifest)
        }
        console.say(console.heading("Generating \(request.appName)", then: " from \(manifest.name) \(manifest.version) into \(ShellQuoting.argument(request.folder))"))
        console.say("  planned \(Formatting.plural(prepared.plan.fileCount, "file")) (\(Formatting.bytes(prepared.plan.sourceBytes)))")

        // Signals are caught from the first write to the last check, with no gap between the
        // two in which one would end duo-new without its report.
        return try context.interruption.catching { () throws(CommandFailure) -> ExitCode in
            let summary = try write(prepared)
            report.files = summary.files
            report.bytes = summary.bytes
            if let signal = context.interruption.received {
                // The signal came during the final move: the project is complete, but the user asked to stop.
                throw CommandFailure(
                    code: .stopped(by: signal),
                    message: "interrupted after the project was written to '\(request.folder)'; it is complete, but its checks did not run"
                )
            }
            let folder = URL(fileURLWithPath: prepared.destination.path)
            let consent = try commandConsent(manifest)
            let pictures = request.noTest || manifest.checks.isEmpty ? nil : LayoutPictures(request.picturesFolder, workingDirectory: context.workingDirectory)
            let outcome = followUp(manifest, values: prepared.values, consent: consent, pictures: pictures, in: folder)
            if let tasks = outcome.tasks {
                if tasks.endedEarly { return taskFailed(manifest: manifest, outcome: tasks, values: prepared.values) }
                if case .withheld = consent { withheldTasks = tasksToRun(manifest) }
            }
            let code = try checksEnded(outcome, manifest: manifest, pictures: pictures)
            printNextSteps(manifest, values: prepared.values)
            printWithheldTasks(manifest, values: prepared.values)
            if let tally = outcome.tally { CheckSession.printSkipped(tally, folder: request.folder, on: console) }
            return code
        }
    }

    /// The pipeline's preparation; a recipe without a bundle id is run as `<recipe> <AppName>
    /// <folder>`, so a usage error (a missing `--set` value or secret) shows that line.
    private mutating func prepare(_ pipelineRequest: GenerationPipeline.Request, catalog: TemplateCatalog) throws(CommandFailure) -> GenerationPipeline.Prepared {
        do {
            return try CommandFailure.from { () throws(GenerationFailure) in try GenerationPipeline.prepare(pipelineRequest, catalog: catalog) }
        } catch {
            if error.code == .usage, let answers = try? PromptAnswers.load(pipelineRequest.recipe, in: catalog, workingDirectory: context.workingDirectory),
               !answers.manifest.takesBundleID {
                usageLine = "Usage: duo-new \(answers.manifest.name) <AppName> <folder> [options]"
            }
            throw error
        }
    }

    /// The recipe the command line names: a part of one recipe's name alone (`camera-studio`)
    /// stands for that recipe, said on standard error; anything else is looked up as typed.
    private func recipeName(in catalog: TemplateCatalog) -> String {
        Prompter.recipeName(request.recipe, in: catalog, console: console)
    }

    /// With `--defaults`: the `--set` values not given, as generation took them (a default, or
    /// the config's), so a script's log says what the project was made with.
    private func sayDefaultsTaken(_ manifest: Manifest, values: [String: String]) {
        let given = Set(request.settings.map(\.key))
        let taken = manifest.shownSettings(values).filter { !given.contains($0.key) }.map { "\($0.key)=\(ShellQuoting.quoted($0.value))" }
        guard !taken.isEmpty else { return }
        console.say(console.wrapped("Values not given (--defaults): " + taken.joined(separator: " ")))
    }

    private mutating func dryRun(_ plan: Plan, bytes: Int64, manifest: Manifest) -> ExitCode {
        report.dryRun = true
        report.planned = plan.writes.map { write in
            if case .directory = write.kind { write.destination + "/" } else { write.destination }
        }
        if !request.common.json {
            for write in plan.writes {
                // One entry per line, whatever a name holds: a newline in it is shown as `\n`.
                let shown = DisplayPath.escaped(write.destination)
                switch write.kind {
                case .directory: console.result(shown + "/")
                case .file(.verbatim, _): console.result(shown + "  (verbatim)")
                case .file: console.result(shown)
                case .symlink(let target): console.result("\(shown) -> \(DisplayPath.escaped(target))")
                }
            }
        }
        let runs = [(tasksToRun(manifest).count, "task"), (request.noTest ? 0 : manifest.checks.count, "check")]
            .filter { $0.0 > 0 }.map { Formatting.plural($0.0, $0.1) }
        let checks = runs.isEmpty ? "" : " and run " + runs.joined(separator: " and ")
        console.say(console.wrapped("Would write \(Formatting.plural(plan.fileCount, "file")) (\(Formatting.bytes(bytes))) into \(ShellQuoting.argument(request.folder))\(checks); nothing written (--dry-run)."))
        return .success
    }

    /// Writes the project, drawing its progress on the terminal.
    private func write(_ prepared: GenerationPipeline.Prepared) throws(CommandFailure) -> ProjectWriter.Summary {
        let started = Date()
        let console = self.console
        // Redrawn at most every 50 ms: a terminal cannot show more, and each draw costs a write.
        var lastDrawn = Date.distantPast
        let summary = try CommandFailure.from { () throws(GenerationFailure) in
            try context.interruption.catching { () throws(GenerationFailure) -> ProjectWriter.Summary in
                try GenerationPipeline.generate(
                    prepared, generator: "duo-new \(Help.version)", environment: context.environment, interruption: context.interruption
                ) { progress in
                    let now = Date()
                    guard now.timeIntervalSince(lastDrawn) >= 0.05 || progress.writesDone == progress.writeCount else { return }
                    lastDrawn = now
                    console.live("  writing \(progress.writesDone)/\(progress.writeCount) entries (\(Formatting.bytes(progress.bytesWritten)))")
                }
            }
        }
        console.say("  wrote \(Formatting.plural(summary.files, "file")) (\(Formatting.bytes(summary.bytes))) in \(Formatting.seconds(Date().timeIntervalSince(started)))")
        return summary
    }

    // MARK: - After generation

    /// What the checks' run comes to: the ending's verdict line, or why generation failed or
    /// stopped; the layout pictures, if asked for, after it.
    private mutating func checksEnded(_ outcome: GenerationFollowUp.Outcome, manifest: Manifest, pictures: LayoutPictures?) throws(CommandFailure) -> ExitCode {
        let place = "\(request.appName) in \(ShellQuoting.argument(request.folder))"
        guard let tally = outcome.tally else {
            report.checksSkipped = request.noTest && !manifest.checks.isEmpty
            if report.checksSkipped { checksLine = "Checks skipped (--no-test); \(checkCommand) runs them." }
            console.say(console.styled("Generated \(place)", .green, then: (report.checksSkipped ? "; checks skipped (--no-test)" : "") + "."))
            return .success
        }
        defer { pictures?.report(console: console, report: &report) }
        let resume = "\(checkCommand) runs its checks again"
        if let stopped = outcome.checkStop {
            throw CommandFailure(
                code: .stopped(by: stopped.signal),
                message: "\(stopped.sentence), and the project is kept in '\(request.folder)'; \(resume)"
            )
        }
        guard tally.succeeded else {
            let message = "generated \(place), but \(tally.failureSummary); the project is kept, and \(resume)"
            console.error("error:", .red, message)
            report.error = message
            return .checkFailed
        }
        let listed = tally.skipped == 0 ? "" : manifest.nextSteps.allSatisfy(\.isWhitespace) ? " (listed below)" : " (listed after the next steps)"
        console.say(console.styled("Generated \(place)", .green, then: "; \(tally.summary)\(listed)."))
        return .success
    }

    /// `'duo-new check ./Sitter'`: what runs the project's checks again, as a sentence quotes it.
    var checkCommand: String {
        ShellQuoting.inSentence("duo-new check " + ShellQuoting.argument(request.folder))
    }

    private mutating func printNextSteps(_ manifest: Manifest, values: [String: String]) {
        let lines = manifest.nextStepsLines(values: values, folder: request.folder) + (checksLine.map { ["", $0] } ?? [])
        guard !lines.isEmpty else { return }
        report.nextSteps = Array(lines.drop { $0.isEmpty })
        console.say("")
        console.say(console.style("Next steps:", .bold))
        // The recipe's line breaks are kept; a line too long for the terminal is broken at spaces.
        let indented = DisplayPath.escaped(report.nextSteps?.joined(separator: "\n") ?? "", keepingNewlines: true)
            .split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
        for line in console.wrapped(indented).split(separator: "\n", omittingEmptySubsequences: false) {
            console.say(String(line))
        }
    }
}

/// The report is the Kit's; the command prints it with its exit code and error.
extension GenerationReport: CommandReport {}
