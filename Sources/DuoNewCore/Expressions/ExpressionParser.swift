/// Reads a value expression into a `ValueExpression`: pure, with the offset (in Unicode
/// scalars) of every problem, so the manifest's diagnostics point at its column.
///
/// ```
/// expression := term ('+' term)*
/// term       := NAME ('|' FILTER)* | TEXT
/// NAME       := [A-Z][A-Z0-9_]*        a placeholder's token name
/// FILTER     := [a-z]+                 one of TextFilter's names
/// TEXT       := "'" [^']* "'"          a text taken as written, as in conditions
/// ```
public enum ExpressionParser {
    /// The longest expression read, in Unicode scalars.
    public static let maximumLength = 500

    public struct Failure: Error, Sendable, Equatable {
        public var offset: Int
        public var problem: ExpressionProblem
    }

    /// What the reader expects next.
    private enum Expecting {
        case term, filter
        /// A term was read: `|` (after a name), `+` or the end.
        case joinOrEnd(afterName: Bool)
    }

    /// `key` names the manifest key the text came from (`value`, `default-from`), for messages.
    public static func parse(_ text: String, key: String) throws(Failure) -> ValueExpression {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= maximumLength else {
            throw Failure(offset: 0, problem: .syntax(key: key, found: "more than \(maximumLength) characters", expected: "a short expression"))
        }
        var terms: [ValueExpression.Term] = []
        var expecting = Expecting.term
        var index = 0
        func syntax(_ found: String, at offset: Int) -> Failure {
            let expected = switch expecting {
            case .term: terms.isEmpty ? "a placeholder's name or a quoted text" : "a name or a quoted text after '+'"
            case .filter: "a filter"
            case .joinOrEnd(let afterName): afterName ? "'|', '+' or the end" : "'+' or the end"
            }
            return Failure(offset: offset, problem: .syntax(key: key, found: found, expected: expected))
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case " ", "\t":
                index += 1
            case "|":
                guard case .joinOrEnd(afterName: true) = expecting else { throw syntax("'|'", at: index) }
                expecting = .filter
                index += 1
            case "+":
                guard case .joinOrEnd = expecting else { throw syntax("'+'", at: index) }
                expecting = .term
                index += 1
            case "'":
                guard case .term = expecting else { throw syntax("a quoted text", at: index) }
                guard let close = scalars[(index + 1)...].firstIndex(of: "'") else {
                    throw Failure(offset: index, problem: .syntax(key: key, found: "a quote that is never closed", expected: "a closing '"))
                }
                var literal = ""
                literal.unicodeScalars.append(contentsOf: scalars[(index + 1)..<close])
                terms.append(.text(literal))
                expecting = .joinOrEnd(afterName: false)
                index = close + 1
            case _ where NameRules.isASCIILetterOrDigit(scalar) || scalar == "_":
                let start = index
                while index < scalars.count, NameRules.isASCIILetterOrDigit(scalars[index]) || scalars[index] == "_" { index += 1 }
                var word = ""
                word.unicodeScalars.append(contentsOf: scalars[start..<index])
                switch expecting {
                case .term:
                    guard isTokenName(word) else {
                        throw Failure(offset: start, problem: .syntax(key: key, found: "'\(word)'", expected: "a placeholder's name (capitals, such as APP_NAME)"))
                    }
                    terms.append(.value(Condition.Name(word, offset: start), filters: []))
                    expecting = .joinOrEnd(afterName: true)
                case .filter:
                    guard let filter = TextFilter(rawValue: word) else {
                        throw Failure(offset: start, problem: .unknownFilter(word, key: key, suggestion: Spelling.closest(to: word, among: TextFilter.names)))
                    }
                    if case .value(let name, let filters) = terms.removeLast() { terms.append(.value(name, filters: filters + [filter])) }
                    expecting = .joinOrEnd(afterName: true)
                case .joinOrEnd:
                    throw syntax("'\(word)'", at: start)
                }
            default:
                let found = scalar == "{" || scalar == "}" ? "'\(scalar)' (no braces are needed)" : "'\(scalar)'"
                throw syntax(found, at: index)
            }
        }
        switch expecting {
        case .joinOrEnd: return ValueExpression(terms: terms, text: text)
        case .term, .filter: throw syntax("the end", at: scalars.count)
        }
    }

    private static func isTokenName(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return word.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
