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

    private func answers() throws -> PromptAnswers {
        let recipe = try TestScratch.makeFolder("prompt-questions").appendingPathComponent("fix")
        let manifest = TestManifest.header(name: "fix", summary: "A recipe for the prompt's questions.") + Self.placeholders + "\n"
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
}
