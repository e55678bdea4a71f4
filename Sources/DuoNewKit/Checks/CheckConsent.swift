import DuoNewCore

/// Whether a recipe's checks may run: they are commands from the recipe, run on this machine
/// with the user's rights, so a recipe from elsewhere runs them only with the user's word.
///
/// Bundled recipes and local folders are the user's own choice of code (they chose the folder)
/// and run unasked; so does a folder only a project's record names, while it is the user's own
/// (`RecordedFolderOwnership`), and otherwise it needs `--trust` or a yes, as git's do. A recipe cloned from git runs its checks only with `--trust`, when its URL
/// matches a `trusted` entry of the config (`TrustedSource`), or after a yes at a terminal
/// prompt; otherwise every check is skipped, saying why and how to trust it.
public enum CheckConsent: Sendable, Equatable {
    /// The checks may run.
    case granted
    /// The recipe came from `source` (a `git+…` URL) and nobody trusted it; `trustCommand` is
    /// what runs the checks with consent (`duo-new check 'Sitter' --trust`).
    case withheld(source: String, trustCommand: String)
}
