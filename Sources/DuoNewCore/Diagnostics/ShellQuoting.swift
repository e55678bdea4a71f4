import Foundation

/// Text as a POSIX shell reads it back, for commands duo-new prints for the user to run.
public enum ShellQuoting {
    /// Quoted only when it has to be: `Sitter` stays, `UI tests` becomes `'UI tests'`.
    public static func quoted(_ text: String) -> String {
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+,:@%")
        if !text.isEmpty, text.unicodeScalars.allSatisfy(safe.contains) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// An argument of a command, after `./` when it starts with `-`, which `cd` and the rest
    /// would otherwise take for an option.
    public static func argument(_ text: String) -> String {
        quoted(text.hasPrefix("-") ? "./" + text : text)
    }
}
