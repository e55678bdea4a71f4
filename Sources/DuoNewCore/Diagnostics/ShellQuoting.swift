import Foundation

/// Text as a shell reads it back, for commands duo-new prints for the user to run (plain and
/// single quotes; `$'…'` for a control character, which bash, zsh and POSIX.1-2024 read).
public enum ShellQuoting {
    /// Quoted only when it has to be: `Sitter` stays, `UI tests` becomes `'UI tests'`.
    /// A control character is spelled as an escape in ANSI-C quotes (`$'g\x1b[31mx'`, which
    /// bash and zsh read back as the same bytes): raw, it would reach the terminal, and pasted
    /// from between plain quotes it would not name the same file.
    public static func quoted(_ text: String) -> String {
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+,:@%")
        if !text.isEmpty, text.unicodeScalars.allSatisfy(safe.contains) { return text }
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var spelled = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": spelled += "\\\\"
            case "'": spelled += "\\'"
            case "\n": spelled += "\\n"
            case "\t": spelled += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                // `\x` is a byte, so a C1 control (two bytes in UTF-8) is spelled as `\u`.
                spelled += scalar.value < 0x80 ? String(format: "\\x%02x", scalar.value) : String(format: "\\u%04x", scalar.value)
            default: spelled.unicodeScalars.append(scalar)
            }
        }
        return spelled + "'"
    }

    /// A command set apart in a sentence for the user to copy, its arguments already quoted
    /// (`argument`, `quoted`): between single quotes, or double quotes when its own quoting
    /// holds a single quote, or backticks when it holds both, so that the sentence's quotes are
    /// never read as part of the command: `'duo-new check ./Sitter'`, `"duo-new check 'my folder'"`.
    public static func inSentence(_ command: String) -> String {
        switch (command.contains("'"), command.contains("\"")) {
        case (false, _): "'" + command + "'"
        case (true, false): "\"" + command + "\""
        case (true, true): "`" + command + "`"
        }
    }

    /// An argument of a command, after `./` when it starts with `-`, which `cd` and the rest
    /// would otherwise take for an option.
    public static func argument(_ text: String) -> String {
        quoted(text.hasPrefix("-") ? "./" + text : text)
    }

    /// Whether `folder`, as typed, is the working folder itself (`.`, a fresh clone's project),
    /// where a `cd` goes nowhere.
    public static func isWorkingFolder(_ folder: String) -> Bool {
        folder == "." || folder == "./"
    }

    /// `command` (already a shell line) run in `folder`, as typed: `(cd 'My App' && command)`, in
    /// a subshell so that several pasted one after another each start where the user is; the
    /// command alone when `folder` is the working folder.
    public static func inFolder(_ folder: String, _ command: String) -> String {
        isWorkingFolder(folder) ? command : "(cd \(argument(folder)) && \(command))"
    }

    /// `command` after `indent`, as printed for the user to paste: one line when it fits `width`,
    /// else continued with ` \\` at its spaces outside quotes (inside `'…'` a backslash and a
    /// newline would stay in the command), each further line two columns further in, so that the
    /// terminal never breaks a word and the lines paste into a shell as one command. A word wider
    /// than a line (a quoted `sh -c '…'`) stays whole.
    public static func continued(_ command: String, width: Int, indent: String) -> [String] {
        // `$'…'` takes `\\'` inside: not read here, so such a line stays whole.
        guard TextWrapping.columns(indent + command) > width, !command.contains("$'") else { return [indent + command] }
        return continued(words: words(of: command), width: width, indent: indent)
    }

    /// `words` (each already quoted, or an option with its value) as `continued(_:width:indent:)`
    /// lays them out.
    public static func continued(words: [String], width: Int, indent: String) -> [String] {
        let further = indent + "  "
        var lines: [String] = []
        var line = indent
        var wordsOnLine = 0
        for word in words {
            // A word too wide for any line stays beside a line's only word (`(cd '…/Sitter'`):
            // moving it gains no room.
            let beyondAnyLine = TextWrapping.columns(further) + TextWrapping.columns(word) + 2 > width
            if wordsOnLine > 1 || (wordsOnLine == 1 && !beyondAnyLine), TextWrapping.columns(line) + 1 + TextWrapping.columns(word) + 2 > width {
                lines.append(line + " \\")
                line = further
                wordsOnLine = 0
            }
            line += (wordsOnLine == 0 ? "" : " ") + word
            wordsOnLine += 1
        }
        return lines + [line]
    }

    /// `command` split at its spaces outside quotes and not escaped by a backslash.
    static func words(of command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var escaped = false
        for character in command {
            defer { escaped = !escaped && character == "\\" && quote != "'" }
            if character == " ", quote == nil, !escaped {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            word.append(character)
            if escaped { continue }
            if let open = quote, character == open { quote = nil } else if quote == nil, character == "'" || character == "\"" { quote = character }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
