import DuoNewCore

/// Why generation (or the staging of an update, or lint's trial) stopped: each case says what
/// went wrong in values the caller renders, and what kind of fault it is, which the command line
/// maps to its exit code in one place (`ExitCode(for:)`).
public struct GenerationFailure: Error, Sendable {
    public enum Kind: Sendable, Hashable {
        /// No recipe of that name, or no such folder (66).
        case noRecipe
        /// The recipe itself is wrong: manifest, layers, tree, a check, a leftover token (78).
        case brokenRecipe
        /// A value given on the command line or by the config does not fit (65).
        case badValue
        /// A value names something the recipe does not have (`--set` key, `--with` check) (64).
        case usage
        /// The destination cannot take the project (73).
        case destination
        /// Another process holds the project's lock (75).
        case busy
        /// Reading or writing failed (74).
        case io
        /// A signal stopped it; nothing was left behind unless the message says so.
        case interrupted(signal: Int32)
    }

    public var kind: Kind
    /// One sentence: what happened and what to do.
    public var message: String
    /// The findings behind it, printed before the message, each at its place.
    public var diagnostics: [Diagnostic]
    /// Tokens a write left unstamped, at the template's own lines and columns (`diagnostics`
    /// describes them too), for a caller that reports them its own way (lint's trial).
    public var leftovers: [WriteError.Leftover] = []

    public init(_ kind: Kind, _ message: String, diagnostics: [Diagnostic] = []) {
        self.kind = kind
        self.message = message
        self.diagnostics = diagnostics
    }

    /// The recipe named `recipe` is broken; `manifestPath` locates the `lint` command that shows all.
    public static func brokenRecipe(_ recipe: String, manifestPath: String, diagnostics: [Diagnostic]) -> GenerationFailure {
        let folder = ShellQuoting.argument(String(manifestPath.dropLast(Manifest.fileName.count + 1)))
        return GenerationFailure(.brokenRecipe, "the recipe '\(recipe)' is broken; \(ShellQuoting.inSentence("duo-new lint " + folder)) shows every problem", diagnostics: diagnostics)
    }

    /// A name or value the rules refuse (65), the rule's name ending the message.
    public init(_ error: NameError) {
        self.init(.badValue, error.withRule)
    }

    /// A write that failed, as the kind of fault it is.
    public init(_ error: WriteError, diagnostics: [Diagnostic] = []) {
        switch error {
        case .destinationNotEmpty, .destinationNotFolder, .destinationUnusable: self.init(.destination, error.message)
        case .io: self.init(.io, error.message)
        case .interrupted(let signal): self.init(.interrupted(signal: signal), error.message)
        case .leftoverTokens: self.init(.brokenRecipe, error.message, diagnostics: diagnostics)
        }
    }
}
