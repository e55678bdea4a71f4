import Foundation
import Testing
@testable import DuoNewCLI

/// A slip in the command word or the recipe's name, with every other argument given: the
/// command's did-you-mean, a recipe named by a part of its name, candidates when it is unclear.
@Suite struct RecipeNameSlipTests {
    @Test func aMisspeltCommandWordBeforeAWholeCommandLineGetsTheCommandsSuggestion() throws {
        let run = try InProcessRun.run(["genrate", "recipe-camera-studio", "Sitter", "com.example.sitter", "./X"])
        defer { run.cleanUp() }
        #expect(run.code == .usage)
        #expect(run.output.standardError.contains("Error: unknown command 'genrate'; did you mean 'generate'?"), "\(run.output.standardError)")
    }

    @Test func aPartOfOneRecipesNameStandsForItAndSaysSo() throws {
        let run = try InProcessRun.run(["hello", "Hello", "com.example.hello", "Hello", "--no-test"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(run.output.standardError.contains("note: taking the recipe 'example-hello' for 'hello'"), "\(run.output.standardError)")
        #expect(FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("Hello/.duo-new.json").path))
    }

    @Test func aPartOfSeveralRecipesNamesListsThem() throws {
        let run = try InProcessRun.run(["recipe", "Sitter", "com.example.sitter", "Sitter", "--no-test"])
        defer { run.cleanUp() }
        #expect(run.code == .noRecipe)
        #expect(run.output.standardError.contains("no recipe named 'recipe'; did you mean one of 'recipe-camera-studio', 'recipe-media-player'?"), "\(run.output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("Sitter").path))
    }
}
