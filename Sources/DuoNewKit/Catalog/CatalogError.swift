import DuoNewCore

/// Why a recipe could not be found. Each message is defined here once.
public enum CatalogError: Error, Sendable, Hashable {
    /// `--templates` or `DUO_NEW_TEMPLATES` names a folder that does not exist.
    case templatesFolderMissing(path: String, origin: TemplateCatalog.Origin)
    /// `--templates` or `DUO_NEW_TEMPLATES` names a file.
    case templatesFolderIsAFile(path: String, origin: TemplateCatalog.Origin)
    /// `--templates` or `DUO_NEW_TEMPLATES` names one recipe's folder rather than the folder holding recipes.
    case templatesFolderIsARecipe(path: String, origin: TemplateCatalog.Origin, parent: String)
    /// No option, no variable, and no bundled `Templates/` near the executable or its sources.
    case bundledTemplatesNotFound
    case unknownRecipe(name: String, suggestion: String?, available: [String])
    /// A name that is no recipe's, held by the names of several (`recipe`): those are the candidates.
    case ambiguousRecipe(name: String, candidates: [String])
    /// A recipe given as a path (`./my-recipe`) that does not exist.
    case recipeFolderMissing(path: String)
    /// A recipe given as a path that is a file.
    case recipeFolderIsAFile(path: String)
    /// The name (or folder) is a layer's, which is generated only as part of a recipe.
    case layerNotRecipe(name: String)

    public var message: String {
        switch self {
        case .templatesFolderMissing(let path, let origin) where path == "~" || path.hasPrefix("~/"):
            // `export DUO_NEW_TEMPLATES="~/Recipes"`: quoted, the shell left the `~` as it is.
            "the templates folder '\(path)' (from \(origin.description)) does not exist; the shell reads a '~' in quotes as it is, "
                + "not as your home folder; write $HOME\(path.dropFirst()), or the '~' unquoted"
        case .templatesFolderMissing(let path, let origin):
            "the templates folder '\(path)' (from \(origin.description)) does not exist; point it at a folder holding recipe folders"
        case .templatesFolderIsAFile(let path, let origin):
            "the templates folder '\(path)' (from \(origin.description)) is a file; point it at a folder holding recipe folders"
        case .templatesFolderIsARecipe(let path, let origin, let parent):
            "'\(path)' (from \(origin.description)) is a recipe folder, not a folder of recipes; point it at its parent '\(parent)', or give the recipe itself as a path"
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
        case .ambiguousRecipe(let name, let candidates):
            "no recipe named '\(name)'; did you mean one of \(candidates.map { "'\($0)'" }.joined(separator: ", "))?"
        case .recipeFolderMissing(let path):
            "the recipe folder '\(path)' does not exist"
        case .recipeFolderIsAFile(let path):
            "'\(path)' is a file, not a recipe folder; give the folder that holds '\(Manifest.fileName)' and '\(Manifest.treeFolderName)/'"
        case .layerNotRecipe(let name):
            "'\(name)' is a layer, not a recipe; a layer is generated only as part of a recipe that lists it under 'layers' ('duo-new list' shows the recipes)"
        }
    }
}
