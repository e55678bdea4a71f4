import DuoNewKit
import Foundation
import DuoNewCore

/// Decides whether a recipe's checks may run (`CheckConsent`), for generation and `duo-new
/// check` alike, by the one rule (`RecipeTrust`): what it does not let run unasked runs only
/// with `--trust` or a yes at a terminal prompt, asked with the Kit's `ConsentQuestion`.
struct CheckConsentGate {
    let context: CommandContext
    let console: Console
    let options: CommonOptions

    /// What `duo-new check` is given to run the checks of a recipe from git anyway, in the project.
    static let trustCommand = "duo-new check --trust"

    /// The consent for the checks of `loaded`: from git when it has a checkout; found in the
    /// folder a project's record names when `recorded` is (with the recipe's tree); else bundled
    /// or in a folder the user gave.
    func consent(
        _ loaded: LoadedRecipe, recorded: (folder: String, tree: RecipeTree)? = nil, checks: [Check]
    ) throws(CommandFailure) -> CheckConsent {
        guard !checks.isEmpty, !options.trust else { return .granted }
        // The config is read only for a recipe from git, the one case its entries decide.
        let trusted = loaded.checkout == nil ? [] : try context.userConfig().trusted
        guard let question = RecipeTrust.question(for: loaded, recorded: recorded, commands: checks, trusted: trusted, environment: context.environment) else {
            return .granted
        }
        if context.canAsk(options),
           QuestionInterrupt.asking(saying: "interrupted at a question; nothing more was done (no task or check of the recipe ran)", { ask(question) }) {
            return .granted
        }
        return .withheld(source: question.source, trustCommand: Self.trustCommand)
    }

    /// Asks, and reads the answer by the Kit's rule (`ConsentQuestion.consents`).
    private func ask(_ question: ConsentQuestion) -> Bool {
        FileHandle.standardError.write(Data(question.text.utf8))
        let line = Prompter.readLineBytes()
        // At the end of input no Enter ended the question's line: what follows starts on its own.
        if line == nil { FileHandle.standardError.write(Data("\n".utf8)) }
        return ConsentQuestion.consents(line.map { String(decoding: $0, as: UTF8.self) })
    }
}
