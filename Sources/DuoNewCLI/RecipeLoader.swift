import DuoNewCore
import DuoNewKit
import Foundation

/// Where `check` and `update` look for the recipe a project's record names.
enum RecipeLoader {
    /// From `--templates`, else from `DUO_NEW_TEMPLATES`, else from where the record says the
    /// recipe came from (`source`: its git repository, fetched again when it follows a branch;
    /// its folder; the bundled recipes), else where generation looks; then loaded as generation
    /// loads it. A recorded folder that is gone, or no longer holds the recipe, is named in the
    /// message (66) with the way to point at it. A recorded folder inside the project (`project`,
    /// shown as `folder`) is refused (65): generation starts from an empty folder, so no recipe
    /// was ever there, and a record naming one would run checks the project itself brought.
    static func loadRecorded(
        _ record: GenerationRecord, project: String, shownAs folder: String, options: CommonOptions, context: CommandContext
    ) throws(Failure) -> LoadedRecipe {
        let source = options.templates == nil && context.environment[TemplateCatalog.environmentVariable] == nil ? record.recipeSource : nil
        var option = options.templates
        switch source?.kind {
        case .git?: option = source?.url
        case .folder?:
            let resolved = source?.resolved ?? ""
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), isFolder.boolValue else {
                throw Failure(code: .noRecipe, message: gone(record, source: source, why: "which is no longer there"))
            }
            // The system's resolution (`/proc/self/cwd/…` included), not a textual one.
            let real = { (path: String) in RecordedFolderOwnership.realPath(path) ?? path }
            if real(resolved) == real(project) || real(resolved).hasPrefix(real(project) + "/") {
                throw Failure(
                    code: .badValue,
                    message: "'\(folder)/\(Planner.recordFileName)' says the recipe came from '\(ProjectAccess.shown(resolved))', inside the project itself, where no recipe a project was generated from can be; it may have been edited by hand; restore it from version control, or point at the recipe with '--templates DIR'"
                )
            }
            option = resolved
        case .bundled?, nil: break
        }
        let catalog: TemplateCatalog
        do {
            catalog = try context.catalog(option: option, offline: options.offline)
        } catch {
            // A recorded repository that cannot be had: git's reason, then where it was and the way on.
            guard case .git? = source?.kind, error.code == .noRecipe else { throw error }
            var failure = error
            failure.message += "; the project's recipe '\(ProjectAccess.shown(record.recipe))' came from \(source?.described ?? "git"); point at a copy of it with '--templates DIR' (or DUO_NEW_TEMPLATES)"
            throw failure
        }
        do {
            var loaded = try RecipeLoading.load(record.recipe, catalog: catalog, workingDirectory: context.workingDirectory)
            // Found where the record said: the folder stays recorded as the user first gave it.
            if let source, source.kind == .folder, loaded.source.kind == .folder { loaded.source = source }
            return loaded
        } catch {
            var failure = Failure(error)
            if case .folder? = source?.kind, failure.code == .noRecipe {
                failure.message = gone(record, source: source, why: "which no longer holds it")
            }
            throw failure
        }
    }

    /// The folder only the record names (no `--templates`, no DUO_NEW_TEMPLATES) that the recipe
    /// was loaded from, whose checks run unasked only while it is the user's own
    /// (`RecipeTrust`); nil for a folder the user gave, a bundled recipe or one from git.
    static func recordedFolder(_ record: GenerationRecord, options: CommonOptions, context: CommandContext) -> String? {
        guard options.templates == nil, context.environment[TemplateCatalog.environmentVariable] == nil,
              let source = record.recipeSource, source.kind == .folder else { return nil }
        return source.resolved
    }

    /// Where the recipe was, and how to point at it now.
    private static func gone(_ record: GenerationRecord, source: RecipeSource?, why: String) -> String {
        let recipe = ProjectAccess.shown(record.recipe)
        let place = source?.described ?? "a folder"
        return "the project's recipe '\(recipe)' came from \(place), \(why); point at the folder that holds '\(recipe)/' now with '--templates DIR' (or DUO_NEW_TEMPLATES)"
    }
}
