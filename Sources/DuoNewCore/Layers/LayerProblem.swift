/// Why a recipe's layers cannot be put together. Each message is defined here once.
public enum LayerProblem: Sendable, Hashable {
    /// `layers` names a folder that is not beside the recipe.
    case missingLayer(name: String, folder: String, suggestion: String?)
    /// `layers` names a recipe's folder, which holds `template.yaml` rather than `layer.yaml`.
    case recipeNotLayer(name: String)
    /// Layers that use each other in a loop; `chain` starts and ends with the same name.
    case cycle(chain: [String])
    /// Two trees provide the same path and the later one does not declare that it replaces it.
    case collision(path: String, first: String, firstFile: String, second: String, secondFile: String, manifest: String)
    /// The same path is a folder in one tree and a file or link in another.
    case kindClash(path: String, first: String, firstFile: String, second: String, secondFile: String)
    /// A `replaces` entry that names nothing in the tree of the manifest listing it.
    case replacedPathMissing(path: String, source: String)
    /// A `replaces` entry that no earlier tree provides, so it replaces nothing.
    case replacesNothing(path: String)
    /// A `replaces` entry that is a folder.
    case replacesFolder(path: String)
    /// A check takes its command from a layer the recipe does not use.
    case checkLayerNotUsed(check: String, layer: String, used: [String])
    /// A check takes its command from a layer that offers no check of that name.
    case checkNotOffered(check: String, layer: String, offered: [String])
    /// A layer's `include-if` condition that does not fit the placeholders of a recipe using it.
    case layerCondition(ConditionProblem, layer: String, recipe: String)
    /// A replacement its own `include-if` can leave out: the layer's file would go with it.
    case replacementLeftOut(path: String, condition: String)

    public var message: String {
        switch self {
        case .layerCondition(let problem, let layer, let recipe):
            return "\(problem.message) (a condition of layer '\(layer)', which recipe '\(recipe)' uses, so the recipe declares its names)"
        case .missingLayer(let name, let folder, let suggestion):
            let fix = suggestion.map { "did you mean '\($0)'?" }
                ?? "a layer is a folder beside the recipes holding '\(Manifest.layerFileName)' and '\(Manifest.treeFolderName)/'"
            return "no layer named '\(name)' in '\(folder)'; \(fix)"
        case .recipeNotLayer(let name):
            return "'\(name)' is a recipe, not a layer; move the files to share into a layer folder with a '\(Manifest.layerFileName)' and list that layer instead"
        case .cycle(let chain):
            return "layers use each other in a cycle: \(chain.joined(separator: " → ")); remove one of these uses"
        case .collision(let path, let first, let firstFile, let second, let secondFile, let manifest):
            return "'\(path)' comes from both \(first) ('\(firstFile)') and \(second) ('\(secondFile)'); remove one, or list '\(path)' under 'replaces' in '\(manifest)' to write the later one instead"
        case .kindClash(let path, let first, let firstFile, let second, let secondFile):
            return "'\(path)' is a folder in one tree and not in the other (\(first): '\(firstFile)'; \(second): '\(secondFile)'); rename one of them"
        case .replacedPathMissing(let path, let source):
            return "'\(path)' is listed under 'replaces', but the tree of \(source) has no file there; add the file or remove the entry"
        case .replacementLeftOut(let path, let condition):
            return "'\(DisplayPath.escaped(path))' replaces a layer's file, but its 'include-if' ('\(DisplayPath.escaped(condition))') can leave it out, and the project would then get neither file; give the condition to the layer's file instead, or write two variants with 'rename'"
        case .replacesNothing(let path):
            return "'\(path)' is listed under 'replaces', but no layer before this tree provides it; remove the entry"
        case .replacesFolder(let path):
            return "'\(path)' is a folder, and 'replaces' takes files and links (folders from several trees are merged); list the files in it instead"
        case .checkLayerNotUsed(let check, let layer, let used):
            let list = used.isEmpty ? "it uses none" : "it uses " + used.map { "'\($0)'" }.joined(separator: ", ")
            return "check '\(check)' takes its command from layer '\(layer)', which this recipe does not use (\(list)); add '\(layer)' to 'layers' or fix 'layer'"
        case .checkNotOffered(let check, let layer, let offered):
            let list = offered.isEmpty ? "it offers none" : "it offers " + offered.map { "'\($0)'" }.joined(separator: ", ")
            return "layer '\(layer)' offers no check named '\(check)' (\(list)); use one of its names or give the check a 'run'"
        }
    }
}
