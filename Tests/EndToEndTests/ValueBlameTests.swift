import Foundation
import Testing
import TestSupport

/// Whose fault a name a value spoils is, as generation says it: a value the user chose (given,
/// or read by a derived value) is theirs (65, "choose a value"); a default nobody replaced, a
/// `default-from` proposal or a derived value of the recipe's own is the recipe's (78).
@Suite("Whose value spoiled a name")
struct ValueBlameTests {
    private static func recipe(in harness: EndToEndHarness) throws -> String {
        let manifest = TestManifest.header(name: "blame", summary: "Values that make names.") + """

              DIR: {from: set, default: docs}
              SLUG: {from: derived, value: "DIR | lower"}
              NOTES: {from: set, default-from: "APP_NAME + '/notes'"}

            """
        try TestManifest.writeRecipe(
            at: harness.url("T/blame"), manifest: manifest,
            files: ["__SLUG__/README.md": "__APP_NAME__\n", "notes/__NOTES__.txt": "notes\n"]
        )
        return harness.url("T").path
    }

    @Test func aValueTheUserGaveIsTheirsEvenThroughADerivedValue() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.recipe(in: harness)
        let run = try harness.run(["blame", "Sitter", "com.example.sitter", "S", "--templates", templates, "--no-test", "--set", "dir=.git", "--set", "notes=fine"])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(!run.stderr.contains("the recipe is at fault") && !FileManager.default.fileExists(atPath: harness.url("S").path), "\(run.stderr)")
    }

    @Test func aProposalNobodyReplacedIsTheRecipes() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.recipe(in: harness)
        let run = try harness.run(["blame", "Sitter", "com.example.sitter", "S", "--templates", templates, "--no-test"])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("into 'Sitter/notes.txt'") && run.stderr.contains("so the recipe is at fault"), "\(run.stderr)")
        let given = try harness.run(["blame", "Sitter", "com.example.sitter", "S", "--templates", templates, "--no-test", "--set", "notes=fine"])
        #expect(given.status == 0, "'--set' replaces the proposal: \(given.stderr)")
    }

    /// The same rule for the rules every value meets: a derived value that turns the user's value
    /// into text shaped like a token is theirs to mend (65, naming the value), and one made from
    /// the recipe's own default is the recipe's (78).
    @Test func aDerivedValueSpoiledByTheUsersValueIsTheirs() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let manifest = TestManifest.header(name: "shout", summary: "A value in capitals.") + """

              ORG: {from: set, default: __acme__}
              LOUD: {from: derived, value: "ORG | upper"}

            """
        try TestManifest.writeRecipe(at: harness.url("T/shout"), manifest: manifest, files: ["README.md": "__APP_NAME__ __LOUD__\n"])
        let templates = harness.url("T").path
        let given = try harness.run(["shout", "Sitter", "com.example.sitter", "S", "--templates", templates, "--no-test", "--set", "org=__abc__"])
        #expect(given.status == 65, "\(given.stderr)")
        #expect(given.stderr.contains("from your value of 'org'; give 'org' another value") && !given.stderr.contains("the recipe is at fault"), "\(given.stderr)")
        let own = try harness.run(["shout", "Sitter", "com.example.sitter", "S", "--templates", templates, "--no-test"])
        #expect(own.status == 78, "\(own.stderr)")
        #expect(own.stderr.contains("so the recipe is at fault"), "\(own.stderr)")
    }

    /// A name the recipe's own text spoils whatever the user gives (`ORG + '/x'` holds a '/') is
    /// the recipe's (78), as lint says, even when the user gave the value it reads: "choose a
    /// value" would send them after one that does not exist.
    @Test func aNameNoValueMendsIsTheRecipesEvenWithTheUsersValue() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let manifest = TestManifest.header(name: "slash", summary: "A name with a slash.") + """

              ORG: {from: set, default: acme}
              SUB: {from: derived, value: "ORG + '/x'"}

            """
        try TestManifest.writeRecipe(at: harness.url("T/slash"), manifest: manifest, files: ["__SUB__.txt": "__APP_NAME__\n"])
        let run = try harness.run(["slash", "Sitter", "com.example.sitter", "S", "--templates", harness.url("T").path, "--no-test", "--set", "org=abc"])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("(no value mends it: the recipe's own text makes it, so the recipe is at fault)"), "\(run.stderr)")
    }
}
