import Testing
@testable import DuoNewCore

/// How a missing `--set` is named: its key, its description, and for a secret the variable that
/// gives it instead, in one sentence.
@Suite struct MissingSettingMessageTests {
    @Test func aSecretsDescriptionAndVariableReadAsOneSentence() {
        let missing = PlaceholderValueError.missingKeys([.init(key: "api-key", description: "The key the setup task registers.", variable: "PORT_API_KEY")])
        #expect(missing.message == "this recipe needs '--set api-key=VALUE' (The key the setup task registers; or set PORT_API_KEY)")
    }

    @Test func aDescriptionAloneKeepsItsFullStop() {
        let missing = PlaceholderValueError.missingKeys([.init(key: "team-id", description: "The signing team.")])
        #expect(missing.message == "this recipe needs '--set team-id=VALUE' (The signing team.)")
    }
}
