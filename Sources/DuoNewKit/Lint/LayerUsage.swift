import DuoNewCore
import Foundation

/// A layer as the recipes beside it see it: linting a layer alone cannot check the tokens its
/// files use, nor collisions and lengths, since those depend on each recipe. This runs the lint
/// of every recipe in the layer's folder that uses it (directly or through another layer) and
/// keeps what those runs find in the layer's own folder.
enum LayerUsage {
    /// The diagnostics located in the layer's folder, from each recipe using `layer`.
    static func diagnostics(layer: TreeSource, interruption: Interruption? = nil) -> [Diagnostic] {
        let parent = layer.folder.standardizedFileURL.deletingLastPathComponent()
        let parentDisplay = TreeSource.parentDisplay(of: layer.display)
        // How the recipes' runs name the layer's folder (`../duo-app` when it is linted as `.`).
        let shownThere = TreeSource.join(parentDisplay, layer.name)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).sorted()
        var found: [Diagnostic] = []
        for name in names where name != layer.name && !name.hasPrefix(".") && interruption?.received == nil {
            let folder = parent.appendingPathComponent(name)
            let display = TreeSource.join(parentDisplay, name)
            guard uses(layer.name, recipeFolder: folder, display: display) else { continue }
            var pass = LintPass(recipeFolder: folder, displayFolder: display, interruption: interruption)
            pass.run()
            for var diagnostic in pass.diagnostics {
                guard let file = diagnostic.location?.file, file.hasPrefix(shownThere + "/") else { continue }
                diagnostic.location?.file = TreeSource.join(layer.display, String(file.dropFirst(shownThere.count + 1)))
                if !found.contains(diagnostic) { found.append(diagnostic) }
            }
        }
        return found
    }

    /// Whether the recipe in `recipeFolder` loads and has `layer` among its layers.
    private static func uses(_ layer: String, recipeFolder: URL, display: String) -> Bool {
        guard let loaded = try? ManifestDecoder.loadLocated(recipeFolder: recipeFolder, displayPath: TreeSource.join(display, Manifest.fileName)),
              !loaded.manifest.layers.isEmpty else { return false }
        let top = TreeSource(
            name: loaded.manifest.name, role: .recipe, folder: recipeFolder, display: display,
            manifest: loaded.manifest, locations: loaded.locations
        )
        return (try? RecipeTree.load(top: top))?.layers.contains { $0.name == layer } ?? false
    }
}
