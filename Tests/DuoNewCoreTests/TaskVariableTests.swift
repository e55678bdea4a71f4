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

    /// `SetupTask.valuesRead`: each `$DUO_NEW_X` or `${DUO_NEW_X}` by name and the place of its
    /// `$`, which lint holds against the declared placeholders; duo-new's own settings are no value.
    @Test func valuesReadAreNamedWithTheirPlace() {
        let found = SetupTask.valuesRead(in: "echo \"${DUO_NEW_APPNAME}\" $DUO_NEW_USE_DOCKER $DUO_NEW_GIT_TIMEOUT ${DUO_NEW_TEMPLATES} DUO_NEW_BARE $MY_DUO_NEW_X")
        #expect(found.map(\.name) == ["APPNAME", "USE_DOCKER"])
        #expect(found.map(\.offset) == [6, 26])
    }
}
