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

    /// The recipe `docs/authoring.md` starts from must itself be a clean example.
    @Test func exampleRecipeLintsClean() {
        let folder = ManifestSchemaTests.repository.appendingPathComponent("Templates/example-hello")
        #expect(Self.rendered(TemplateLinter.lint(recipeFolder: folder, displayFolder: "Templates/example-hello")) == "")
    }

    @Test(arguments: fixtureNames)
    func reportsExactlyTheExpectedDiagnostics(_ name: String) throws {
        let expected = try String(contentsOf: Fixtures.lint.appendingPathComponent("\(name).expected"), encoding: .utf8)
        let diagnostics = TemplateLinter.lint(recipeFolder: Fixtures.lint.appendingPathComponent(name), displayFolder: name)
        #expect(Self.rendered(diagnostics) == expected)
    }
}
