import DuoNewCore
import DuoNewKit

/// Where `check` and `update` look for the recipe a project's record names.
enum RecipeLoader {
    /// From `--templates`, else from the git source the record names (unless `DUO_NEW_TEMPLATES`
    /// says otherwise), else where generation looks; then loaded as generation loads it.
    static func loadRecorded(_ record: GenerationRecord, options: CommonOptions, context: CommandContext) throws(Failure) -> LoadedRecipe {
        let recordedSource = context.environment[TemplateCatalog.environmentVariable] == nil ? record.templates?.url : nil
        let catalog = try context.catalog(option: options.templates ?? recordedSource, offline: options.offline)
        do {
            return try RecipeLoading.load(record.recipe, catalog: catalog, workingDirectory: context.workingDirectory)
        } catch {
            throw Failure(error)
        }
    }
}
