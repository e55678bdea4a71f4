/// How text read from a file (a path from a template tree, a record's version or values, a
/// journal's line) is shown on one line: control characters (a newline, a tab, an escape)
/// written as `\n`, `\t`, `\u{1B}`, so a listing keeps one entry per line and text from an
/// untrusted file cannot move the cursor, retitle the terminal or fake another line. Every
/// message that quotes such text goes through `escaped`; the characters are the ones the rule
/// for names refuses (`ContainedPath.holdsControlCharacter`). Text of several lines a manifest
/// gives (its `next-steps`, a recipe's help) keeps its newlines (`keepingNewlines`) and has
/// everything else escaped the same way: this is the one escaping function for the terminal.
public enum DisplayPath {
    public static func escaped(_ path: String) -> String {
        escaped(path, keepingNewlines: false)
    }

    public static func escaped(_ path: String, keepingNewlines: Bool) -> String {
        guard needsEscaping(path) else { return path }
        var shown = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n" where keepingNewlines: shown.unicodeScalars.append(scalar)
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case _ where isControl(scalar): shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Whether `path` holds a character that `escaped` rewrites.
    public static func needsEscaping(_ path: String) -> Bool {
        ContainedPath.holdsControlCharacter(path.utf8)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
