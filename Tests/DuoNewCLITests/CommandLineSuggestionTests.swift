import Foundation
import Testing
@testable import DuoNewCLI
import DuoNewKit

/// The suggestions of issue 31 the command line makes: a git URL without `git+`. (`lint` on a
/// folder of recipes and the recipe prompt's answers are the Kit's: `LintFolderHintTests`,
/// `PromptAnswersTests`.)
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
}
