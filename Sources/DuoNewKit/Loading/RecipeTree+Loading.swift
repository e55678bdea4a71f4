import DuoNewCore
import Foundation

/// A recipe's trees found, loaded and listed from disk: the file system half of `RecipeTree`,
/// whose manifest rules (in the core) work on what is loaded here.
extension RecipeTree {
    /// What `.duo-new.json` records of the layers.
    public var layerRecords: [GenerationRecord.Layer] {
        layers.map { GenerationRecord.Layer(name: $0.name, version: $0.manifest.version) }
    }

    /// The trees' listings laid over one another (`TreeComposer`); each tree is read from disk
    /// by `read` (by default `TreeReader`).
    public func listing(
        reading read: (URL) throws(WriteError) -> TreeListing = { tree throws(WriteError) in try TreeReader.read(tree: tree) }
    ) throws(RecipeTreeError) -> TreeListing {
        var parts: [TreeComposer.Part] = []
        for source in sources {
            do {
                parts.append(TreeComposer.Part(source: source, listing: try read(source.tree)))
            } catch {
                throw .unreadable(error)
            }
        }
        do {
            return try TreeComposer.compose(parts)
        } catch {
            throw .layers(error)
        }
    }

    /// Finds and loads the layers `top` uses, recursively, in the folder that holds `top`'s; their
    /// diagnostics name them the way `top.display` names it (`Templates/duo-app` beside
    /// `Templates/recipe-x`).
    public static func load(top: TreeSource) throws(LayerError) -> RecipeTree {
        guard !top.manifest.layers.isEmpty else { return RecipeTree(sources: [top]) }
        let parent = top.folder.standardizedFileURL.deletingLastPathComponent()
        let parentDisplay = TreeSource.parentDisplay(of: top.display)
        var loaded: [String: TreeSource] = [:]
        var diagnostics: [Diagnostic] = []

        func uses(of source: TreeSource) -> [LayerOrder.Use] {
            source.manifest.layers.enumerated().map { index, name in
                let written = source.locations.layers
                return LayerOrder.Use(name: name, location: index < written.count ? written[index] : source.locations.root)
            }
        }
        // Each layer is loaded once, when the walk first reaches it; a failure is reported at
        // the `layers` entry that reached it, and the layer is then a leaf.
        let order = LayerOrder.order(root: top.name, uses: uses(of: top)) { use in
            do throws(LayerError) {
                let source = try loadLayer(
                    name: use.name, folder: parent.appendingPathComponent(use.name), display: TreeSource.join(parentDisplay, use.name),
                    parent: parent, parentDisplay: parentDisplay
                )
                loaded[use.name] = source
                return uses(of: source)
            } catch {
                diagnostics += error.diagnostics.map { diagnostic in
                    var diagnostic = diagnostic
                    if diagnostic.location == nil { diagnostic.location = use.location }
                    return diagnostic
                }
                return nil
            }
        }
        switch order {
        case .failure(let found):
            diagnostics.append(.error(at: found.cycle.location, LayerProblem.cycle(chain: found.cycle.chain).message))
        case .success(let names):
            if diagnostics.isEmpty {
                return RecipeTree(sources: names.compactMap { loaded[$0] } + [top])
            }
        }
        throw LayerError(diagnostics: diagnostics)
    }

    /// One layer folder: its `layer.yaml` decoded, or why it is not a layer.
    private static func loadLayer(name: String, folder: URL, display: String, parent: URL, parentDisplay: String) throws(LayerError) -> TreeSource {
        let manager = FileManager.default
        guard manager.fileExists(atPath: folder.appendingPathComponent(Manifest.layerFileName).path) else {
            if manager.fileExists(atPath: folder.appendingPathComponent(Manifest.fileName).path) {
                throw LayerError(.recipeNotLayer(name: name), at: nil)
            }
            let layers = ((try? manager.contentsOfDirectory(atPath: parent.path)) ?? []).filter {
                manager.fileExists(atPath: parent.appendingPathComponent($0).appendingPathComponent(Manifest.layerFileName).path)
            }
            let shown = parentDisplay.isEmpty ? "." : parentDisplay
            throw LayerError(.missingLayer(name: name, folder: shown, suggestion: NameSuggestion.closest(to: name, among: layers.sorted())), at: nil)
        }
        do {
            let (manifest, locations) = try ManifestDecoder.loadLayerLocated(
                layerFolder: folder, displayPath: TreeSource.join(display, Manifest.layerFileName)
            )
            return TreeSource(name: name, role: .layer, folder: folder, display: display, manifest: manifest, locations: locations)
        } catch {
            throw LayerError(diagnostics: error.diagnostics)
        }
    }
}

/// Why a layered recipe's combined tree could not be listed.
public enum RecipeTreeError: Error, Sendable {
    /// A tree could not be read from disk.
    case unreadable(WriteError)
    /// The trees do not fit together (collisions, `replaces` entries that replace nothing).
    case layers(LayerError)
}
