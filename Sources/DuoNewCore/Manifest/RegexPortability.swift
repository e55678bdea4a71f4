/// Whether a `pattern` keeps to the regular-expression syntax that ICU (which duo-new matches
/// with) and ECMAScript (which editors checking the JSON Schema use) read alike: docs/manifest.md
/// lists that subset. Anything else may match differently, or not compile, in one of the two.
public enum RegexPortability {
    /// A construct outside the portable subset, and what to write instead.
    public struct Finding: Sendable, Hashable {
        public var construct: String
        public var fix: String
    }

    /// Escapes ICU reads and ECMAScript reads differently or not at all, with their portable form.
    package static let escapes: [Character: String] = [
        "A": "write '^' instead", "z": "write '$' instead", "Z": "write '$' instead",
        "G": "anchor with '^' instead", "R": "write '(?:\\r\\n|\\n|\\r)' instead", "X": "write the characters out",
        "h": "write '[ \\t]' instead", "H": "write '[^ \\t]' instead", "Q": "escape each character with '\\' instead",
        "E": "escape each character with '\\' instead", "K": "use a group instead", "N": "write the character itself",
        "p": "write a class such as '[A-Za-z]' instead", "P": "write a class such as '[^A-Za-z]' instead",
        "e": "write '\\u001B' instead", "a": "write '\\u0007' instead",
    ]

    /// The first construct outside the portable subset, if any.
    public static func finding(in pattern: String) -> Finding? {
        let characters = Array(pattern)
        var index = 0
        var inClass = false
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "\\":
                guard let escaped = next else { return nil }
                if escaped == "x", index + 2 < characters.count, characters[index + 2] == "{" {
                    return Finding(construct: "\\x{…}", fix: "write '\\uXXXX' instead")
                }
                if let fix = escapes[escaped] { return Finding(construct: "\\\(escaped)", fix: fix) }
                index += 2
                continue
            case "[" where inClass:
                if next == ":" { return Finding(construct: "[:…:]", fix: "write the class out, such as '[A-Za-z]'") }
                return Finding(construct: "a class inside a class", fix: "write one class listing every character")
            case "[":
                inClass = true
                // `[]` and `[^]` mean different things in the two; a leading `]` is literal only in ICU.
                if next == "]" || (next == "^" && index + 2 < characters.count && characters[index + 2] == "]") {
                    return Finding(construct: "an empty class", fix: "escape a ']' inside a class as '\\]'")
                }
            case "]" where inClass:
                inClass = false
            case "&" where inClass && next == "&", "-" where inClass && next == "-":
                return Finding(construct: "'\(character)\(character)' in a class", fix: "write one class listing every character")
            case "(" where !inClass && next == "?":
                let kind = index + 2 < characters.count ? characters[index + 2] : nil
                switch kind {
                case ":", "=", "!": break
                case "<" where index + 3 < characters.count && ["=", "!"].contains(characters[index + 3]): break
                case ">": return Finding(construct: "(?>…)", fix: "write a plain group '(?:…)' instead")
                case "#": return Finding(construct: "(?#…)", fix: "remove the comment")
                case "<": break
                default: return Finding(construct: "an inline flag '(?\(kind.map(String.init) ?? ""))'", fix: "spell the cases out, such as '[Aa]'")
                }
            case "+" where !inClass && index > 0 && ["*", "+", "?", "}"].contains(characters[index - 1]) && !isEscaped(characters, index - 1):
                return Finding(construct: "a possessive quantifier '\(characters[index - 1])+'", fix: "drop the '+'")
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static func isEscaped(_ characters: [Character], _ index: Int) -> Bool {
        var backslashes = 0
        var cursor = index - 1
        while cursor >= 0, characters[cursor] == "\\" {
            backslashes += 1
            cursor -= 1
        }
        return backslashes % 2 == 1
    }
}
