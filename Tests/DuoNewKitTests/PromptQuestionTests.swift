import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// Which `--set` values the prompt asks for, and what Enter takes, decided in-process by the
/// Kit: the command line only asks what it is told.
@Suite("Prompt questions")
struct PromptQuestionTests {
    private static let placeholders = """

      PROGRAM:
        from: set
        description: The program's name.
        default-from: APP_NAME | kebab
        ask-if: SCRIPTS
      SCRIPTS:
        from: set
        type: bool
        default: false
      TOKEN:
        from: set
        secret: true
        env: FIX_TOKEN
      STYLE:
        from: set
        type: choice
        choices: [plain, boxed]
        default: plain
    """

    private func answers(more: String = "") throws -> PromptAnswers {
        let recipe = try TestScratch.makeFolder("prompt-questions").appendingPathComponent("fix")
        let manifest = TestManifest.header(name: "fix", summary: "A recipe for the prompt's questions.") + Self.placeholders + more + "\n"
        try TestManifest.writeRecipe(at: recipe, manifest: manifest, files: ["README.md": "__APP_NAME__ __TOKEN__\n"])
        return try PromptAnswers.load(recipe, workingDirectory: recipe.deletingLastPathComponent().path)
    }

    private func keys(_ placeholders: [Placeholder]) -> [String] { placeholders.compactMap(\.settingKey) }

    @Test func givenValuesAndSecretsInTheirVariableAreNotAsked() throws {
        let answers = try answers()
        let config = UserConfig(path: "/none")
        let all = try answers.settingCandidates(given: [], config: config, environment: [:])
        #expect(Set(keys(all)) == ["program", "scripts", "token", "style"], "\(keys(all))")
        #expect(keys(all).firstIndex(of: "scripts")! < keys(all).firstIndex(of: "program")!, "ask-if's key comes before the question it guards")
        let fewer = try answers.settingCandidates(given: ["style"], config: config, environment: ["FIX_TOKEN": "abc"])
        #expect(Set(keys(fewer)) == ["program", "scripts"], "\(keys(fewer))")
    }

    @Test func askIfAndDefaultFromFollowTheAnswersSoFar() throws {
        let answers = try answers()
        let config = UserConfig(path: "/none")
        let program = try #require(answers.manifest.placeholders.first { $0.settingKey == "program" })
        #expect(answers.question(for: program, appName: "SitterApp", bundleID: "com.example.sitter", settings: [("scripts", "false")], config: config) == nil)
        let asked = try #require(answers.question(for: program, appName: "SitterApp", bundleID: "com.example.sitter", settings: [("scripts", "true")], config: config))
        #expect(asked.proposal == "sitter-app" && asked.label == "program (The program's name.)", "\(asked.label) [\(asked.proposal ?? "-")]")
        let configured = UserConfig(path: "/none", settings: [("program", "from-config")])
        let proposed = answers.question(for: program, appName: "SitterApp", bundleID: "com.example.sitter", settings: [("scripts", "true")], config: configured)
        #expect(proposed?.proposal == "from-config", "the config's value is proposed before the default-from")
    }

    @Test func onlyRequiredAsksForValuesWithNothingToPropose() throws {
        let answers = try answers()
        let config = UserConfig(path: "/none")
        let asked = try answers.settingCandidates(given: [], config: config, environment: [:]).compactMap {
            answers.question(for: $0, appName: "Sitter", bundleID: "com.example.sitter", settings: [], config: config, onlyRequired: true)?.key
        }
        #expect(asked == ["token"], "\(asked)")
    }

    @Test func aConfigValueThatBreaksItsRuleIsRefusedBeforeAnyQuestion() throws {
        let answers = try answers()
        let config = UserConfig(path: "/home/me/.config/duo-new/config.yaml", settings: [("style", "fancy")])
        do {
            _ = try answers.settingCandidates(given: [], config: config, environment: [:])
            Issue.record("a config value outside the choices was taken")
        } catch {
            #expect(error.kind == .badValue && error.message.contains("config.yaml"), "\(error.message)")
        }
        #expect((try? answers.settingCandidates(given: ["style"], config: config, environment: [:])) != nil, "a --set value replaces the config's")
    }

