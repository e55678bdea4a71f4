/// Reads a value expression into a `ValueExpression`: pure, with the offset (in Unicode
/// scalars) of every problem, so the manifest's diagnostics point at its column.
///
/// ```
/// expression := NAME ('|' FILTER)*
/// NAME       := [A-Z][A-Z0-9_]*        a placeholder's token name
/// FILTER     := [a-z]+                 one of TextFilter's names
/// ```
public enum ExpressionParser {
    /// The longest expression read, in Unicode scalars.
    public static let maximumLength = 500

    public struct Failure: Error, Sendable, Equatable {
        public var offset: Int
        public var problem: ExpressionProblem
    }

    /// `key` names the manifest key the text came from (`value`, `default-from`), for messages.
    public static func parse(_ text: String, key: String) throws(Failure) -> ValueExpression {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= maximumLength else {
            throw Failure(offset: 0, problem: .syntax(key: key, found: "more than \(maximumLength) characters", expected: "a short expression"))
        }
        var words: [(word: String, offset: Int)] = []
        var expectingWord = true
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" {
                index += 1
            } else if scalar == "|" {
                guard !expectingWord else {
                    throw Failure(offset: index, problem: .syntax(key: key, found: "'|'", expected: words.isEmpty ? "a placeholder's name" : "a filter"))
                }
                expectingWord = true
                index += 1
            } else if NameRules.isASCIILetterOrDigit(scalar) || scalar == "_" {
                let start = index
                while index < scalars.count, NameRules.isASCIILetterOrDigit(scalars[index]) || scalars[index] == "_" { index += 1 }
                var word = ""
                word.unicodeScalars.append(contentsOf: scalars[start..<index])
                guard expectingWord else {
                    throw Failure(offset: start, problem: .syntax(key: key, found: "'\(word)'", expected: "'|' or the end"))
                }
                words.append((word, start))
                expectingWord = false
            } else {
                let found = scalar == "{" || scalar == "}" ? "'\(scalar)' (no braces are needed)" : "'\(scalar)'"
                throw Failure(offset: index, problem: .syntax(key: key, found: found, expected: expectingWord ? "a name" : "'|' or the end"))
            }
        }
        guard let first = words.first, !expectingWord else {
            let expected = words.isEmpty ? "a placeholder's name" : "a filter after '|'"
            throw Failure(offset: scalars.count, problem: .syntax(key: key, found: "the end", expected: expected))
        }
        guard isTokenName(first.word) else {
            throw Failure(offset: first.offset, problem: .syntax(key: key, found: "'\(first.word)'", expected: "a placeholder's name (capitals, such as APP_NAME)"))
        }
        var filters: [TextFilter] = []
        for (word, offset) in words.dropFirst() {
            guard let filter = TextFilter(rawValue: word) else {
                throw Failure(offset: offset, problem: .unknownFilter(word, key: key, suggestion: Spelling.closest(to: word, among: TextFilter.names)))
            }
            filters.append(filter)
        }
        return ValueExpression(source: Condition.Name(first.word, offset: first.offset), filters: filters, text: text)
    }

    private static func isTokenName(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return word.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
