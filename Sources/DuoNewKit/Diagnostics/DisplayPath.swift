/// How a path from a template tree is shown on one line: control characters (a newline, a tab,
/// an escape) written as `\n`, `\t`, `\u{1B}`, so a listing keeps one entry per line and a
/// name cannot move the cursor or fake another entry.
public enum DisplayPath {
    public static func escaped(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isControl) else { return path }
        var shown = ""
        for scalar in path.unicodeScalars {
            switch scalar {
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
        path.unicodeScalars.contains(where: isControl)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
