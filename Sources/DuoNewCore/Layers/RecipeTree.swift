import Foundation

/// A recipe with its layers found and loaded: the trees to read, in order (layers first, the
/// recipe last), and the manifest that applies across them.
///
/// Layers are found beside the recipe: `layers: [duo-app]` in `Templates/recipe-x/template.yaml`
/// names `Templates/duo-app/`, which holds `layer.yaml` and `template/`. A recipe without
/// layers is its own tree alone, read exactly as before.
public struct RecipeTree: Sendable {
    /// The layers in the order their trees are laid down, then the recipe (or the layer being
    /// checked on its own) last.
    public var sources: [TreeSource]

    public init(sources: [TreeSource]) {
        self.sources = sources
    }

    /// The recipe (or lone layer) these trees are for.
    public var top: TreeSource { sources[sources.count - 1] }
    public var layers: ArraySlice<TreeSource> { sources.dropLast() }
    public var treeRoots: [URL] { sources.map(\.tree) }

    /// The top manifest as generation uses it: the layers' `verbatim` globs, `not-tokens` words
    /// and `include-if` entries join its own (they apply across the combined tree), and each check
    /// taken from a layer gets that layer's command.
    public func effectiveManifest() throws(LayerError) -> Manifest {
        var manifest = top.manifest
        manifest.verbatim = layers.flatMap(\.manifest.verbatim) + manifest.verbatim
        for word in layers.flatMap(\.manifest.notTokens) where !manifest.notTokens.contains(word) {
            manifest.notTokens.append(word)
        }
        var diagnostics: [Diagnostic] = []
        for (index, check) in manifest.checks.enumerated() {
            guard let layerName = check.layer else { continue }
            let location = index < top.locations.checkRuns.count ? top.locations.checkRuns[index] : top.locations.root
            guard let layer = layers.first(where: { $0.name == layerName }) else {
                diagnostics.append(.error(at: location, LayerProblem.checkLayerNotUsed(check: check.name, layer: layerName, used: layers.map(\.name)).message))
                continue
            }
            let offered = layer.manifest.checks.filter { $0.layer == nil }
            guard let offeredCheck = offered.first(where: { $0.name == check.name }) else {
                diagnostics.append(.error(at: location, LayerProblem.checkNotOffered(check: check.name, layer: layerName, offered: offered.map(\.name)).message))
                continue
            }
            manifest.checks[index].run = offeredCheck.run
            // The recipe's own timeout for the check wins over the layer's.
            if check.timeout == nil { manifest.checks[index].timeout = offeredCheck.timeout }
            // So do its needs; a check the layer makes opt-in stays opt-in.
            if check.needs == nil { manifest.checks[index].needs = offeredCheck.needs }
            manifest.checks[index].optIn = check.optIn || offeredCheck.optIn
        }
        if top.role == .recipe { diagnostics += layerConditionProblems(placeholders: manifest.placeholders) }
        diagnostics += replacementsLeftOut()
        manifest.includeIf = layers.flatMap(\.manifest.includeIf) + manifest.includeIf
        guard diagnostics.isEmpty else { throw LayerError(diagnostics: diagnostics) }
        return manifest
    }

    /// Each replacement that its own manifest's `include-if` can leave out: the composed tree
    /// holds only the replacement, so leaving it out would leave out the layer's file too.
    private func replacementsLeftOut() -> [Diagnostic] {
        sources.flatMap { source in
            source.manifest.replaces.enumerated().compactMap { index, path -> Diagnostic? in
                guard let entry = source.manifest.includeIf.first(where: { $0.covers(path) }) else { return nil }
                let location = index < source.locations.replaces.count ? source.locations.replaces[index] : source.locations.root
                return .error(at: location, LayerProblem.replacementLeftOut(path: path, condition: "\(entry.path): \(entry.text)").message)
            }
        }
    }

    /// A layer's conditions name the tokens of the recipe that uses it: each is checked against
    /// the recipe's placeholders, and reported at the layer's manifest.
    private func layerConditionProblems(placeholders: [Placeholder]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for layer in layers {
            for (index, entry) in layer.manifest.includeIf.enumerated() {
                let place = index < layer.locations.includeIf.count ? layer.locations.includeIf[index] : nil
                for (offset, problem) in entry.condition.problems(against: placeholders) {
                    diagnostics.append(.error(
                        at: place?.location(ofOffset: offset) ?? layer.locations.root,
                        LayerProblem.layerCondition(problem, layer: layer.name, recipe: top.name).message
                    ))
                }
            }
        }
        return diagnostics
    }
}
