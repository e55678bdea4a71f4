import DuoNewCore
import Foundation

extension GenerationPipeline {
    /// A dry run: every file is read and stamped as the write would, nothing is written; a token
    /// left unstamped is refused as the write would refuse it (78).
    public static func dryRun(_ prepared: Prepared) throws(GenerationFailure) {
        do {
            try DryRunScan.check(plan: prepared.plan, treeRoots: prepared.recipe.tree.treeRoots, values: prepared.values)
        } catch {
            throw failure(error, tree: prepared.recipe.tree, treePaths: prepared.treePaths, values: prepared.values)
        }
    }

    /// Writes the project with its record (`generator` names the writer in it); `progress` is told
    /// of each entry written. On any failure nothing is left behind.
    public static func write(
        _ prepared: Prepared, generator: String, interruption: Interruption?, progress: (ProjectWriter.Progress) -> Void = { _ in }
    ) throws(GenerationFailure) -> ProjectWriter.Summary {
        let recipe = prepared.recipe
        var record = GenerationRecord(
            generator: generator, recipe: recipe.manifest.name, version: recipe.manifest.version, values: prepared.values,
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
            prepared.replacement?.moveBack()
            throw failure(error, tree: recipe.tree, treePaths: prepared.treePaths, values: prepared.values)
        }
    }

    /// A write's failure, its leftover tokens placed at the template's own lines and columns.
    static func failure(_ error: WriteError, tree: RecipeTree, treePaths: [String], values: [String: String]) -> GenerationFailure {
        guard case .leftoverTokens(let leftovers, let total) = error else { return GenerationFailure(error) }
        let located = TemplateCoordinates.locate(leftovers, treeRoots: tree.treeRoots, values: values)
        var diagnostics = located.map { leftover in
            Diagnostic.error(
                at: SourceLocation(file: "\(treePaths[leftover.origin])/\(DisplayPath.escaped(leftover.path))", line: leftover.line, column: leftover.column),
                "'\(leftover.token)' is shaped like a token but is not a declared placeholder"
            )
        }
        if total > leftovers.count { diagnostics.append(Diagnostic(.note, "\(total - leftovers.count) more not shown")) }
        var failure = GenerationFailure(error, diagnostics: diagnostics)
        failure.leftovers = located
        return failure
    }
}
