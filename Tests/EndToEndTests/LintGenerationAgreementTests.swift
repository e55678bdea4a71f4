import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// `lint` and generation agree on what is an error (docs/cli.md, exit 78): every lint fixture
/// that lint finds an error in is refused by generation with 78 and leaves nothing behind, and
/// every fixture with warnings only generates.
@Suite("Lint and generation agree")
struct LintGenerationAgreementTests {
    @Test(arguments: Fixtures.lintFixtureNames)
    func generationRefusesExactlyWhatLintCallsAnError(_ name: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let lintErrors = TemplateLinter.lint(recipeFolder: Fixtures.lint.appendingPathComponent(name)).hasErrors
        let run = try harness.run([Fixtures.lint.appendingPathComponent(name).path, "Sitter", "com.example.sitter", "out", "--no-test"])
        if lintErrors {
            #expect(run.status == 78, "lint finds errors in '\(name)', generation exits \(run.status): \(run.stderr)")
            #expect(harness.tree().isEmpty)
        } else {
            #expect(run.status == 0, "lint finds no error in '\(name)', generation exits \(run.status): \(run.stderr)")
        }
    }
}
