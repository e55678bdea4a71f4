import DuoNewCore

/// The one rule for whether commands a recipe declares may run unasked on this machine with the
/// user's rights: its checks today, and any other command a recipe comes to declare, all decided
/// here so that no kind of command gets a rule of its own.
///
/// - A bundled recipe, or one in a folder the user gave this run (`--templates`,
///   DUO_NEW_TEMPLATES, the config, a path), runs unasked: the user chose that code. Not a
///   folder in duo-new's git cache, however it was named: that is a clone of someone's
///   repository; nor one whose files another user owns or anyone may write
///   (`RecordedFolderOwnership.chosenFolderProblem`): someone else may have put the code there.
/// - A recipe cloned from git runs unasked only when a `trusted` entry matches its URL
///   (`TrustedSource`, URLs compared in one form).
/// - A recipe found in a folder only a project's record names runs unasked only while that
///   folder is plainly the user's own (`RecordedFolderOwnership`: no indirection, not in the git
///   cache, the recipe and its layers owned by the user and writable by nobody else).
///
/// Anything else needs `--trust` or a yes at a terminal (the CLI's consent gate).
public enum RecipeTrust {
    public enum Verdict: Sendable, Equatable {
        /// The commands may run unasked.
        case unasked
        /// From git, `source`, and no `trusted` entry matches it.
        case untrustedGit(source: GitTemplates, commit: String)
        /// Found in `folder`, which only the record names, and which is not the user's own: `why`.
        case unvouchedFolder(folder: String, why: String)
    }

    /// The verdict for a recipe loaded from `checkout` when it came from git; `recorded` is the
    /// folder the project's record named, with the recipe's tree found there, when that is where
    /// it was found (no folder the user gave), else nil. `chosen` is the recipe's tree as loaded.
    public static func verdict(
        checkout: GitCheckout?, recorded: (folder: String, tree: RecipeTree)?, chosen: RecipeTree?, trusted: [TrustedSource], cacheRoot: String?
    ) -> Verdict {
        if let checkout {
            if trusted.contains(where: { $0.trusts(checkout.source) }) { return .unasked }
            return .untrustedGit(source: checkout.source, commit: checkout.commit)
        }
        if let recorded, let why = RecordedFolderOwnership.problem(recordedFolder: recorded.folder, tree: recorded.tree, cacheRoot: cacheRoot) {
            return .unvouchedFolder(folder: recorded.folder, why: why)
        }
        guard recorded == nil, let chosen else { return .unasked }
        let folder = chosen.top.folder.path
        if let why = RecordedFolderOwnership.gitCacheProblem(folder: folder, cacheRoot: cacheRoot) ?? RecordedFolderOwnership.chosenFolderProblem(tree: chosen) {
            return .unvouchedFolder(folder: folder, why: why)
        }
        return .unasked
    }
}
