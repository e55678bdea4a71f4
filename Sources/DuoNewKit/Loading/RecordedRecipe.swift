import DuoNewCore
import Foundation

/// Where `check` and `update` look for the recipe a project's record names.
public struct RecordedRecipe {
    /// The catalog for a `--templates`-like value (nil: `DUO_NEW_TEMPLATES` or the bundled
    /// recipes), a `git+…` value cloned or found in the cache; `offline` uses the cache alone.
    public typealias CatalogProvider = (_ option: String?, _ offline: Bool) throws(GenerationFailure) -> TemplateCatalog

    /// `--templates`, if given.
    public var templates: String?
    /// `--offline`.
    public var offline: Bool
    public var environment: [String: String]
    public var workingDirectory: String
    public var catalog: CatalogProvider

    public init(templates: String?, offline: Bool, environment: [String: String], workingDirectory: String, catalog: @escaping CatalogProvider) {
        self.templates = templates
        self.offline = offline
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.catalog = catalog
    }

    /// From `--templates`, else from `DUO_NEW_TEMPLATES`, else from where the record says the
    /// recipe came from (`source`: its git repository, fetched again when it follows a branch;
    /// its folder; the bundled recipes), else where generation looks; then loaded as generation
    /// loads it. A recorded folder that is gone, or no longer holds the recipe, is named in the
    /// message (66) with the way to point at it. A recorded folder inside the project (`project`,
    /// shown as `folder`) is refused (65): generation starts from an empty folder, so no recipe
    /// was ever there, and a record naming one would run checks the project itself brought.
    public func load(_ record: GenerationRecord, project: String, shownAs folder: String) throws(GenerationFailure) -> LoadedRecipe {
        let source = templates == nil && environment[TemplateCatalog.environmentVariable] == nil ? record.recipeSource : nil
        var option = templates
        switch source?.kind {
        case .git?: option = source?.url
        case .folder?:
            let resolved = source?.resolved ?? ""
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), isFolder.boolValue else {
                throw GenerationFailure(.noRecipe, Self.gone(record, source: source, why: "which is no longer there"))
            }
            // The system's resolution (`/proc/self/cwd/…` included), not a textual one.
            let real = { (path: String) in RecordedFolderOwnership.realPath(path) ?? path }
            if real(resolved) == real(project) || real(resolved).hasPrefix(real(project) + "/") {
                throw GenerationFailure(
                    .badValue,
                    "'\(folder)/\(Planner.recordFileName)' says the recipe came from '\(RecordedProject.shown(resolved))', inside the project itself, where no recipe a project was generated from can be; it may have been edited by hand; restore it from version control, or point at the recipe with '--templates DIR'"
                )
            }
            option = resolved
        case .bundled?, nil: break
        }
        let catalog: TemplateCatalog
        do {
            catalog = try self.catalog(option, offline)
        } catch {
            // A recorded repository that cannot be had: git's reason, then where it was and the way on.
            guard case .git? = source?.kind, error.kind == .noRecipe else { throw error }
            var failure = error
            failure.message += "; the project's recipe '\(RecordedProject.shown(record.recipe))' came from \(source?.described ?? "git"); point at a copy of it with '--templates DIR' (or DUO_NEW_TEMPLATES)"
            throw failure
        }
        do {
            var loaded = try RecipeLoading.load(record.recipe, catalog: catalog, workingDirectory: workingDirectory)
            // Found where the record said: the folder stays recorded as the user first gave it.
            if let source, source.kind == .folder, loaded.source.kind == .folder { loaded.source = source }
            return loaded
        } catch {
            var failure = error
            if case .folder? = source?.kind, failure.kind == .noRecipe {
                failure.message = Self.gone(record, source: source, why: "which no longer holds it")
            }
            throw failure
        }
    }

    /// The folder only the record names (no `--templates`, no DUO_NEW_TEMPLATES) that the recipe
    /// was loaded from, whose checks run unasked only while it is the user's own
    /// (`RecipeTrust`); nil for a folder the user gave, a bundled recipe or one from git.
    public func recordedFolder(_ record: GenerationRecord) -> String? {
        guard templates == nil, environment[TemplateCatalog.environmentVariable] == nil,
              let source = record.recipeSource, source.kind == .folder else { return nil }
        return source.resolved
    }

    /// Where the recipe was, and how to point at it now.
    private static func gone(_ record: GenerationRecord, source: RecipeSource?, why: String) -> String {
        let recipe = RecordedProject.shown(record.recipe)
        let place = source?.described ?? "a folder"
        return "the project's recipe '\(recipe)' came from \(place), \(why); point at the folder that holds '\(recipe)/' now with '--templates DIR' (or DUO_NEW_TEMPLATES)"
    }
}
