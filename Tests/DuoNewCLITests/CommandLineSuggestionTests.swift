import Foundation
import Testing
@testable import DuoNewCLI
import DuoNewKit

/// The suggestions of issue 31: a git URL without `git+`, `lint` on a folder of recipes, and
/// the recipe prompt's answers (a number out of the list, a name close to one).
@Suite("Command line: suggestions")
struct CommandLineSuggestionTests {
    @Test func aGitURLWithoutGitPlusIsToldHowToWriteIt() {
        let message = "the templates folder 'https://example.com/r.git' (from --templates) does not exist"
        #expect(TemplatesURLHint.message(message, for: "https://example.com/r.git") == message + "; for a git repository of recipes, write 'git+https://example.com/r.git'")
        #expect(TemplatesURLHint.message(message, for: "ssh://host/r.git").hasSuffix("write 'git+ssh://host/r.git'"))
        #expect(TemplatesURLHint.message(message, for: "./recipes") == message, "a folder gets no URL hint")
        #expect(TemplatesURLHint.message(message, for: "git+https://x") == message)
        #expect(TemplatesURLHint.message(message, for: "http://x") == message, "git+http:// is not taken, so it is not proposed")
    }

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
}
