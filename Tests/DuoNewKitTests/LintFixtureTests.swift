import Foundation
import Testing
@testable import DuoNewKit

/// Each recipe under `Fixtures/lint/` breaks one lint rule (`clean` breaks none); `<name>.expected`
/// beside it holds the exact diagnostics, line and column included.
@Suite struct LintFixtureTests {
    static var fixtureNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.lint.path)) ?? []
        return names.filter { !$0.hasSuffix(".expected") }.sorted()
    }

    static func rendered(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { $0.rendered + "\n" }.joined()
    }

    @Test func coversEveryRule() {
        #expect(Self.fixtureNames.count >= 11)
    }

    /// The bundled recipes and layers (those with a manifest so far), as `Templates/<name>`.
    static var bundledRecipes: [String] {
        let templates = ManifestSchemaTests.repository.appendingPathComponent("Templates")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: templates.path)) ?? []
        return names.filter { name in
            [Manifest.fileName, Manifest.layerFileName].contains {
                FileManager.default.fileExists(atPath: templates.appendingPathComponent("\(name)/\($0)").path)
            }
        }
        .sorted().map { "Templates/\($0)" }
    }

    @Test func theExampleRecipeIsBundled() {
        #expect(Self.bundledRecipes.contains("Templates/example-hello"))
        #expect(Self.bundledRecipes.contains("Templates/duo-app"))
    }

    /// What users get must be what authors are asked to write: no error and no warning.
    @Test(arguments: bundledRecipes)
    func bundledRecipeLintsClean(_ path: String) {
        let folder = ManifestSchemaTests.repository.appendingPathComponent(path)
        #expect(Self.rendered(TemplateLinter.lint(recipeFolder: folder, displayFolder: path)) == "")
    }

    /// Editors find the schema through the first line of each bundled manifest (a layer's its own).
    @Test(arguments: bundledRecipes)
    func bundledManifestPointsEditorsAtTheSchema(_ path: String) throws {
        let folder = ManifestSchemaTests.repository.appendingPathComponent(path)
        let isLayer = FileManager.default.fileExists(atPath: folder.appendingPathComponent(Manifest.layerFileName).path)
        let file = folder.appendingPathComponent(isLayer ? Manifest.layerFileName : Manifest.fileName)
        let schema = isLayer ? "layer.schema.json" : "template.schema.json"
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("# yaml-language-server: $schema=../../docs/\(schema)\n"))
    }

    @Test(arguments: fixtureNames)
    func reportsExactlyTheExpectedDiagnostics(_ name: String) throws {
        let expected = try String(contentsOf: Fixtures.lint.appendingPathComponent("\(name).expected"), encoding: .utf8)
        let diagnostics = TemplateLinter.lint(recipeFolder: Fixtures.lint.appendingPathComponent(name), displayFolder: name)
        #expect(Self.rendered(diagnostics) == expected)
    }
}
