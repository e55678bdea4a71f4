import DuoNewCore

/// What the prompt and `--defaults` share of a generation's missing positionals: the folder and
/// bundle id proposed, which positionals a recipe without a bundle id still lacks, and what the
/// "Without questions" line leaves out. The command line asks, or says which proposals it took.
extension PromptAnswers {
    /// The folder proposed for `appName`: `./<AppName>`, in the working directory.
    public static func folderProposal(for appName: String) -> String {
        "./\(appName)"
    }

    /// What `--defaults` (`-y`) fills in for the positionals `missing` (by name, `<bundle-id>`).
    public struct Defaults: Equatable, Sendable {
        public var bundleID: String?
        public var folder: String?
        /// How each proposal taken is said, in order: `bundle id '…' (its origin)`, `folder '…'`.
        public var used: [String] = []
    }

    /// `--defaults`' answers for the positionals `missing`: the bundle id from the config (else
    /// `com.example`) and the folder from the AppName. A recipe or an AppName has no proposal:
    /// it is still missing, a usage error naming it (64), said before `config` is read (a broken
    /// one is refused, 78, whichever proposal is taken).
    public static func defaults(
        missing: [String], appName: String, config: () throws(GenerationFailure) -> UserConfig
    ) throws(GenerationFailure) -> Defaults {
        if let first = missing.first(where: { $0 == "<recipe>" || $0 == "<AppName>" }) {
            throw GenerationFailure(.usage, "missing \(first); --defaults proposes the bundle id and the folder, not the \(first == "<recipe>" ? "recipe" : "AppName")")
        }
        let config = try config()
        var defaults = Defaults()
        if missing.contains("<bundle-id>") {
            let proposal = config.bundleIDProposal(for: appName)
            defaults.bundleID = proposal.id
            defaults.used.append("bundle id '\(proposal.id)' (\(proposal.origin))")
        }
        if missing.contains("<folder>") {
            let folder = folderProposal(for: appName)
            defaults.folder = folder
            defaults.used.append("folder '\(folder)'")
        }
        return defaults
    }

    /// The positionals still missing of `missing` (by name), once `takesBundleID` tells whether
    /// the recipe declares a bundle id: one that does not takes `<recipe> <AppName> <folder>`, so
    /// with only `<folder>` missing the third word given was the folder (`thirdWordIsFolder`), and
    /// no bundle id is missing (nor asked for, nor proposed). For one that does, a third word no
    /// bundle id can be but a path is (`duo-new recipe Sitter ./Sitter -y`) is the folder too, and
    /// the bundle id is what is missing: proposed with `--defaults`, asked at a terminal, else
    /// named as missing, instead of the path refused as a bundle id. Only a line that names its
    /// recipe and lacks a bundle id or folder loads the recipe to tell.
    public static func stillMissing<E: Error>(
        _ missing: [String], thirdWord: String = "", takesBundleID: () throws(E) -> Bool
    ) throws(E) -> (missing: [String], thirdWordIsFolder: Bool) {
        guard !missing.contains("<recipe>"), missing.contains("<bundle-id>") || missing.contains("<folder>") else {
            return (missing, false)
        }
        guard try !takesBundleID() else {
            return missing == ["<folder>"] && readsAsFolder(thirdWord) ? (["<bundle-id>"], true) : (missing, false)
        }
        if missing == ["<folder>"] { return ([], true) }
        return (missing.filter { $0 != "<bundle-id>" }, false)
    }

    /// A word that names a folder and can be no bundle id: it holds a `/`, starts with `~`, or
    /// is `.` or `..` (a bundle id is letters, digits, hyphens and dots, with no empty segment).
    static func readsAsFolder(_ word: String) -> Bool {
        word.contains("/") || word.hasPrefix("~") || word == "." || word == ".."
    }

    /// The `--set` keys of the recipe's secrets: never printed, however they were given, so the
    /// "Without questions" line leaves them out, to be given again.
    public var secretKeys: [String] {
        manifest.placeholders.filter(\.secret).compactMap(\.settingKey)
    }

    /// What the "Without questions" line adds for the recipe's secrets, which it never shows:
    /// nothing without any; ` (secrets left out: add --set KEY=… …)` for those given on the line
    /// or at a question; and for one that came from its `env` variable, that the variable gives it
    /// again, since pointing the user at `--set` would put the secret in their shell's history.
    /// `given`: the `--set` keys of the line and the answers.
    public func secretsLeftOut(given: [String], environment: [String: String]) -> String {
        var toGive: [String] = []
        var fromVariables: [String] = []
        for placeholder in manifest.placeholders where placeholder.secret {
            guard let key = placeholder.settingKey else { continue }
            if !given.contains(key), let (variable, _) = GenerationPipeline.secretInVariable(placeholder, environment: environment) {
                fromVariables.append("the secret \(key) is read from $\(variable)")
            } else {
                toGive.append(key)
            }
        }
        var notes: [String] = []
        if !toGive.isEmpty { notes.append("secrets left out: add --set \(toGive.map { "\($0)=…" }.joined(separator: " --set "))") }
        notes += fromVariables
        return notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
    }
}

extension SettingQuestion {
    /// The value `answer` names: at a choice, its number in the list (from 1) is the value
    /// listed there, unless the answer is a value itself (choices `2`, `4`, `8`: `2` is `2`);
    /// any other answer is itself, for the placeholder to read.
    public func value(of answer: String) -> String {
        guard case .choice(let choices) = placeholder.type, !choices.contains(where: { $0.value == answer }),
              let number = Int(answer), choices.indices.contains(number - 1) else { return answer }
        return choices[number - 1].value
    }
}
