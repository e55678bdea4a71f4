import DuoNewCore
import Foundation

extension GenerationPipeline {
    /// A dry run: every file is read and stamped as the write would, nothing is written; a token
    /// left unstamped is refused as the write would refuse it (78). Returns the bytes the files
    /// would hold, stamped (the plan's own figure is the recipe's, before stamping).
    public static func dryRun(_ prepared: Prepared) throws(GenerationFailure) -> Int64 {
        do {
            return try DryRunScan.check(plan: prepared.plan, treeRoots: prepared.recipe.tree.treeRoots, values: prepared.values)
        } catch {
            throw failure(error, recipe: prepared.recipe, treePaths: prepared.treePaths, values: prepared.values)
        }
    }

    /// The project's lock, as `update` takes it, on a destination that is a folder already (the
    /// project `--replace` moves aside, or an empty folder): generating while it is being updated
    /// or checked is refused (75) before anything is moved or written. Nil when there is no folder
    /// yet, or where the file system takes no locks.
    public static func lock(_ prepared: Prepared, shownAs folder: String, exclusive: Bool) throws(GenerationFailure) -> ProjectLock? {
        guard POSIX.linkInfo(prepared.destination.path).map(POSIX.isDirectory) == true else { return nil }
        return try RecordedProject.lock(prepared.destination.path, folder: folder, exclusive: exclusive)
    }

    /// A user's generation: the project written (`write`), then its files kept as the bases of a
    /// later update's line merges (docs/updating.md) in the store `environment` names, if any.
    /// Update's staging, lint's trial and the bases' own regeneration write without keeping.
    public static func generate(
        _ prepared: Prepared, generator: String, environment: [String: String], interruption: Interruption?,
        progress: (ProjectWriter.Progress) -> Void = { _ in }
    ) throws(GenerationFailure) -> ProjectWriter.Summary {
        let summary = try write(prepared, generator: generator, interruption: interruption, progress: progress)
        BaseStore.locate(environment: environment)?.keep(
            summary.recorded, from: prepared.destination.path, leavingOut: SecretHolders.paths(prepared.plan, recipe: prepared.recipe)
        )
        return summary
    }

    /// Writes the project with its record (`generator` names the writer in it); `progress` is told
    /// of each entry written. On any failure nothing is left behind.
    public static func write(
        _ prepared: Prepared, generator: String, interruption: Interruption?, progress: (ProjectWriter.Progress) -> Void = { _ in }
    ) throws(GenerationFailure) -> ProjectWriter.Summary {
        let recipe = prepared.recipe
        var record = GenerationRecord(
            generator: generator, recipe: recipe.manifest.name, version: recipe.manifest.version, values: recipe.manifest.withoutSecrets(prepared.values),
            layers: recipe.tree.layerRecords
        )
        var source = recipe.source
        // `generator` is `duo-new VERSION`: a bundled recipe is that version's.
        if source.kind == .bundled { source.duoNewVersion = String(generator.split(separator: " ").last ?? "") }
        record.source = source
        let writer = ProjectWriter(
            plan: prepared.plan, treeRoots: recipe.tree.treeRoots, destination: prepared.destination, values: prepared.values,
            record: record, interruption: interruption
        )
        try prepared.replacement?.moveAside()
        do {
            return try writer.write(progress: progress)
        } catch {
            let failed = failure(error, recipe: recipe, treePaths: prepared.treePaths, values: prepared.values)
            throw prepared.replacement?.moveBack(after: failed) ?? failed
        }
    }

    /// A write's failure, its leftover tokens placed at the template's own lines and columns,
    /// each with the declared token it was probably meant to be, if one is close.
    static func failure(_ error: WriteError, recipe: LoadedRecipe, treePaths: [String], values: [String: String]) -> GenerationFailure {
        guard case .leftoverTokens(let leftovers, let total) = error else { return GenerationFailure(error) }
        let located = TemplateCoordinates.locate(leftovers, treeRoots: recipe.tree.treeRoots, values: values)
        let declared = recipe.manifest.placeholders.map(\.name)
        // A leftover is the template's own text (a value only breaks it), but that text may
        // happen to spell a secret's value: shown without it, so no diagnostic confirms a secret.
        let secrets = recipe.manifest.secretValues(values)
        var diagnostics = located.map { leftover in
            let meant = TokenGrammar.likelyMeant(leftover.token, declared: declared)
            let shown = secrets.reduce(leftover.token) { text, secret in text.replacingOccurrences(of: secret, with: "(a secret, not shown)") }
            return Diagnostic.error(
                at: SourceLocation(file: "\(treePaths[leftover.origin])/\(DisplayPath.escaped(leftover.path))", line: leftover.line, column: leftover.column),
                "'\(shown)' is shaped like a token but is not a declared placeholder",
                help: meant.map { "did you mean '\($0)'?" }
            )
        }
        if total > leftovers.count { diagnostics.append(Diagnostic(.note, "\(total - leftovers.count) more not shown")) }
        diagnostics.append(Diagnostic(
            .note, "declare each under 'placeholders' in the recipe's \(Manifest.fileName), or list a word meant to stay as it is under 'not-tokens'"
        ))
        var failure = GenerationFailure(error, diagnostics: diagnostics)
        failure.leftovers = located
        return failure
    }
}
