import Foundation
import Testing
@testable import DuoNewKit

/// A recipe tree holding a name duo-new writes into every project passed lint and broke every
/// later check or update (issue 42, finding 13): lint names the file and the rule.
@Suite struct LintReservedNameTests {
    @Test func namesDuoNewWritesIntoAProjectAreRefusedInATree() throws {
        let folder = try LintRuleTests.makeLintRecipe([
            "README.md": "__APP_NAME__\n",
            "GENERATION-CHECKS.md": "planted\n",
            ".duo-new-update/journal": "place x\n",
            "Docs/notes.txt.duo-new": "side\n",
            "Docs/GENERATION-CHECKS.md": "a report of its own, below the top: fine\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let rule = "a name duo-new keeps for itself in every project, so generation would overwrite it or a later check or update would misread it; rename it"
        #expect(TemplateLinter.lint(recipeFolder: folder, displayFolder: "odd").map(\.rendered) == [
            "odd/template/.duo-new-update:1:1: error: '.duo-new-update' is the folder an update works in (its journal, staged files and backups), \(rule)",
            "odd/template/Docs/notes.txt.duo-new:1:1: error: 'Docs/notes.txt.duo-new' is the name of the file an update writes beside a file it cannot merge, \(rule)",
            "odd/template/GENERATION-CHECKS.md:1:1: error: 'GENERATION-CHECKS.md' is where generation writes the report of the recipe's checks, \(rule)",
        ])
    }
}
