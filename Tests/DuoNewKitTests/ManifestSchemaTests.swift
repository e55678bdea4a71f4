import Foundation
import Testing
@testable import DuoNewKit

/// `docs/template.schema.json` accepts exactly the manifests the decoder accepts, over every
/// example and every broken fixture, except the rules a JSON Schema cannot state (listed below).
@Suite struct ManifestSchemaTests {
    static let repository = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
    static let schemaURL = repository.appendingPathComponent("docs/template.schema.json")

    /// Broken fixtures the schema accepts, because the rule spans several values or needs code.
    static let beyondSchema: [String: String] = [
        "invalid/duplicate-source.yaml": "one placeholder per source spans several placeholders",
        "invalid/duplicate-setting-key.yaml": "unique --set keys span placeholders and default keys",
        "invalid/pattern-invalid.yaml": "'format: regex' is an annotation, not a check",
        "invalid/default-not-matching-pattern.yaml": "a default checked against a sibling's pattern",
        "invalid/duplicate-check-names.yaml": "unique names across list items",
        "invalid/next-steps-undeclared-token.yaml": "tokens in text checked against declared keys",
        "invalid/layers-listed-twice.yaml": "unique names across list items",
    ]

    /// Every manifest in the repository: fixtures, lint fixtures and the bundled recipes.
    static var manifests: [String] {
        var paths: [String] = []
        for folder in ["valid", "invalid"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.manifests.appendingPathComponent(folder).path)) ?? []
            paths += names.filter { $0.hasSuffix(".yaml") }.map { "\(folder)/\($0)" }
        }
        for (base, prefix) in [(Fixtures.lint, "lint/"), (repository.appendingPathComponent("Templates"), "Templates/")] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
            paths += names.filter { FileManager.default.fileExists(atPath: base.appendingPathComponent("\($0)/template.yaml").path) }
                .map { "\(prefix)\($0)/template.yaml" }
        }
        return paths.sorted()
    }

    static func url(_ path: String) -> URL {
        if path.hasPrefix("Templates/") { return repository.appendingPathComponent(path) }
        if path.hasPrefix("lint/") { return Fixtures.root.appendingPathComponent(path) }
        return Fixtures.manifests.appendingPathComponent(path)
    }

    @Test func coversTheFixturesAndRecipes() {
        #expect(Self.manifests.count > 50)
        #expect(Self.manifests.contains("valid/every-key.yaml"))
    }

    @Test(arguments: manifests)
    func schemaAgreesWithTheDecoder(_ path: String) throws {
        let schema = try JSONSchemaSubset(contentsOf: Self.schemaURL)
        let bytes = Array(try Data(contentsOf: Self.url(path)))
        let decoderAccepts = (try? ManifestDecoder.decodeLocated(utf8: bytes, file: Manifest.fileName)) != nil
        // YAML the parser refuses (syntax, anchors, duplicates, tags) never reaches either check.
        guard let root = try? YAMLParser.parse(utf8: bytes) else {
            #expect(!decoderAccepts)
            return
        }
        // A document with a non-string key has no JSON form, so no schema can accept it.
        let schemaAccepts = JSONSchemaSubset.json(from: root).map(schema.accepts) ?? false
        if Self.beyondSchema[path] != nil {
            #expect(schemaAccepts && !decoderAccepts, "'\(path)' is listed as beyond the schema")
        } else {
            #expect(schemaAccepts == decoderAccepts, "schema \(schemaAccepts ? "accepts" : "refuses") '\(path)', the decoder \(decoderAccepts ? "accepts" : "refuses") it")
        }
    }

    @Test(arguments: [
        "", "/a", "a//b", "./a", "a/../b", "..", ".", "a/.", "a**", "**b", "***", "a/**/b", "**", "*.{png,jpg}", "[ab].txt",
        "a/", "build", "**/.DS_Store", ".build", "a.b", "..a", "a/.hidden", "a*b?c", "*/**/x", "a/b/", "**/", "é/*.swift",
    ])
    func globPatternAgreesWithGlobProblem(_ pattern: String) throws {
        let schema = try JSONSchemaSubset(contentsOf: Self.schemaURL)
        #expect(schema.accepts(pattern, definition: "glob") == (Glob.problem(in: pattern) == nil))
    }

    @Test func namesEveryKeyTheDecoderAccepts() throws {
        let schema = try JSONSchemaSubset(contentsOf: Self.schemaURL).root
        let top = try #require(schema["properties"] as? [String: Any])
        #expect(Set(top.keys) == Set(ManifestDecoder.topLevelKeys))
        #expect(Set(schema["required"] as? [String] ?? []) == ["name", "summary", "version", "placeholders"])
        let defs = try #require(schema["$defs"] as? [String: Any])
        let variants = try #require((defs["placeholder"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let placeholderKeys = variants.reduce(into: Set<String>()) { $0.formUnion(($1["properties"] as? [String: Any] ?? [:]).keys) }
        #expect(placeholderKeys == Set(ManifestDecoder.placeholderKeys))
        // A check runs its own command or a layer's: one variant each.
        let checkVariants = try #require((defs["check"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let checkKeys = checkVariants.reduce(into: Set<String>()) { $0.formUnion(($1["properties"] as? [String: Any] ?? [:]).keys) }
        #expect(checkKeys == Set(ManifestDecoder.checkKeys))
    }
}
