import DuoNewCore

/// What the person at a terminal is asked before a recipe's commands run: the recipe's origin in
/// a sentence and the commands, said here so that generation, `check` and `update` ask alike.
public struct ConsentQuestion: Sendable, Equatable {
    /// The text up to `Run them? [y/N]: `, a line per command, each name and command escaped.
    public let text: String
    /// What `CheckConsent.withheld` names when nobody says yes: the git URL or the folder.
    public let source: String

    /// Whether `answer` consents: only `y` or `yes` does (in any case, spaces around it); anything
    /// else, Enter or the end of input (nil), does not.
    public static func consents(_ answer: String?) -> Bool {
        guard let answer else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

extension RecipeTrust {
    /// The question `commands` of `loaded` need before they run, or nil when they may run
    /// unasked (`verdict`); `recorded` as for `verdict`. `trusted` is the config's entries,
    /// which only a recipe from git reads.
    public static func question(
        for loaded: LoadedRecipe, recorded: (folder: String, tree: RecipeTree)?, commands: [Check], trusted: [TrustedSource], environment: [String: String]
    ) -> ConsentQuestion? {
        let recipe = DisplayPath.escaped(loaded.manifest.name)
        let origin: String
        let source: String
        let cacheRoot = GitTemplates.cacheRoot(environment: environment)
        switch verdict(checkout: loaded.checkout, recorded: recorded, chosen: loaded.tree, trusted: trusted, cacheRoot: cacheRoot) {
        case .unasked: return nil
        case .untrustedGit(let git, let commit):
            origin = "The recipe '\(recipe)' comes from '\(DisplayPath.escaped(git.spec))' (commit \(commit.prefix(12)))."
            source = git.spec
        case .unvouchedFolder(let folder, let why):
            let named = recorded == nil ? "" : ", which the project's record names,"
            origin = "The recipe '\(recipe)' was found in '\(DisplayPath.escaped(folder))'\(named) and \(why)."
            source = recorded?.tree.top.folder.path ?? folder
        }
        let lines = commands.map { "  \(DisplayPath.escaped($0.name)): \(DisplayPath.escaped($0.run))\n" }
        let text = origin + " It would run these commands in the project, with your rights:\n" + lines.joined() + "Run them? [y/N]: "
        return ConsentQuestion(text: text, source: source)
    }
}
