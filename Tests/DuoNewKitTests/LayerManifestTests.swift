import Foundation
import Testing
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
         "layer.yaml:4:1: error: unknown key 'placeholders'; the keys are 'name', 'summary', 'version', 'layers', 'replaces', 'verbatim', 'checks'"),
        ("name: a\nsummary: S.\nversion: 1.0.0\nexclude: [Notes]\n",
         "layer.yaml:4:1: error: unknown key 'exclude'; the keys are 'name', 'summary', 'version', 'layers', 'replaces', 'verbatim', 'checks'"),
        ("name: a\nsummary: S.\nversion: 1.0.0\nchecks:\n  - name: t\n    layer: base\n",
         "layer.yaml:6:5: error: unknown key 'layer' in check 1; the keys are 'name', 'run'"),
        ("name: a\nsummary: S.\n",
         "layer.yaml:1:1: error: missing required key 'version'; add 'version: 1.0.0'"),
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

    @Test func schemaAcceptsEveryLayerInTheRepository() throws {
        let schema = try JSONSchemaSubset(contentsOf: Self.schemaURL)
        #expect(Self.layerFiles.count >= 6)
        for file in Self.layerFiles {
            let root = try YAMLParser.parse(utf8: Array(try Data(contentsOf: file)))
            #expect(JSONSchemaSubset.json(from: root).map(schema.accepts) == true, "\(file.path)")
        }
        #expect(try JSONSchemaSubset.json(from: YAMLParser.parse(utf8: Array(Self.everyKey.utf8))).map(schema.accepts) == true)
    }

    @Test(arguments: refused.indices)
    func schemaRefusesWhatTheDecoderRefuses(_ index: Int) throws {
        let schema = try JSONSchemaSubset(contentsOf: Self.schemaURL)
        let root = try YAMLParser.parse(utf8: Array(Self.refused[index].text.utf8))
        #expect(JSONSchemaSubset.json(from: root).map(schema.accepts) == false)
    }

    @Test func schemaNamesEveryKeyTheDecoderAccepts() throws {
        let schema = try JSONSchemaSubset(contentsOf: Self.schemaURL).root
        let top = try #require(schema["properties"] as? [String: Any])
        #expect(Set(top.keys) == Set(ManifestDecoder.layerTopLevelKeys))
        #expect(Set(schema["required"] as? [String] ?? []) == ["name", "summary", "version"])
    }
}
