import DuoNewCore
import Foundation

/// What `duo-new list` shows of a catalog: each recipe, then each layer, with its version,
/// summary, values and conditional paths, or the problems that keep it from loading (a broken
/// recipe is listed, not hidden). `list --json` is this value encoded.
public struct RecipeListing: Encodable, Sendable {
    public struct Row: Encodable, Sendable {
        public var name: String
        public var version: String?
        public var summary: String?
        public var folder: String
        /// Each placeholder with its type, choices, default, pattern and hint.
        public var placeholders: [PlaceholderSummary]?
        /// Paths generated only when their condition holds.
        public var includeIf: [Condition]?
        /// Rendered diagnostics when the manifest does not load.
        public var problems: [String]?

        init(_ entry: RecipeEntry) {
            name = entry.name
            folder = entry.folder.path
            switch entry.manifest {
            case .success(let manifest):
                version = manifest.version
                summary = manifest.summary
                placeholders = manifest.placeholders.isEmpty ? nil : manifest.placeholders.map(PlaceholderSummary.init)
                includeIf = manifest.includeIf.isEmpty ? nil : manifest.includeIf.map { Condition(path: $0.path, condition: $0.text) }
            case .failure(let error):
                problems = error.diagnostics.map(\.rendered)
            }
        }

        /// What `list` says of a broken row instead of a summary: the first line of its first
        /// problem, and the lint command that says more, naming the folder from `workingDirectory`.
        public func brokenNote(workingDirectory: String) -> String {
            let first = problems?.first?.split(separator: "\n").first.map(String.init) ?? "does not load"
            let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
            let shown = base != "/" && folder.hasPrefix(base) ? String(folder.dropFirst(base.count)) : folder
            return "\(first) (run \(ShellQuoting.inSentence("duo-new lint " + ShellQuoting.argument(shown))))"
        }
    }

    public struct Condition: Encodable, Sendable {
        public var path: String
        public var condition: String
    }

    /// The templates folder listed.
    public var templates: String
    public var recipes: [Row]
    /// Parts of recipes, never generated alone.
    public var layers: [Row]

    /// `displayBase`: the folder the problems' paths are shown relative to.
    public init(_ catalog: TemplateCatalog, displayBase: String) {
        templates = catalog.root.path
        recipes = catalog.entries(displayBase: displayBase).map(Row.init)
        layers = catalog.layerEntries(displayBase: displayBase).map(Row.init)
    }

    /// Pretty, keys sorted, slashes as they are: what `list --json` prints.
    public var json: String {
        PrettyJSON.text(self, fallback: "")
    }
}
