import DuoNewKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Decides whether a recipe's checks may run (`CheckConsent`), for generation and `duo-new
/// check` alike: a recipe from git runs them only with `--trust`, a `trusted` config entry that
/// matches its URL, or a yes at a terminal prompt.
struct CheckConsentGate {
    let context: CommandContext
    let console: Console
    let options: CommonOptions

    /// What `duo-new check` is given to run the checks of a recipe from git anyway, in the project.
    static let trustCommand = "duo-new check --trust"

    /// The consent for the checks of the recipe in `checkout` (nil: bundled or a local folder).
    func consent(recipe: String, checkout: GitCheckout?, checks: [Check]) throws(Failure) -> CheckConsent {
        guard let checkout, !checks.isEmpty else { return .granted }
        if options.trust { return .granted }
        if try context.userConfig().trusted.contains(where: { $0.trusts(checkout.source) }) { return .granted }
        let text = "The recipe '\(DisplayPath.escaped(recipe))' comes from '\(DisplayPath.escaped(checkout.source.spec))' (commit \(checkout.commit.prefix(12)))."
        if canAsk, ask(text, checks: checks) { return .granted }
        return .withheld(source: checkout.source.spec, trustCommand: Self.trustCommand)
    }

    /// The consent for the checks of a recipe found in `folder` only because the record names it,
    /// a folder that is not the user's own (`because`): `--trust` or a yes at a terminal.
    func consent(recipe: String, recordedFolder folder: String, because why: String, checks: [Check]) -> CheckConsent {
        guard !checks.isEmpty, !options.trust else { return .granted }
        let text = "The recipe '\(DisplayPath.escaped(recipe))' was found in '\(DisplayPath.escaped(folder))', which the project's record names and \(why)."
        if canAsk, ask(text, checks: checks) { return .granted }
        return .withheld(source: folder, trustCommand: Self.trustCommand)
    }

    /// Only a person at a terminal can answer: standard input and output both terminals,
    /// `--no-input` and `--json` absent, `CI` unset (as for the argument prompts).
    private var canAsk: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && context.environment["CI"] == nil && !options.noInput && !options.json
    }

    /// Shows what would run and asks; only `y` or `yes` is consent, anything else (Enter, end
    /// of input) is not.
    private func ask(_ origin: String, checks: [Check]) -> Bool {
        var text = origin + " Its checks run these commands in the project, with your rights:\n"
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
