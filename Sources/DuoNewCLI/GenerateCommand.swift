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
    /// The checks' run, whose skipped checks are printed again after the next steps as what is left to do.
    private var checkSession: CheckSession?
    /// The git repository the recipe came from, if it did: its checks then need consent.
    private var recipeCheckout: GitCheckout?

    init(request: GenerateRequest, console: Console, context: CommandContext) {
        self.request = request
        self.console = console
        self.context = context
    }

    static let commandWord: String? = nil
    var printsReport: Bool { request.common.json }

    // MARK: - Phases

    mutating func perform() throws(Failure) -> ExitCode {
        let catalog = try context.catalog(option: request.common.templates, offline: request.common.offline)
        let recipeFolder: URL
        do {
            recipeFolder = try catalog.recipeFolder(for: request.recipe, workingDirectory: context.workingDirectory)
        } catch {
            throw Failure(code: .noRecipe, message: error.message)
        }
        recipeCheckout = catalog.checkout(holding: recipeFolder)
        let source = recipeCheckout.map { GenerationRecord.Source(url: $0.source.spec, commit: $0.commit) }
        let tree = recipeFolder.appendingPathComponent(Manifest.treeFolderName)
        let nameScan = NameScan.start(tree: tree, appName: request.appName)
        let manifestPath = TemplateCatalog.displayPath(of: recipeFolder, base: context.workingDirectory)
        let recipeTree = try loadRecipeTree(recipeFolder, manifestPath: manifestPath)
        let manifest: Manifest
        do {
            manifest = try recipeTree.effectiveManifest()
        } catch {
            throw brokenRecipe(manifestPath: manifestPath, details: error.diagnostics)
        }
        report.recipe = manifest.name
        report.version = manifest.version
        if let unknown = request.checkSelection.unknownOptIn(in: manifest.checks, recipe: manifest.name) {
            throw Failure(code: .usage, message: unknown)
        }
        // The layers' own sources are searched too; the recipe's search started above.
        let layerScans = recipeTree.layers.map { NameScan.start(tree: $0.tree, appName: request.appName) }
        // How diagnostics name each tree: `Templates/<recipe>/template`, relative when it can be.
        let treePaths = recipeTree.sources.map(\.treeDisplay)
        let treePath = recipeTree.top.treeDisplay

        let listing = try RecipeLoader.readListing(recipeTree, recipe: request.recipe, manifestPath: manifestPath)
        // Values and plan are worked out while the scan runs; their refusals are reported only
        // after the AppName's and the bundle id's, in the order the checks have always had.
        let resolved = resolveValues(manifest: manifest)
        let planned = resolved.flatMap { values in
            Result { () throws(PlanError) -> Plan in try Planner.plan(listing: listing, manifest: manifest, values: values) }
                .mapError { error in
                    Failure(
                        code: error.isTemplateProblem ? .brokenTemplate : .badValue,
                        message: error.isTemplateProblem ? "the recipe '\(request.recipe)' has a broken tree (\(treePath))" : "the values do not fit this recipe's file names",
                        details: error.problems.map { "error: \($0.message)" }
                    )
                }
        }
        try checkNames(nameScan.wait(adding: manifest, layers: layerScans), suffixes: manifest.bundleIDSuffixes)
        try checkLengths(manifest, recipeTree: recipeTree, listing: listing, manifestPath: manifestPath)
        let values = try resolved.get()
        let plan = try planned.get()
        try checkCommands(manifest, recipeTree: recipeTree, plan: plan, manifestPath: manifestPath)
        let destination: Destination
        do {
            destination = try Destination.inspect(
                request.folder, workingDirectory: context.workingDirectory,
                forbiddenRoots: [catalog.root.path] + recipeTree.sources.map(\.folder.path)
            )
        } catch {
            throw Failure(code: .destinationUnusable, message: error.message)
        }
        report.folder = destination.path
        for stale in destination.staleTemporaries {
            let verb = request.dryRun ? "would remove" : "removing"
            console.say("  \(verb) '\(stale)', a temporary folder left by an earlier run that was killed")
        }

        if request.dryRun {
            do {
                try DryRunScan.check(plan: plan, treeRoots: recipeTree.treeRoots, values: values)
            } catch {
                throw Self.failure(for: error, treePaths: treePaths, treeRoots: recipeTree.treeRoots, values: values)
            }
            return dryRun(plan, manifest: manifest)
        }
        console.say(console.style("Generating \(request.appName)", .bold) + " from \(manifest.name) \(manifest.version) into \(request.folder)")
        console.say("  planned \(Formatting.plural(plan.fileCount, "file")) (\(Formatting.bytes(plan.sourceBytes)))")

        // Signals are caught from the first write to the last check, with no gap between the
        // two in which one would end duo-new without its report.
        return try context.interruption.catching { () throws(Failure) -> ExitCode in
            let summary = try write(
                plan, manifest: manifest, values: values, recipeTree: recipeTree, treePaths: treePaths, destination: destination, source: source
            )
            report.files = summary.files
            report.bytes = summary.bytes
            if let signal = context.interruption.received {
                // The signal came during the final move: the project is complete, but the user asked to stop.
                throw Failure(
                    code: .stopped(by: signal),
                    message: "interrupted after the project was written to '\(request.folder)'; it is complete, but its checks did not run"
                )
            }
            let code = try runChecks(manifest, in: URL(fileURLWithPath: destination.path))
            printNextSteps(manifest, values: values)
            checkSession?.printSkipped(folder: request.folder)
            return code
        }
    }

    private func loadRecipeTree(_ recipeFolder: URL, manifestPath: String) throws(Failure) -> RecipeTree {
        try RecipeLoader.loadTree(recipeFolder, recipe: request.recipe, manifestPath: manifestPath)
    }

    private func brokenRecipe(manifestPath: String, details: [Diagnostic]) -> Failure {
        RecipeLoader.brokenRecipe(request.recipe, manifestPath: manifestPath, details: details)
    }

    /// AppName and bundle id, before anything is created.
    private func checkNames(_ nameContext: NameContext, suffixes: [String]) throws(Failure) {
        do {
            try NameRules.checkAppName(request.appName, context: nameContext)
            try NameRules.checkBundleID(request.bundleID, suffixes: suffixes)
        } catch {
            throw Failure(code: .badValue, message: "\(error.description) [\(error.rule)]")
        }
    }

    /// A check that could never start is the recipe's error, as `lint` says (78): refused before writing.
    private func checkCommands(_ manifest: Manifest, recipeTree: RecipeTree, plan: Plan, manifestPath: String) throws(Failure) {
        // Checks run in the generated project, so their paths are the planned destinations'.
        // A recipe has a few checks and may plan thousands of writes: each path is looked up by
        // a search rather than by building a table of every write for it.
        let locations = recipeTree.top.locations
        let problems = CheckCommandRule.problems(manifest.checks) { path in
            guard let write = plan.writes.first(where: { $0.destination == path }) else { return nil }
            switch write.kind {
            case .directory: return .folder
            case .file: return .file(executable: write.mode & 0o111 != 0)
            case .symlink: return .other
            }
        }
        guard !problems.isEmpty else { return }
        throw brokenRecipe(manifestPath: manifestPath, details: problems.map { index, problem in
            Diagnostic.error(at: index < locations.checkRuns.count ? locations.checkRuns[index] : nil, problem.message)
        })
    }

    /// A name too long once stamped with the longest values the rules allow is the recipe's error,
    /// as `lint` says (78); checked before planning, so that a long `--set` value alone is the user's (65).
    private func checkLengths(_ manifest: Manifest, recipeTree: RecipeTree, listing: TreeListing, manifestPath: String) throws(Failure) {
        // Read once: `manifest.excludes` would build this list again for every entry.
        let excluded = manifest.excludedGlobs
        let entries = listing.entries.filter { entry in !excluded.contains { $0.matches(entry.path) } }
        let problems = TemplateLinter.lengthProblems(entries.map(\.path), manifest: manifest)
        guard !problems.isEmpty else { return }
        let origins = Dictionary(entries.map { ($0.path, $0.origin) }, uniquingKeysWith: { first, _ in first })
        throw brokenRecipe(manifestPath: manifestPath, details: problems.map { path, problem in
            let tree = recipeTree.sources[min(origins[path] ?? 0, recipeTree.sources.count - 1)].treeDisplay
            return Diagnostic.error(at: SourceLocation(file: "\(tree)/\(path)", line: 1, column: 1), problem.message)
        })
    }

    /// The `--set` values with the AppName and bundle id, or why they do not fit the recipe.
    private func resolveValues(manifest: Manifest) -> Result<[String: String], Failure> {
        Result { () throws(Failure) -> [String: String] in try placeholderValues(manifest: manifest) }
    }

    private func placeholderValues(manifest: Manifest) throws(Failure) -> [String: String] {
        // The config's `set` values go first; the command line's win.
        let config = try context.userConfig()
        let defaults = config.defaultSettings(for: manifest, given: request.settings.map(\.key))
        try Self.checkDefaults(defaults, of: config, manifest: manifest)
        do {
            return try PlaceholderValues.resolve(
                manifest: manifest,
                appName: request.appName,
                bundleID: request.bundleID,
                settings: defaults + request.settings.map { ($0.key, $0.value) }
            )
        } catch {
            if case .invalidValue(let nameError) = error {
                throw Failure(code: .badValue, message: "\(error.message) [\(nameError.rule)]")
            }
            if !error.isUsageError { throw Failure(code: .badValue, message: error.message) }
            throw Failure(code: .usage, message: error.message)
        }
    }

    /// The config's `set` values this recipe takes, each against its pattern: a bad one is
    /// refused (65) naming the config file and line, not as if it had been typed.
    private static func checkDefaults(_ defaults: [(key: String, value: String)], of config: UserConfig, manifest: Manifest) throws(Failure) {
        for (key, value) in defaults {
            for placeholder in manifest.placeholders {
                guard case .setting(key, _, let pattern) = placeholder.source else { continue }
                do throws(NameError) {
                    try NameRules.checkSetting(value, key: key, pattern: pattern)
                } catch {
                    let place = config.settingPlaces[key]?.rendered ?? config.path
                    throw Failure(code: .badValue, message: "\(error.description) [\(error.rule)]; the value is the default of 'set: \(key)' at \(DisplayPath.escaped(place)); change it there, or give '--set \(key)=VALUE'")
                }
            }
        }
    }

    private mutating func dryRun(_ plan: Plan, manifest: Manifest) -> ExitCode {
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
        let checks = manifest.checks.isEmpty || request.noTest ? "" : " and run \(Formatting.plural(manifest.checks.count, "check"))"
        console.say("Would write \(Formatting.plural(plan.fileCount, "file")) (\(Formatting.bytes(plan.sourceBytes))) into \(request.folder)\(checks); nothing written (--dry-run).")
        return .success
    }

    private func write(
        _ plan: Plan, manifest: Manifest, values: [String: String], recipeTree: RecipeTree, treePaths: [String], destination: Destination,
        source: GenerationRecord.Source?
    ) throws(Failure) -> ProjectWriter.Summary {
        var record = GenerationRecord(
            generator: "duo-new \(Help.version)", recipe: manifest.name, version: manifest.version, values: values, layers: recipeTree.layerRecords
        )
        record.templates = source
        let writer = ProjectWriter(
            plan: plan, treeRoots: recipeTree.treeRoots, destination: destination, values: values, record: record, interruption: context.interruption
        )
        let started = Date()
        let console = self.console
        let summary: ProjectWriter.Summary
        do {
            summary = try context.interruption.catching { () throws(WriteError) -> ProjectWriter.Summary in
                // Redrawn at most every 50 ms: a terminal cannot show more, and each draw costs a write.
                var lastDrawn = Date.distantPast
                return try writer.write { progress in
                    let now = Date()
                    guard now.timeIntervalSince(lastDrawn) >= 0.05 || progress.writesDone == progress.writeCount else { return }
                    lastDrawn = now
                    console.live("  writing \(progress.writesDone)/\(progress.writeCount) entries (\(Formatting.bytes(progress.bytesWritten)))")
                }
            }
        } catch {
            throw Self.failure(for: error, treePaths: treePaths, treeRoots: recipeTree.treeRoots, values: values)
        }
        console.say("  wrote \(Formatting.plural(summary.files, "file")) (\(Formatting.bytes(summary.bytes))) in \(Formatting.seconds(Date().timeIntervalSince(started)))")
        return summary
    }

    private static func failure(for error: WriteError, treePaths: [String], treeRoots: [URL], values: [String: String]) -> Failure {
        switch error {
        case .destinationNotEmpty, .destinationNotFolder, .destinationUnusable:
            return Failure(code: .destinationUnusable, message: error.message)
        case .io:
            return Failure(code: .ioError, message: error.message)
        case .interrupted(let signal):
            return Failure(code: .stopped(by: signal), message: error.message)
        case .leftoverTokens(let leftovers, let total):
            var details = TemplateCoordinates.locate(leftovers, treeRoots: treeRoots, values: values).map {
                "\(treePaths[$0.origin])/\(DisplayPath.escaped($0.path)):\($0.line):\($0.column): error: '\($0.token)' is shaped like a token but is not a declared placeholder"
            }
            if total > leftovers.count { details.append("note: \(total - leftovers.count) more not shown") }
            return Failure(code: .brokenTemplate, message: error.message, details: details)
        }
    }

    // MARK: - After generation

    private mutating func runChecks(_ manifest: Manifest, in folder: URL) throws(Failure) -> ExitCode {
        let place = "\(request.appName) in \(request.folder)"
        if request.noTest || manifest.checks.isEmpty {
            report.checksSkipped = request.noTest && !manifest.checks.isEmpty
            let note = report.checksSkipped ? "; checks skipped (--no-test)" : ""
            console.say(console.style("Generated \(place)", .green) + note + ".")
            return .success
        }
        let pictures = LayoutPictures.prepare(request.picturesFolder, context: context)
        defer { if let pictures { LayoutPictures.report(in: pictures, console: console, report: &report) } }
        var selection = request.checkSelection
        selection.consent = try CheckConsentGate(context: context, console: console, options: request.common)
            .consent(recipe: manifest.name, checkout: recipeCheckout, checks: manifest.checks)
        var session = CheckSession(
            checks: manifest.checks, selection: selection, timeout: request.checkTimeout, console: console, context: context
        )
        if let stopped = session.run(manifest.checks, in: folder, report: &report) {
            throw Failure(
                code: .stopped(by: stopped.signal),
                message: "interrupted by \(CheckSession.signalName(stopped.signal)) while the check '\(stopped.check)' ran; it was stopped, and the project is kept in '\(request.folder)'"
            )
        }
        checkSession = session
        guard session.tally.succeeded else {
            let message = "generated \(place), but \(session.tally.failureSummary); the project is kept"
            console.error(console.errorStyle("error:", .red) + " " + message)
            report.error = message
            return .checkFailed
        }
        let listed = session.tally.skipped == 0 ? "" : manifest.nextSteps.allSatisfy(\.isWhitespace) ? " (listed below)" : " (listed after the next steps)"
        console.say(console.style("Generated \(place)", .green) + "; \(session.tally.summary)\(listed).")
        return .success
    }

    private mutating func printNextSteps(_ manifest: Manifest, values: [String: String]) {
        let text = manifest.nextSteps.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return }
        var stampValues = values
        stampValues[ManifestDecoder.destinationToken] = Formatting.shellArgument(request.folder)
        let stamped = Stamper(values: stampValues).stamp(text)
        report.nextSteps = stamped
        console.say("")
        console.say(console.style("Next steps:", .bold))
        for line in stamped.split(separator: "\n", omittingEmptySubsequences: false) {
            console.say(line.isEmpty ? "" : "  " + line)
        }
    }
}
