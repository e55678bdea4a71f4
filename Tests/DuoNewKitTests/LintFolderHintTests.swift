import DuoNewKit
import Foundation
import Testing

/// `duo-new lint` on a folder that holds recipes rather than being one: the hint names them.
@Suite("Lint: a folder of recipes")
struct LintFolderHintTests {
    @Test func lintOnAFolderOfRecipesNamesThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-hint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["b-recipe", "a-recipe"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Recipes/\(name)"), withIntermediateDirectories: true)
            try Data("name: x\n".utf8).write(to: root.appendingPathComponent("Recipes/\(name)/template.yaml"))
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        #expect(LintFolderHint.hint(for: "Recipes/", workingDirectory: root.path)
                == "'Recipes/' is not a recipe but holds 2 ('a-recipe', 'b-recipe'); lint them with 'duo-new lint Recipes/*'")
        #expect(LintFolderHint.hint(for: "Recipes/a-recipe", workingDirectory: root.path) == nil, "a recipe itself")
        #expect(LintFolderHint.hint(for: "Empty", workingDirectory: root.path) == nil)
        #expect(LintFolderHint.hint(for: "Missing", workingDirectory: root.path) == nil)
    }

    /// A folder named like an option is given as `./-r`, so the command runs as printed.
    @Test func aFolderNamedLikeAnOptionIsGivenAsAPath() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-hint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("-r/a-recipe"), withIntermediateDirectories: true)
        try Data("name: x\n".utf8).write(to: root.appendingPathComponent("-r/a-recipe/template.yaml"))
        #expect(LintFolderHint.hint(for: "-r", workingDirectory: root.path)
                == "'-r' is not a recipe but holds one ('a-recipe'); lint them with 'duo-new lint ./-r/*'")
    }
}
