/// Reads the text of an `include-if` condition into a `Condition`: pure, with the offset (in
/// Unicode scalars) of every problem, so the manifest's diagnostics point at its column.
///
/// ```
/// condition := term ('or' term)*
/// term      := factor ('and' factor)*
/// factor    := 'not' factor | '(' condition ')' | NAME (('==' | '!=') VALUE)?
/// NAME      := [A-Z][A-Z0-9_]*                   a placeholder's token name
/// VALUE     := [A-Za-z0-9._+-]+ | '…'            a choice's value, quoted when it needs to be
/// ```
public enum ConditionParser {
    /// The longest condition read, in Unicode scalars.
    public static let maximumLength = 1000
    /// How deep `not` and parentheses may nest, so reading stays within a small stack.
    public static let maximumDepth = 32

    public struct Failure: Error, Sendable, Equatable {
        public var offset: Int
        public var problem: ConditionProblem
    }

    public static func parse(_ text: String) throws(Failure) -> Condition {
        guard text.unicodeScalars.count <= maximumLength else { throw Failure(offset: 0, problem: .tooLong(limit: maximumLength)) }
        var parser = Reading(tokens: try tokens(of: text), end: text.unicodeScalars.count)
        let condition = try parser.condition(depth: 0)
        if let extra = parser.peek { throw parser.failure(at: extra, expected: "'and', 'or' or the end") }
        return condition
    }

    // MARK: - Words

    enum Kind: Equatable {
        case word(String), quoted(String), equals, notEquals, open, close
    }

    struct Token: Equatable {
        var kind: Kind
        var offset: Int
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        NameRules.isASCIILetterOrDigit(scalar) || "._+-".unicodeScalars.contains(scalar)
    }

    static func tokens(of text: String) throws(Failure) -> [Token] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let start = index
            if scalar == " " || scalar == "\t" || scalar == "\n" {
                index += 1
            } else if scalar == "(" || scalar == ")" {
                tokens.append(Token(kind: scalar == "(" ? .open : .close, offset: start))
                index += 1
            } else if (scalar == "=" || scalar == "!"), index + 1 < scalars.count, scalars[index + 1] == "=" {
                tokens.append(Token(kind: scalar == "=" ? .equals : .notEquals, offset: start))
                index += 2
            } else if scalar == "'" {
                guard let close = scalars[(index + 1)...].firstIndex(of: "'") else {
                    throw Failure(offset: start, problem: .syntax(found: "a quote that is never closed", expected: "a closing \"'\""))
                }
                var value = ""
                value.unicodeScalars.append(contentsOf: scalars[(index + 1)..<close])
                tokens.append(Token(kind: .quoted(value), offset: start))
                index = close + 1
            } else if isWordScalar(scalar) {
                while index < scalars.count, isWordScalar(scalars[index]) { index += 1 }
                var word = ""
                word.unicodeScalars.append(contentsOf: scalars[start..<index])
                tokens.append(Token(kind: .word(word), offset: start))
            } else {
                let hint = scalar == "&" || scalar == "|" ? "'and' or 'or' (written as words)" : scalar == "!" ? "'not' (written as a word)" : "a name, 'not', '(' or a value"
                throw Failure(offset: start, problem: .syntax(found: "'\(scalar)'", expected: hint))
            }
        }
        return tokens
    }

    // MARK: - Reading

    private struct Reading {
        var tokens: [Token]
        var end: Int
        var position = 0

        var peek: Token? { position < tokens.count ? tokens[position] : nil }

        mutating func condition(depth: Int) throws(Failure) -> Condition {
            var left = try term(depth: depth)
            while let token = peek, token.kind == .word("or") {
                position += 1
                left = .or(left, try term(depth: depth))
            }
            return left
        }

        mutating func term(depth: Int) throws(Failure) -> Condition {
            var left = try factor(depth: depth)
            while let token = peek, token.kind == .word("and") {
                position += 1
                left = .and(left, try factor(depth: depth))
            }
            return left
        }

        mutating func factor(depth: Int) throws(Failure) -> Condition {
            guard let token = peek else { throw failure(at: nil, expected: "a name, 'not' or '('") }
            guard depth < ConditionParser.maximumDepth else {
                throw Failure(offset: token.offset, problem: .syntax(found: "more than \(ConditionParser.maximumDepth) levels of 'not' and '('", expected: "a flatter condition"))
            }
            position += 1
            switch token.kind {
            case .word("not"):
                return .not(try factor(depth: depth + 1))
            case .open:
                let inner = try condition(depth: depth + 1)
                guard let close = peek, close.kind == .close else { throw failure(at: peek, expected: "')'") }
                position += 1
                return inner
            case .word(let word) where Self.isTokenName(word) && !["and", "or", "not"].contains(word):
                let name = Condition.Name(word, offset: token.offset)
                guard let comparison = peek, comparison.kind == .equals || comparison.kind == .notEquals else { return .flag(name) }
                position += 1
                guard let valueToken = peek else { throw failure(at: nil, expected: "a value of '\(word)'") }
                position += 1
                switch valueToken.kind {
                case .word(let value), .quoted(let value):
                    return .equals(name, value: value, valueOffset: valueToken.offset, negated: comparison.kind == .notEquals)
                default:
                    throw failure(at: valueToken, expected: "a value of '\(word)'")
                }
            default:
                position -= 1
                throw failure(at: token, expected: "a placeholder's name (capitals, such as GALLERY), 'not' or '('")
            }
        }

        func failure(at token: Token?, expected: String) -> Failure {
            guard let token else { return Failure(offset: end, problem: .syntax(found: "the end of the condition", expected: expected)) }
            let found: String = switch token.kind {
            case .word(let word): "'\(word)'"
            case .quoted(let value): "the quoted value '\(value)'"
            case .equals: "'=='"
            case .notEquals: "'!='"
            case .open: "'('"
            case .close: "')'"
            }
            return Failure(offset: token.offset, problem: .syntax(found: found, expected: expected))
        }

        static func isTokenName(_ word: String) -> Bool {
            guard let first = word.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
            return word.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        }
    }
}
