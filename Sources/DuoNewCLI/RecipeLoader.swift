import DuoNewCore
import DuoNewKit
import Foundation

/// Finds a recipe in the catalog and loads its manifest with its layers: shared by generation,
/// `duo-new check` and `duo-new update`, so a recipe is found and refused the same way by each.
enum RecipeLoader {
    struct Loaded {
        var folder: URL
        var manifestPath: String
        var tree: RecipeTree
        var manifest: Manifest
    }

    /// The recipe named `recipe` (a name or a folder path), or why it cannot be used (66, 78).
    static func load(_ recipe: String, catalog: TemplateCatalog, context: CommandContext) throws(Failure) -> Loaded {
        let folder: URL
        do {
            folder = try catalog.recipeFolder(for: recipe, workingDirectory: context.workingDirectory)
        } catch {
            throw Failure(code: .noRecipe, message: error.message)
        }
        let manifestPath = TemplateCatalog.displayPath(of: folder, base: context.workingDirectory)
        let tree = try loadTree(folder, recipe: recipe, manifestPath: manifestPath)
        do {
            return Loaded(folder: folder, manifestPath: manifestPath, tree: tree, manifest: try tree.effectiveManifest())
        } catch {
            throw brokenRecipe(recipe, manifestPath: manifestPath, details: error.diagnostics)
        }
    }

    /// The recipe a project's record names, for `check` and `update`: from `--templates`, else
    /// from the git source the record names (unless `DUO_NEW_TEMPLATES` says otherwise), else
    /// where generation looks.
    static func loadRecorded(_ record: GenerationRecord, options: CommonOptions, context: CommandContext) throws(Failure) -> (catalog: TemplateCatalog, loaded: Loaded) {
        let recordedSource = context.environment[TemplateCatalog.environmentVariable] == nil ? record.templates?.url : nil
        let catalog = try context.catalog(option: options.templates ?? recordedSource, offline: options.offline)
        return (catalog, try load(record.recipe, catalog: catalog, context: context))
    }

    /// The recipe's manifest and the layers it uses, or why they do not load (78).
    static func loadTree(_ recipeFolder: URL, recipe: String, manifestPath: String) throws(Failure) -> RecipeTree {
        let loaded: (manifest: Manifest, locations: ManifestLocations)
        do {
            loaded = try ManifestDecoder.loadLocated(recipeFolder: recipeFolder, displayPath: manifestPath)
        } catch {
            throw brokenRecipe(recipe, manifestPath: manifestPath, details: error.diagnostics)
        }
        let display = String(manifestPath.dropLast(Manifest.fileName.count + 1))
        let top = TreeSource(
            name: loaded.manifest.name, role: .recipe, folder: recipeFolder, display: display.isEmpty ? "." : display,
            manifest: loaded.manifest, locations: loaded.locations
        )
        do {
            return try RecipeTree.load(top: top)
        } catch {
            throw brokenRecipe(recipe, manifestPath: manifestPath, details: error.diagnostics)
        }
    }

    /// The combined tree of the recipe and its layers, as one listing.
    static func readListing(_ recipeTree: RecipeTree, recipe: String, manifestPath: String) throws(Failure) -> TreeListing {
        do {
            return try recipeTree.listing()
        } catch {
            switch error {
            case .unreadable(let writeError): throw Failure(code: .ioError, message: writeError.message)
            case .layers(let layerError): throw brokenRecipe(recipe, manifestPath: manifestPath, details: layerError.diagnostics)
            }
        }
    }

    static func brokenRecipe(_ recipe: String, manifestPath: String, details: [Diagnostic]) -> Failure {
        let folder = Formatting.shellQuoted(String(manifestPath.dropLast(Manifest.fileName.count + 1)))
        return Failure(
            code: .brokenTemplate,
            message: "the recipe '\(recipe)' is broken; 'duo-new lint \(folder)' shows every problem",
            details: details.map(\.rendered)
        )
    }
}
