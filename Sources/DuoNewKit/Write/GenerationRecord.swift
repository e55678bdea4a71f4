import DuoNewCore
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
    /// Every regular file the generator wrote, by its path in the project: its mode and the
    /// SHA-256 of its bytes, so `duo-new update` can tell which files the user has edited since.
    /// Absent in records written before duo-new kept them.
    public var files: [String: File]?
    /// Every symbolic link the generator made, by its path in the project: its target. Absent
    /// when the recipe makes none, and in records written before duo-new kept them.
    public var links: [String: String]?
    /// The folders the generator made that hold nothing the recipe writes (a folder holding a
    /// recorded file or link is known from its path). Absent when there are none, and in records
    /// written before duo-new kept them.
    public var folders: [String]?

    /// One file written: its permission bits as octal digits (`0644`) and its content's SHA-256.
    public struct File: Sendable, Hashable, Codable {
        public var mode: String
        public var sha256: String

        public init(mode: String, sha256: String) {
            self.mode = mode
            self.sha256 = sha256
        }

        public init(mode: Int, sha256: String) {
            self.init(mode: "0" + String(mode & 0o7777, radix: 8), sha256: sha256)
        }

        /// The permission bits, or nil when the text is not octal digits alone (`Int(_:radix:)`
        /// alone would take a sign, `+644`, which generation never writes).
        public var modeBits: Int? {
            guard !mode.isEmpty, mode.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }) else { return nil }
            return Int(mode, radix: 8)
        }
    }

    /// Where the recipe came from: bundled, a folder, or git (`RecipeSource`).
    public var source: RecipeSource?

    /// Where the recipe came from when it was cloned from git, in records written before
    /// `source` was kept: the URL as given and the commit. Read, never written now.
    public var templates: Source?

    /// Where the recipe came from, from `source`, or from `templates` in an older record.
    public var recipeSource: RecipeSource? {
        source ?? RecipeSource.legacy(templates)
    }

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

    public init(generator: String, recipe: String, version: String, values: [String: String], layers: [Layer] = [], files: [String: File]? = nil) {
        self.generator = generator
        self.recipe = recipe
        self.version = version
        self.values = values
        self.layers = layers.isEmpty ? nil : layers
        self.files = files
    }

    /// Reads a project's record; old records (without `files`) decode with `files` nil.
    public static func decode(_ data: Data) throws -> GenerationRecord {
        try JSONDecoder().decode(GenerationRecord.self, from: data)
    }

    /// Pretty, with sorted keys, so two generations with the same inputs give the same bytes,
    /// `/` left as it is, and a final newline. Written with `JSONEncoder`: the hand-written
    /// encoder it replaced saved a tenth of a 20,000-file generation, within the speed budget
    /// without it (issue 27's measurement, in the history of docs/performance.md).
    public func encoded() -> Data {
        // Strings, dictionaries and arrays of them cannot fail to encode.
        (PrettyJSON.data(self) ?? Data()) + Data("\n".utf8)
    }
}
