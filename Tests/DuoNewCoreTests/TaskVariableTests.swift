import Testing
@testable import DuoNewCore

/// `SetupTask.reads`: which values a task's command (or its script) reads from its environment,
/// which lint counts as a use of the placeholder.
@Suite struct TaskVariableTests {
    @Test(arguments: [
        "echo \"$DUO_NEW_API_KEY\"",
        "curl -H \"key: ${DUO_NEW_API_KEY}\" https://example.com",
        "DUO_NEW_API_KEY",
        "printenv DUO_NEW_API_KEY|wc -c",
    ])
    func aWholeVariableNameIsRead(_ text: String) {
        #expect(SetupTask.reads("API_KEY", in: text))
    }

    @Test(arguments: [
        "echo \"$DUO_NEW_API_KEYS\"",
        "echo \"$MY_DUO_NEW_API_KEY\"",
        "echo \"$DUO_NEW_API_KEY_2\"",
        "echo \"$DUO_NEW_API\"",
        "echo __API_KEY__",
        "",
    ])
    func aLongerOrShorterNameIsNotRead(_ text: String) {
        #expect(!SetupTask.reads("API_KEY", in: text))
    }
}
