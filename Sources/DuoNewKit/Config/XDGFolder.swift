import Foundation

/// duo-new's folders by the XDG base-directory rules: `$XDG_CONFIG_HOME/duo-new` (else
/// `~/.config/duo-new`), `$XDG_CACHE_HOME/duo-new` (else `~/.cache/duo-new`). A relative
/// variable is ignored, as the rules say; with neither it nor `HOME` there is no folder.
public enum XDGFolder: Sendable {
    case config, cache

    /// The variable that moves the folder.
    public var variable: String {
        switch self {
        case .config: "XDG_CONFIG_HOME"
        case .cache: "XDG_CACHE_HOME"
        }
    }

    /// Below `HOME` when the variable is not set (or not absolute).
    var fallback: String {
        switch self {
        case .config: ".config"
        case .cache: ".cache"
        }
    }

    /// `<base>/duo-new/<below>`, or nil when neither the variable nor `HOME` gives a base.
    public func path(_ below: String, environment: [String: String]) -> String? {
        let base: String
        if let variable = environment[variable], variable.hasPrefix("/") {
            base = variable
        } else if let home = environment["HOME"], !home.isEmpty {
            base = (home as NSString).appendingPathComponent(fallback)
        } else {
            return nil
        }
        return ((base as NSString).appendingPathComponent("duo-new") as NSString).appendingPathComponent(below)
    }
}
