import Foundation

/// What made a generated project, written to `.duo-new.json` at its root so a later tool can tell.
public struct GenerationRecord: Sendable, Hashable, Codable {
    /// The tool and its version: `duo-new 0.1.0`.
    public var generator: String
    public var recipe: String
    /// The recipe's `version` from its manifest.
    public var version: String
    /// Token names (`APP_NAME`) and the values stamped for them.
    public var values: [String: String]
    /// The layers whose trees the recipe's was combined with, in order; absent without layers.
    public var layers: [Layer]?
    /// Where the recipe came from when it was cloned from git: the URL as given and the commit.
    public var templates: Source?

    /// A git repository of recipes: `git+https://…#ref` as given, and the commit it held.
    public struct Source: Sendable, Hashable, Codable {
        public var url: String
        public var commit: String

        public init(url: String, commit: String) {
            self.url = url
            self.commit = commit
        }
    }

    /// One layer used: its name and the `version` from its `layer.yaml`.
    public struct Layer: Sendable, Hashable, Codable {
        public var name: String
        public var version: String

        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    public init(generator: String, recipe: String, version: String, values: [String: String], layers: [Layer] = []) {
        self.generator = generator
        self.recipe = recipe
        self.version = version
        self.values = values
        self.layers = layers.isEmpty ? nil : layers
    }

    /// Pretty, with sorted keys, so two generations with the same inputs give the same bytes.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A struct of strings always encodes; the fallback only satisfies the type checker.
        return ((try? encoder.encode(self)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }
}
