import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// `docs/template.schema.json`, checked by a real JSON Schema validator (`jsonschema` from PyPI),
/// accepts exactly the manifests the decoder accepts, over every valid and invalid fixture, the
/// lint fixtures and the bundled recipes, except the rules a JSON Schema cannot state (listed
/// below and in docs/manifest.md).
@Suite struct ManifestSchemaTests {
    static let repository = SchemaValidator.repository
    static let schemaURL = SchemaValidator.schemaURL

    /// Broken fixtures the schema accepts, because the rule spans several values or needs code.
    /// docs/manifest.md ("The schema and the decoder") lists the same rules.
    static let beyondSchema: [String: String] = [
        "invalid/duplicate-source.yaml": "one placeholder per source spans several placeholders",
        "invalid/duplicate-setting-key.yaml": "unique --set keys span placeholders and default keys",
        "invalid/renamed-from-still-declared.yaml": "a former name compared with other placeholders' names and lists",
        "invalid/pattern-invalid.yaml": "'format: regex' is an annotation, not a check",
        "invalid/default-not-matching-pattern.yaml": "a default checked against a sibling's pattern",
        "invalid/duplicate-check-names.yaml": "unique names across list items",
        "invalid/next-steps-undeclared-token.yaml": "tokens in text checked against declared keys",
        "invalid/command-holds-token.yaml": "tokens in a command's text, which the schema sees only as a string",
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

    /// What the decoder and the validator say of each manifest, worked out once for all cases:
    /// nil for the validator when the YAML never reaches it (a syntax error, a non-string key).
    static let verdicts: Result<[String: (decoder: Bool, schema: [String]?)], any Error> = Result {
        var decoder: [String: Bool] = [:]
        var requests: [SchemaValidator.Request] = []
        for path in manifests {
            let bytes = Array(try Data(contentsOf: url(path)))
            decoder[path] = (try? ManifestDecoder.decodeLocated(utf8: bytes, file: Manifest.fileName)) != nil
            if let root = try? YAMLParser.parse(utf8: bytes), let json = SchemaValidator.json(from: root) {
                requests.append(.init(label: path, instance: json))
            }
        }
        let schema = try SchemaValidator.verdicts(requests)
        return decoder.reduce(into: [:]) { $0[$1.key] = ($1.value, schema[$1.key]) }
    }

    @Test func coversTheFixturesAndRecipes() {
        #expect(Self.manifests.count > 60)
        #expect(Self.manifests.contains("valid/every-key.yaml"))
    }

    @Test(arguments: manifests)
    func schemaAgreesWithTheDecoder(_ path: String) throws {
        let verdict = try #require(try Self.verdicts.get()[path])
        // YAML the parser refuses (syntax, anchors, duplicates, tags) or that has no JSON form
        // never reaches the schema; the decoder must refuse it too.
        guard let errors = verdict.schema else {
            #expect(!verdict.decoder, "'\(path)' has no JSON form, yet the decoder accepts it")
            return
        }
        if let reason = Self.beyondSchema[path] {
            #expect(errors.isEmpty && !verdict.decoder, "'\(path)' is listed as beyond the schema (\(reason)); validator: \(errors)")
        } else {
            #expect(errors.isEmpty == verdict.decoder, "schema \(errors.isEmpty ? "accepts" : "refuses") '\(path)' \(errors), the decoder \(verdict.decoder ? "accepts" : "refuses") it")
        }
    }

    static let globs = [
        "", "/a", "a//b", "./a", "a/../b", "..", ".", "a/.", "a**", "**b", "***", "a/**/b", "**", "*.{png,jpg}", "[ab].txt",
        "a/", "build", "**/.DS_Store", ".build", "a.b", "..a", "a/.hidden", "a*b?c", "*/**/x", "a/b/", "**/", "é/*.swift",
    ]

    @Test func globPatternAgreesWithGlobProblem() throws {
        let verdicts = try SchemaValidator.verdicts(Self.globs.map { .init(label: $0, instance: $0, definition: "glob") })
        for pattern in Self.globs {
            let errors = try #require(verdicts[pattern])
            #expect(errors.isEmpty == (Glob.problem(in: pattern) == nil), "glob '\(pattern)': \(errors)")
            // An editor shows the failing rule, not one long expression for all of them.
            #expect(errors.allSatisfy { $0.count < 90 }, "\(errors)")
        }
    }

    /// With `if`/`then` on `from`, an error inside a placeholder names its real cause.
    @Test func placeholderErrorsNameTheRealCause() throws {
        let base: [String: Any] = ["name": "demo", "summary": "A demo.", "version": "1.0.0"]
        func manifest(_ placeholder: [String: Any]) -> [String: Any] {
            base.merging(["placeholders": ["TEAM_ID": placeholder]]) { $1 }
        }
        let verdicts = try SchemaValidator.verdicts([
            .init(label: "misspelt key", instance: manifest(["from": "set", "defualt": "x"])),
            .init(label: "setting key on app-name", instance: manifest(["from": "app-name", "pattern": "x"])),
            .init(label: "unknown source", instance: manifest(["from": "env"])),
        ])
        #expect(verdicts["misspelt key"] == ["placeholders/TEAM_ID: Additional properties are not allowed ('defualt' was unexpected)"])
        #expect(verdicts["setting key on app-name"] == ["placeholders/TEAM_ID: False schema does not allow 'x'"])
        #expect(verdicts["unknown source"] == ["placeholders/TEAM_ID/from: 'env' is not one of ['app-name', 'bundle-id', 'set', 'derived', 'year', 'date']"])
    }

    @Test func namesEveryKeyTheDecoderAccepts() throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaURL))
        let schema = try #require(object as? [String: Any])
        let top = try #require(schema["properties"] as? [String: Any])
        #expect(Set(top.keys) == Set(ManifestDecoder.topLevelKeys))
        #expect(Set(schema["required"] as? [String] ?? []) == ["name", "summary", "version", "placeholders"])
        let defs = try #require(schema["$defs"] as? [String: Any])
        let placeholder = try #require((defs["placeholder"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(placeholder.keys) == Set(ManifestDecoder.placeholderKeys))
        let check = try #require((defs["check"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(check.keys) == Set(ManifestDecoder.checkKeys))
        // Which YAML the tool reads is said where editors show it.
        #expect((schema["description"] as? String)?.contains("YAML 1.2") == true)
    }
}
