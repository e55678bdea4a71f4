/// Why a recipe could not be found. Each message is defined here once.
public enum CatalogError: Error, Sendable, Hashable {
    /// `--templates` or `DUO_NEW_TEMPLATES` names a folder that does not exist.
    case templatesFolderMissing(path: String, origin: TemplateCatalog.Origin)
    /// No option, no variable, and no bundled `Templates/` near the executable or its sources.
    case bundledTemplatesNotFound
    case unknownRecipe(name: String, suggestion: String?, available: [String])
    /// A recipe given as a path (`./my-recipe`) that is not a folder.
    case recipeFolderMissing(path: String)
    /// The name (or folder) is a layer's, which is generated only as part of a recipe.
    case layerNotRecipe(name: String)

    public var message: String {
        switch self {
        case .templatesFolderMissing(let path, let origin):
            "the templates folder '\(path)' (from \(origin.description)) does not exist; point it at a folder holding recipe folders"
        case .bundledTemplatesNotFound:
            "no templates folder found beside this duo-new; pass '--templates DIR' or set DUO_NEW_TEMPLATES"
        case .unknownRecipe(let name, let suggestion, let available):
            if let suggestion {
                "no recipe named '\(name)'; did you mean '\(suggestion)'?"
            } else if available.isEmpty {
                "no recipe named '\(name)', and the templates folder holds none"
            } else {
                "no recipe named '\(name)'; available: \(available.map { "'\($0)'" }.joined(separator: ", "))"
            }
        case .recipeFolderMissing(let path):
            "the recipe folder '\(path)' does not exist"
        case .layerNotRecipe(let name):
            "'\(name)' is a layer, not a recipe; a layer is generated only as part of a recipe that lists it under 'layers' ('duo-new list' shows the recipes)"
        }
    }
}
