import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// `lint` and generation agree on what is an error (docs/cli.md, exit 78): every lint fixture
/// that lint finds an error in is refused by generation with 78, for some combination of its bool
/// and choice values, and leaves nothing behind, and every fixture with warnings only generates
/// under every combination.
@Suite("Lint and generation agree")
struct LintGenerationAgreementTests {
    @Test(arguments: Fixtures.lintFixtureNames)
    func generationRefusesExactlyWhatLintCallsAnError(_ name: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let folder = Fixtures.lint.appendingPathComponent(name)
        let lintErrors = TemplateLinter.lint(recipeFolder: folder).hasErrors
        // Lint tries every combination of the bool and choice values: generation is refused for
        // at least one of them when lint finds an error, and for none otherwise.
        let manifest = ManifestDecoder.loadForLint(recipeFolder: folder, displayPath: name).manifest
        let combinations = ValueCombinations(placeholders: manifest?.placeholders ?? []).combinations
        var statuses: [Int32] = []
        for combination in combinations {
            let settings = (manifest?.placeholders ?? []).compactMap { placeholder in
                placeholder.settingKey.flatMap { key in combination[placeholder.name].map { ["--set", "\(key)=\($0)"] } }
            }.flatMap { $0 }
            let run = try harness.run([folder.path, "Sitter", "com.example.sitter", "out", "--no-test"] + settings)
            statuses.append(run.status)
            if run.status == 78 {
                #expect(harness.tree().isEmpty, "'\(name)' refused with \(settings) leaves nothing behind")
                if lintErrors { break }
            } else {
                #expect(run.status == 0, "'\(name)' with \(settings) exits \(run.status): \(run.stderr)")
            }
            try? FileManager.default.removeItem(at: harness.url("out"))
        }
        if lintErrors {
            #expect(statuses.contains(78), "lint finds errors in '\(name)', generation exits \(statuses)")
        } else {
            #expect(statuses.allSatisfy { $0 == 0 }, "lint finds no error in '\(name)', generation exits \(statuses)")
        }
    }
}