    /// A secret is never taken from the config: `duo-new config` prints it, and it is plain text.
    @Test func aSecretInTheConfigIsRefusedNamingItsPlace() throws {
        let answers = try answers()
        let config = UserConfig(path: "/home/me/.config/duo-new/config.yaml", settings: [("token", "sk-from-config")])
        do {
            _ = try answers.settingCandidates(given: [], config: config, environment: ["FIX_TOKEN": "abc"])
            Issue.record("a secret was taken from the config")
        } catch {
            #expect(error.kind == .badValue && error.message.contains("never read from the config") && error.message.contains("FIX_TOKEN"), "\(error.message)")
            #expect(!error.message.contains("sk-from-config"), "the value is not shown")
        }
        // Giving the secret with --set leaves the file holding one in plain text: refused the same.
        #expect(throws: GenerationFailure.self, "a secret in the config passed because --set gave it") {
            try answers.settingCandidates(given: ["token"], config: config, environment: [:])
        }
    }

    @Test func aChoiceTakesItsNumberInTheListOrItsValue() throws {
        let answers = try answers()
        let config = UserConfig(path: "/none")
        let style = try #require(answers.manifest.placeholders.first { $0.settingKey == "style" })
        let question = try #require(answers.question(for: style, appName: "Sitter", bundleID: "com.example.sitter", settings: [], config: config))
        #expect(question.value(of: "1") == "plain" && question.value(of: "2") == "boxed", "numbers count from 1")
        #expect(question.value(of: "3") == "3" && question.value(of: "0") == "0", "a number past the list is read as a value, and refused there")
        #expect(question.value(of: "boxed") == "boxed")
        let program = try #require(answers.manifest.placeholders.first { $0.settingKey == "program" })
        let text = try #require(answers.question(for: program, appName: "Sitter", bundleID: "com.example.sitter", settings: [("scripts", "true")], config: config))
        #expect(text.value(of: "1") == "1", "only a choice reads a number as its place in a list")
    }

    /// Choices that are numbers themselves (`2`, `4`, `8` spaces): an answer that is a value is
    /// that value, never the value at that place in the list (`2` was `4`, the second).
    @Test func aChoiceThatIsANumberIsItselfNotAPlaceInTheList() throws {
        let answers = try answers(more: "\n  INDENT:\n    from: set\n    type: choice\n    choices: [\"2\", \"4\", \"8\"]\n    default: \"4\"")
        let indent = try #require(answers.manifest.placeholders.first { $0.settingKey == "indent" })
        let question = try #require(answers.question(for: indent, appName: "Sitter", bundleID: "com.example.sitter", settings: [], config: UserConfig(path: "/none")))
        #expect(question.value(of: "2") == "2" && question.value(of: "8") == "8", "a value typed is the value")
        #expect(question.value(of: "1") == "2" && question.value(of: "3") == "8", "a number that is no value is its place in the list")
    }

    /// The "Without questions" line never shows a secret: it names the keys to give again.
    @Test func theLineWithoutQuestionsLeavesTheSecretsOut() throws {
        let answers = try answers()
        #expect(answers.secretKeys == ["token"])
        #expect(answers.secretsLeftOut(given: ["token"], environment: [:]) == " (secrets left out: add --set token=…)")
        #expect(answers.secretsLeftOut(given: [], environment: [:]) == " (secrets left out: add --set token=…)", "asked")
    }

    /// A secret its `env` variable gave is not one to add with `--set` (the shell's history would
    /// keep it): the line says the variable gives it again; two secrets, one given each way.
    @Test func theLineWithoutQuestionsSaysWhichVariableGivesASecret() throws {
        let recipe = try TestScratch.makeFolder("prompt-secret-variables").appendingPathComponent("sec")
        let manifest = "name: sec\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n"
            + "  API_KEY: {from: set, secret: true, env: MY_API_KEY}\n  TOKEN: {from: set, secret: true}\n"
        try TestManifest.writeRecipe(at: recipe, manifest: manifest, files: ["a.txt": "__APP_NAME__ __API_KEY__ __TOKEN__\n"])
        let answers = try PromptAnswers.load(recipe, workingDirectory: recipe.deletingLastPathComponent().path)
        #expect(answers.secretsLeftOut(given: ["token"], environment: ["MY_API_KEY": "k3y-from-env"])
            == " (secrets left out: add --set token=…; the secret api-key is read from $MY_API_KEY)")
        #expect(answers.secretsLeftOut(given: ["api-key", "token"], environment: ["MY_API_KEY": "k3y-from-env"])
            == " (secrets left out: add --set api-key=… --set token=…)", "'--set' wins over the variable")
        #expect(answers.secretsLeftOut(given: ["token"], environment: ["MY_API_KEY": ""]) == " (secrets left out: add --set api-key=… --set token=…)", "an empty variable gives nothing")
    }

    /// `--defaults` proposes what the prompt proposes: the folder from the AppName, the bundle id
    /// from the config's prefix, else com.example; never a recipe or an AppName.
    @Test func defaultsProposeTheFolderAndTheBundleIDAlone() throws {
        let none = UserConfig(path: "/none")
        #expect(PromptAnswers.folderProposal(for: "Sitter") == "./Sitter")
        let both = try PromptAnswers.defaults(missing: ["<bundle-id>", "<folder>"], appName: "Sitter") { none }
        #expect(both.bundleID == "com.example.sitter" && both.folder == "./Sitter")
        #expect(both.used.count == 2 && both.used[0].hasPrefix("bundle id 'com.example.sitter' (com.example.<AppName in lower case>") && both.used[1] == "folder './Sitter'", "\(both.used)")
        let prefixed = UserConfig(path: "/none", exists: true, bundleIDPrefix: "org.me")
        let folderOnly = try PromptAnswers.defaults(missing: ["<folder>"], appName: "Sitter") { prefixed }
        #expect(folderOnly.bundleID == nil && folderOnly.folder == "./Sitter" && folderOnly.used == ["folder './Sitter'"])
        #expect(try PromptAnswers.defaults(missing: ["<bundle-id>"], appName: "Sitter") { prefixed }.bundleID == "org.me.sitter")
        for missing in [["<recipe>", "<AppName>", "<bundle-id>", "<folder>"], ["<AppName>", "<bundle-id>", "<folder>"]] {
            do {
                _ = try PromptAnswers.defaults(missing: missing, appName: "") { () throws(GenerationFailure) -> UserConfig in
                    throw GenerationFailure(.brokenRecipe, "the config is read only after the usage error")
                }
                Issue.record("--defaults proposed \(missing[0])")
            } catch {
                #expect(error.kind == .usage && error.message.hasPrefix("missing \(missing[0]); --defaults proposes the bundle id and the folder"), "\(error.message)")
            }
        }
    }

    /// A recipe without a bundle id takes `<recipe> <AppName> <folder>`: its third word is the
    /// folder, and no bundle id is missing; the recipe is loaded only when a line could mean either.
    @Test func aRecipeWithoutABundleIDTakesItsThirdWordAsTheFolder() {
        let without = { () -> Bool in false }
        #expect(PromptAnswers.stillMissing(["<folder>"], takesBundleID: without) == ([], true))
        #expect(PromptAnswers.stillMissing(["<bundle-id>", "<folder>"], takesBundleID: without) == (["<folder>"], false))
        #expect(PromptAnswers.stillMissing(["<AppName>", "<bundle-id>", "<folder>"], takesBundleID: without) == (["<AppName>", "<folder>"], false))
        #expect(PromptAnswers.stillMissing(["<folder>"]) { true } == (["<folder>"], false), "a recipe with a bundle id keeps its four words")
        let unloaded = { () -> Bool in
            Issue.record("the recipe was loaded without a recipe named")
            return false
        }
        #expect(PromptAnswers.stillMissing(["<recipe>", "<AppName>", "<bundle-id>", "<folder>"], takesBundleID: unloaded) == (["<recipe>", "<AppName>", "<bundle-id>", "<folder>"], false))
    }

    /// A recipe with a bundle id, given a path where the bundle id goes (`duo-new recipe Sitter
    /// ./Sitter -y`): the path is the folder and the bundle id is what is missing, to be proposed
    /// or asked for; a word that could be a bundle id stays one, to be checked as one.
    @Test(arguments: ["./Sitter", "/tmp/x", "Apps/Sitter", "~", "~/Apps/Sitter", ".", ".."])
    func aPathWhereTheBundleIDGoesIsTheFolder(_ word: String) {
        #expect(PromptAnswers.stillMissing(["<folder>"], thirdWord: word) { true } == (["<bundle-id>"], true))
        #expect(PromptAnswers.stillMissing(["<folder>"], thirdWord: word) { false } == ([], true), "without a bundle id it was the folder already")
    }

    @Test(arguments: ["com.example.sitter", "Sitter", "sitter.app", "com..x", "a b"])
    func aWordThatIsNoPathStaysTheBundleID(_ word: String) {
        #expect(PromptAnswers.stillMissing(["<folder>"], thirdWord: word) { true } == (["<folder>"], false))
    }
}
