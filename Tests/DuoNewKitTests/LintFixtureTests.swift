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

    @Test(arguments: fixtureNames)
    func reportsExactlyTheExpectedDiagnostics(_ name: String) throws {
        let expected = try String(contentsOf: Fixtures.lint.appendingPathComponent("\(name).expected"), encoding: .utf8)
        let diagnostics = TemplateLinter.lint(recipeFolder: Fixtures.lint.appendingPathComponent(name), displayFolder: name)
        #expect(Self.rendered(diagnostics) == expected)
    }
}
