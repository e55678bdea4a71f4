import DuoNewKit
import Foundation
import DuoNewCore

/// Decides whether a recipe's checks may run (`CheckConsent`), for generation and `duo-new
/// check` alike, by the one rule (`RecipeTrust`): what it does not let run unasked runs only
/// with `--trust` or a yes at a terminal prompt.
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
        let recipe = loaded.manifest.name
        // The config is read only for a recipe from git, the one case its entries decide.
        let trusted = loaded.checkout == nil ? [] : try context.userConfig().trusted
        let text: String
        let source: String
        let cacheRoot = GitTemplates.cacheRoot(environment: context.environment)
        switch RecipeTrust.verdict(checkout: loaded.checkout, recorded: recorded, chosen: loaded.tree, trusted: trusted, cacheRoot: cacheRoot) {
        case .unasked: return .granted
        case .untrustedGit(let git, let commit):
            text = "The recipe '\(DisplayPath.escaped(recipe))' comes from '\(DisplayPath.escaped(git.spec))' (commit \(commit.prefix(12)))."
            source = git.spec
        case .unvouchedFolder(let folder, let why):
            let named = recorded == nil ? "" : ", which the project's record names,"
            text = "The recipe '\(DisplayPath.escaped(recipe))' was found in '\(DisplayPath.escaped(folder))'\(named) and \(why)."
            source = recorded?.tree.top.folder.path ?? folder
        }
        if context.canAsk(options),
           QuestionInterrupt.asking(saying: "interrupted at a question; nothing more was done (no task or check of the recipe ran)", { ask(text, checks: checks) }) {
            return .granted
        }
        return .withheld(source: source, trustCommand: Self.trustCommand)
    }

    /// Shows what would run and asks; only `y` or `yes` is consent, anything else (Enter, end
    /// of input) is not.
    private func ask(_ origin: String, checks: [Check]) -> Bool {
        var text = origin + " It would run these commands in the project, with your rights:\n"
        for check in checks {
            text += "  \(DisplayPath.escaped(check.name)): \(DisplayPath.escaped(check.run))\n"
        }
        text += "Run them? [y/N]: "
        FileHandle.standardError.write(Data(text.utf8))
        guard let line = Prompter.readLineBytes().map({ String(decoding: $0, as: UTF8.self) }) else {
            FileHandle.standardError.write(Data("\n".utf8))
            return false
        }
        let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "y" || answer == "yes"
    }
}
