import DuoNewCore

/// A templates folder that is no folder but a git URL without its `git+` (`https://…`), as
/// `--templates`, `DUO_NEW_TEMPLATES` or a config entry: the message says how to write it.
public enum TemplatesURLHint {
    /// URL schemes git clones from, each of which duo-new takes with `git+` in front.
    public static let schemes = GitTemplates.schemes.map { String($0.dropFirst("git+".count)) }

    /// `message` with the fix for `value`, when `value` is such a URL; else `message` as it is.
    public static func message(_ message: String, for value: String?) -> String {
        guard let value, !GitTemplates.isGitURL(value), schemes.contains(where: { value.lowercased().hasPrefix($0) }) else { return message }
        return message + "; for a git repository of recipes, write 'git+\(value)'"
    }
}
