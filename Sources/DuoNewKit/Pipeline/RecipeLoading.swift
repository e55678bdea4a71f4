import DuoNewCore
import Foundation

/// A recipe found in the catalog and loaded with its layers, the one way generation, `check`,
/// `update`, lint and the prompt all do it, so a recipe is found and refused alike by each.
public struct LoadedRecipe: Sendable {
    public var folder: URL
    /// How diagnostics name its manifest: relative to the working folder when it lies below it.
    public var manifestPath: String
    public var tree: RecipeTree
    /// The effective manifest (`RecipeTree.effectiveManifest`).
    public var manifest: Manifest
    /// The git repository it came from, if it did: its checks then need consent, and the record
    /// names the commit.
    public var checkout: GitCheckout?
    /// Where it was found, for the record (`TemplateCatalog.source(of:argument:)`).
    public var source: RecipeSource
}

public enum RecipeLoading {
    /// The folder of the recipe named `recipe` (a name, or a folder path holding a `/`), or why
    /// there is none (66).
    public static func folder(_ recipe: String, catalog: TemplateCatalog, workingDirectory: String) throws(GenerationFailure) -> URL {
        do {
            return try catalog.recipeFolder(for: recipe, workingDirectory: workingDirectory)
        } catch {
            throw GenerationFailure(.noRecipe, error.message)
        }
    }

    /// The recipe named `recipe` (a name, or a folder path holding a `/`), or why it cannot be
    /// used: not there (66), or broken (78).
    public static func load(_ recipe: String, catalog: TemplateCatalog, workingDirectory: String) throws(GenerationFailure) -> LoadedRecipe {
        let folder = try Self.folder(recipe, catalog: catalog, workingDirectory: workingDirectory)
        let manifestPath = TemplateCatalog.displayPath(of: folder, base: workingDirectory)
        let tree = try loadTree(folder, recipe: recipe, manifestPath: manifestPath)
        do {
            return LoadedRecipe(
                folder: folder, manifestPath: manifestPath, tree: tree, manifest: try tree.effectiveManifest(), checkout: catalog.checkout(holding: folder),
                source: catalog.source(of: folder, argument: recipe)
            )
        } catch {
            throw .brokenRecipe(recipe, manifestPath: manifestPath, diagnostics: error.diagnostics)
        }
    }

    /// The recipe's manifest and the layers it uses, or why they do not load (78).
    public static func loadTree(_ recipeFolder: URL, recipe: String, manifestPath: String) throws(GenerationFailure) -> RecipeTree {
        let loaded: (manifest: Manifest, locations: ManifestLocations)
        do {
            loaded = try ManifestDecoder.loadLocated(recipeFolder: recipeFolder, displayPath: manifestPath)
        } catch {
            throw .brokenRecipe(recipe, manifestPath: manifestPath, diagnostics: error.diagnostics)
        }
        let display = String(manifestPath.dropLast(Manifest.fileName.count + 1))
        let top = TreeSource(
            name: loaded.manifest.name, role: .recipe, folder: recipeFolder, display: display.isEmpty ? "." : display,
            manifest: loaded.manifest, locations: loaded.locations
        )
        do {
            return try RecipeTree.load(top: top)
        } catch {
            throw .brokenRecipe(recipe, manifestPath: manifestPath, diagnostics: error.diagnostics)
        }
    }

    /// The combined tree of the recipe and its layers, as one listing: unreadable (74), or trees
    /// that do not fit together (78).
    public static func readListing(_ loaded: LoadedRecipe, recipe: String) throws(GenerationFailure) -> TreeListing {
        do {
            return try loaded.tree.listing()
        } catch {
            switch error {
            case .unreadable(let writeError): throw GenerationFailure(.io, writeError.message)
            case .layers(let layerError): throw .brokenRecipe(recipe, manifestPath: loaded.manifestPath, diagnostics: layerError.diagnostics)
            }
        }
    }
}
