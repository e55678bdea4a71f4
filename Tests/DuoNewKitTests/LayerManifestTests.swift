import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// `layer.yaml`: what the decoder takes and refuses, and `docs/layer.schema.json` agreeing with it.
@Suite struct LayerManifestTests {
    static let schemaURL = ManifestSchemaTests.repository.appendingPathComponent("docs/layer.schema.json")

    static let everyKey = """
        name: duo-app
        summary: Shared files.
        version: 1.0.0
        layers: [base]
        replaces: [.gitignore]
        verbatim: ["**/*.png"]
        checks:
          - name: model tests
            run: Tools/run-model-tests.sh
        """

    /// Layer manifests with the first diagnostic each produces (file `layer.yaml`).
    static let refused: [(text: String, diagnostic: String)] = [
        ("name: a\nsummary: S.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n",
         "layer.yaml:4:1: error: 'placeholders' belongs in a recipe's 'template.yaml', not in a layer's 'layer.yaml'; a layer's files use the tokens of each recipe that uses it, and the recipe declares them"),
        ("name: a\nsummary: S.\nversion: 1.0.0\nexclude: [Notes]\n",
         "layer.yaml:4:1: error: 'exclude' belongs in a recipe's 'template.yaml', not in a layer's 'layer.yaml'; write it in each recipe that uses the layer"),
        ("name: a\nsummary: S.\nversion: 1.0.0\nchecks:\n  - name: t\n    layer: base\n",
         "layer.yaml:6:5: error: 'layer' in check 1 belongs in a recipe's 'template.yaml', not in a layer's 'layer.yaml'; a layer offers a check with 'run', and a recipe runs it with 'layer'"),
        ("name: a\nsummary: S.\n",
         "layer.yaml:1:1: error: missing required key 'version'; add 'version: 1.0.0'"),
        ("name: a\nsummary: S.\nversion: 1.0.0\nlayer: [base]\n",
         "layer.yaml:4:1: error: unknown key 'layer'; did you mean 'layers'?"),
        ("name: a\nsummary: S.\nversion: 1.0.0\nlayers: base\n",
         "layer.yaml:4:9: error: 'layers' must be a list of strings, not the string 'base'; write it as a list: [base]"),
    ]

    @Test func decodesEveryKey() throws {
        let manifest = try ManifestDecoder.decodeLayer(Self.everyKey, file: Manifest.layerFileName)
        #expect(manifest.name == "duo-app")
        #expect(manifest.layers == ["base"])
        #expect(manifest.replaces == [".gitignore"])
        #expect(manifest.verbatim == [Glob("**/*.png")])
        #expect(manifest.checks == [Check(name: "model tests", run: "Tools/run-model-tests.sh")])
        #expect(manifest.placeholders.isEmpty && manifest.nextSteps.isEmpty)
    }

    @Test(arguments: refused.indices)
    func refusesWhatALayerCannotHold(_ index: Int) {
        let (text, diagnostic) = Self.refused[index]
        #expect(throws: ManifestError.self) { try ManifestDecoder.decodeLayer(text, file: Manifest.layerFileName) }
        do {
            _ = try ManifestDecoder.decodeLayer(text, file: Manifest.layerFileName)
        } catch {
            #expect(error.diagnostics.first?.rendered == diagnostic)
        }
    }

    @Test func aRecipeManifestRefusesNothingALayerTakes() throws {
        let text = Self.everyKey.replacingOccurrences(of: "verbatim:", with: "placeholders: {}\nverbatim:")
        let manifest = try ManifestDecoder.decode(text, file: Manifest.fileName)
        #expect(manifest.layers == ["base"] && manifest.replaces == [".gitignore"])
    }

    // MARK: - Schema

    /// The layer manifests in the repository: bundled and fixtures.
    static var layerFiles: [URL] {
        [ManifestSchemaTests.repository.appendingPathComponent("Templates"), Fixtures.root.appendingPathComponent("layers")].flatMap { base in
            ((try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []).sorted()
                .map { base.appendingPathComponent($0).appendingPathComponent(Manifest.layerFileName) }
                .filter { FileManager.default.fileExists(atPath: $0.path) }
        }
    }

    /// What the validator says of every layer in the repository, of `everyKey` and of each
    /// refused text, in one run of the validator.
    static let verdicts: Result<[String: [String]], any Error> = Result {
        var requests: [SchemaValidator.Request] = []
        for file in layerFiles {
            let root = try YAMLParser.parse(utf8: Array(try Data(contentsOf: file)))
            requests.append(.init(label: file.path, instance: try #require(SchemaValidator.json(from: root))))
        }
        for (label, text) in [("every key", everyKey)] + refused.indices.map { ("refused \($0)", refused[$0].text) } {
            let root = try YAMLParser.parse(utf8: Array(text.utf8))
            requests.append(.init(label: label, instance: try #require(SchemaValidator.json(from: root))))
        }
        return try SchemaValidator.verdicts(requests, schema: schemaURL)
    }

    @Test func schemaAcceptsEveryLayerInTheRepository() throws {
        let verdicts = try Self.verdicts.get()
        #expect(Self.layerFiles.count >= 6)
        for file in Self.layerFiles {
            #expect(verdicts[file.path] == [], "\(file.path)")
        }
        #expect(verdicts["every key"] == [])
    }

    @Test(arguments: refused.indices)
    func schemaRefusesWhatTheDecoderRefuses(_ index: Int) throws {
        let errors = try #require(try Self.verdicts.get()["refused \(index)"])
        #expect(!errors.isEmpty, "the layer schema accepts: \(Self.refused[index].text)")
    }

    @Test func schemaNamesEveryKeyTheDecoderAccepts() throws {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaURL)) as? [String: Any])
        let top = try #require(schema["properties"] as? [String: Any])
        #expect(Set(top.keys) == Set(ManifestDecoder.layerTopLevelKeys))
        #expect(Set(schema["required"] as? [String] ?? []) == ["name", "summary", "version"])
    }
}
