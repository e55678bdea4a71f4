import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// The prompt's answer checks in-process: each answer refused or taken by generation's own
/// rules, against a recipe written in a scratch folder.
@Suite("Prompt answers")
struct PromptAnswersTests {
    /// A recipe declaring `struct Player` in its sources, loaded for the prompt.
    private func answers() throws -> (PromptAnswers, URL) {
        let root = try TestScratch.makeFolder("prompt-answers")
        let recipe = root.appendingPathComponent("fix")
        let source = recipe.appendingPathComponent("template/Sources/Player.swift")
        try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("struct Player {}\n".utf8).write(to: source)
        try Data((TestManifest.header(name: "fix", summary: "A recipe for the prompt's checks.") + "\n").utf8)
            .write(to: recipe.appendingPathComponent("template.yaml"))
        return (try PromptAnswers.load(recipe, workingDirectory: root.path), root)
    }

    private func refusal(_ body: () throws(GenerationFailure) -> Void) -> GenerationFailure? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func appNamesAreCheckedByTheNameRulesAndTheRecipesTypes() throws {
        let (answers, _) = try answers()
        #expect(refusal { () throws(GenerationFailure) in try answers.checkAppName("Sitter") } == nil)
        let clash = try #require(refusal { () throws(GenerationFailure) in try answers.checkAppName("Player") })
        #expect(clash.kind == .badValue && clash.message.contains("'Player'"), "\(clash.message)")
        let digit = try #require(refusal { () throws(GenerationFailure) in try answers.checkAppName("1Sitter") })
        #expect(digit.kind == .badValue && digit.message.hasSuffix("]"), "the rule's name ends the message: \(digit.message)")
    }

    @Test func bundleIDsAreCheckedByTheNameRules() throws {
        let (answers, _) = try answers()
        #expect(refusal { () throws(GenerationFailure) in try answers.checkBundleID("com.example.sitter") } == nil)
        let spaced = try #require(refusal { () throws(GenerationFailure) in try answers.checkBundleID("com.example sitter") })
        #expect(spaced.kind == .badValue, "\(spaced.message)")
    }

    @Test func aFolderThatHoldsFilesIsRefused() throws {
        let (answers, root) = try answers()
        #expect(refusal { () throws(GenerationFailure) in try answers.checkFolder("new-project") } == nil)
        let taken = try #require(refusal { () throws(GenerationFailure) in try answers.checkFolder("fix") })
        #expect(taken.kind == .destination, "\(taken.message)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("new-project").path), "checking creates nothing")
    }

    /// The refusal ends the run before generation, so it carries the manifest's diagnostics itself.
    @Test func aBrokenRecipeIsRefusedWithItsDiagnostics() throws {
        let root = try TestScratch.makeFolder("prompt-answers")
        let recipe = root.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data("name: broken\nverbatum: []\n".utf8).write(to: recipe.appendingPathComponent("template.yaml"))
        do {
            _ = try PromptAnswers.load(recipe, workingDirectory: root.path)
            Issue.record("a broken recipe was loaded")
        } catch {
            #expect(error.kind == .brokenRecipe, "\(error.message)")
            #expect(error.diagnostics.contains { $0.rendered.contains("verbatum") }, "\(error.diagnostics.map(\.rendered))")
        }
    }

    /// The recipe question: a number from the list, a recipe's name, a path; a number outside
    /// the list says which there are; a name part of exactly one listed name gets a did-you-mean.
    @Test func recipeAnswersAreNumbersNamesOrPaths() throws {
        let (_, root) = try answers()
        let recipes = root.appendingPathComponent("T")
        for name in ["example-hello", "recipe-camera-studio", "recipe-media-player", "2"] {
            let folder = recipes.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("template"), withIntermediateDirectories: true)
            try Data((TestManifest.header(name: name, summary: "A listed recipe.") + "\n").utf8).write(to: folder.appendingPathComponent("template.yaml"))
        }
        let catalog = try TemplateCatalog.locate(option: "T", environment: [:], executablePath: nil, workingDirectory: root.path)
        let listed = catalog.entries(displayBase: root.path).map(\.name)
        #expect(listed == ["2", "example-hello", "recipe-camera-studio", "recipe-media-player"])
        func answer(_ text: String) throws(GenerationFailure) -> String {
            try PromptAnswers.recipe(text, listed: listed, in: catalog, workingDirectory: root.path)
        }
        #expect(try answer("3") == "recipe-camera-studio")
        #expect(try answer("2") == "2", "a recipe named as a number is that recipe, not the second listed")
        #expect(try answer("1") == "2" && answer("4") == "recipe-media-player")
        #expect(try answer("recipe-media-player") == "recipe-media-player")
        #expect(try answer("./fix") == "./fix", "a path to a recipe folder is taken as typed")
        let outside = try #require(refusal { () throws(GenerationFailure) in _ = try answer("0") })
        #expect(outside.kind == .noRecipe && outside.message == "there is no recipe 0 in the list; pick 1-4, or type a recipe's name")
        // A part of one recipe's name stands for it, as on the command line.
        #expect(try answer("camera") == "recipe-camera-studio")
        #expect(try answer("HELLO") == "example-hello")
        let vague = try #require(refusal { () throws(GenerationFailure) in _ = try answer("recipe") })
        #expect(vague.kind == .noRecipe && !vague.message.contains("did you mean 'recipe-"), "two listed names hold 'recipe': no guess: \(vague.message)")
    }
}
