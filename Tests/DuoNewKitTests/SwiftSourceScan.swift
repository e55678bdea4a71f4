import Foundation

/// A Swift source file read closely enough to measure it: its code with every comment, string
/// literal and regex literal blanked out (newlines kept, so lines still count), the comments by
/// line, and the spans of its functions. Enough for ArchitectureTests' rules, not a parser: a
/// brace inside a string, a comment or a regex never counts, and a function's body is the brace
/// that follows its signature up to the one that closes it.
struct SwiftSourceScan {
    /// A function, initializer, subscript or computed property with a body.
    struct Function: Equatable {
        var name: String
        /// 1-based, the line of the `func` (`init`, `var`...) keyword and of the closing brace.
        var firstLine: Int
        var lastLine: Int
        /// The declaration up to its body's brace, and the body, both blanked as `code` is.
        var signature: String
        var body: String
        var lines: Int { lastLine - firstLine + 1 }
    }

    /// The source with comments, strings and regex literals replaced by spaces, newlines kept.
    let code: String
    /// Each comment's text (its marker included) by the 1-based line it starts on.
    let comments: [Int: [String]]
    /// The byte ranges of the string literals, quotes included.
    let strings: [Range<Int>]

    init(_ text: String) {
        var blanker = Blanker(Array(text.utf8))
        blanker.run()
        code = String(decoding: blanker.output, as: UTF8.self)
        comments = blanker.comments
        strings = blanker.strings
    }

    /// Whether a comment holding `marker` stands on `line`, or in the run of comment and
    /// attribute lines directly above it.
    func hasMarker(_ marker: String, above line: Int) -> Bool {
        let codeLines = code.split(separator: "\n", omittingEmptySubsequences: false)
        var current = line
        while current >= 1 {
            if comments[current, default: []].contains(where: { $0.contains(marker) }) { return true }
            current -= 1
            guard current >= 1, current <= codeLines.count else { return false }
            let above = codeLines[current - 1].trimmingCharacters(in: .whitespaces)
            // Only comment lines (blank in `code`) and attributes belong to the declaration.
            let belongs = above.isEmpty ? comments[current] != nil : above.hasPrefix("@")
            guard belongs else { return false }
        }
        return false
    }

    // MARK: - Functions

    /// Every function, initializer, deinitializer, subscript and computed property with a body,
    /// nested ones included (a nested function's lines count for its outer one as well).
    var functions: [Function] {
        let tokens = tokens
        var result: [Function] = []
        for index in tokens.indices {
            guard let (name, bodyStart) = declaration(at: index, in: tokens),
                  let bodyEnd = Self.matchingBrace(of: bodyStart, in: tokens)
            else { continue }
            let bytes = Array(code.utf8)
            let signature = bytes[tokens[index].offset..<tokens[bodyStart].offset]
            let body = bytes[tokens[bodyStart].offset...tokens[bodyEnd].offset]
            result.append(Function(
                name: name, firstLine: tokens[index].line, lastLine: tokens[bodyEnd].line,
                signature: String(decoding: signature, as: UTF8.self), body: String(decoding: body, as: UTF8.self)
            ))
        }
        return result
    }

    /// Keywords that begin a declaration: met before a body's brace, they mean the function
    /// before them had none (a protocol's requirement).
    private static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "deinit", "subscript", "case", "struct", "class", "enum", "protocol",
        "extension", "typealias", "associatedtype", "static", "private", "fileprivate", "internal", "public",
        "mutating", "nonisolated", "override", "final", "import",
    ]

    /// The name and the body's opening brace of the declaration starting at `index`, if it is one.
    private func declaration(at index: Int, in tokens: [Token]) -> (String, Int)? {
        let word = tokens[index].text
        let afterDot = index > 0 && tokens[index - 1].text == "."
        guard !afterDot, index + 1 < tokens.count else { return nil }
        switch word {
        case "func":
            return Self.bodyAfterSignature(from: index + 2, in: tokens).map { (tokens[index + 1].text, $0) }
        case "init", "subscript":
            guard ["(", "?", "!", "<"].contains(tokens[index + 1].text) else { return nil }
            return Self.bodyAfterSignature(from: index + 1, in: tokens).map { (word, $0) }
        case "deinit":
            return tokens[index + 1].text == "{" ? (word, index + 1) : nil
        case "var":
            return Self.computedBody(from: index, in: tokens).map { (tokens[index + 1].text, $0) }
        default:
            return nil
        }
    }

    /// The body's brace after a signature: the first `{` outside parentheses and brackets, unless
    /// a `}` or a declaration keyword comes first.
    private static func bodyAfterSignature(from start: Int, in tokens: [Token]) -> Int? {
        var depth = 0
        for index in start..<tokens.count {
            switch tokens[index].text {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "{" where depth == 0: return index
            case "}" where depth == 0: return nil
            case let word where depth == 0 && declarationKeywords.contains(word): return nil
            default: break
            }
        }
        return nil
    }

    /// `var name: Type {` with the brace on the `var`'s line and no `=` before it: a computed
    /// property (a stored one with observers has its `=`, or no type on that line).
    private static func computedBody(from varIndex: Int, in tokens: [Token]) -> Int? {
        let line = tokens[varIndex].line
        guard varIndex + 2 < tokens.count, tokens[varIndex + 2].text == ":" else { return nil }
        var depth = 0
        for index in (varIndex + 3)..<tokens.count {
            guard tokens[index].line == line else { return nil }
            switch tokens[index].text {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "=" where depth == 0: return nil
            case "{" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    private static func matchingBrace(of open: Int, in tokens: [Token]) -> Int? {
        var depth = 0
        for index in open..<tokens.count {
            if tokens[index].text == "{" { depth += 1 }
            if tokens[index].text == "}" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The words and punctuation marks of the code, comments and literals left out.
    var tokens: [Token] { Token.split(code) }
}

extension SwiftSourceScan {
    /// One word or punctuation mark of blanked code, with where it stands.
    struct Token {
        var text: String
        var line: Int
        /// The byte offset of its first byte in the code.
        var offset: Int

        static func isIdentifierStart(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte >= 0x80
        }

        static func isIdentifierByte(_ byte: UInt8) -> Bool {
            isIdentifierStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        /// Words (identifiers, keywords, numbers, `#if`-style directives) and single punctuation marks.
        static func split(_ code: String) -> [Token] {
            let bytes = Array(code.utf8)
            var tokens: [Token] = []
            var line = 1
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    index += 1
                } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                    index += 1
                } else if isIdentifierByte(byte) || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "@") {
                    let start = index
                    index += 1
                    while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
                    tokens.append(Token(text: String(decoding: bytes[start..<index], as: UTF8.self), line: line, offset: start))
                } else {
                    tokens.append(Token(text: String(decoding: [byte], as: UTF8.self), line: line, offset: index))
                    index += 1
                }
            }
            return tokens
        }
    }
}

/// Replaces comments, string literals (raw, multi-line and interpolated) and regex literals
/// with spaces, byte for byte, keeping newlines.
private struct Blanker {
    let input: [UInt8]
    var output: [UInt8]
    var comments: [Int: [String]] = [:]
    var strings: [Range<Int>] = []
    var index = 0
    var line = 1

    init(_ input: [UInt8]) {
        self.input = input
        self.output = input
    }

    mutating func run() {
        while index < input.count { codeStep() }
    }

    private func byte(_ offset: Int = 0) -> UInt8? {
        index + offset < input.count ? input[index + offset] : nil
    }

    private func starts(with text: String) -> Bool {
        let bytes = Array(text.utf8)
        return index + bytes.count <= input.count && Array(input[index..<(index + bytes.count)]) == bytes
    }

    /// Blanks the byte at `index` (a newline stays) and moves on.
    private mutating func blank() {
        if input[index] == UInt8(ascii: "\n") { line += 1 } else { output[index] = UInt8(ascii: " ") }
        index += 1
    }

    /// One step of code: a comment, a literal, or one byte kept as it is.
    private mutating func codeStep() {
        if starts(with: "//") {
            let start = index, startLine = line
            while let byte = byte(), byte != UInt8(ascii: "\n") { blank() }
            comments[startLine, default: []].append(String(decoding: input[start..<index], as: UTF8.self))
        } else if starts(with: "/*") {
            blockComment()
        } else if let hashes = stringOpening() {
            let start = index
            stringLiteral(hashes: hashes)
            strings.append(start..<index)
        } else if regexOpening() {
            regexLiteral()
        } else {
            if input[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    /// `/* ... */`, nested as Swift nests them.
    private mutating func blockComment() {
        let start = index, startLine = line
        var depth = 0
        repeat {
            if starts(with: "/*") {
                depth += 1
                blank(); blank()
            } else if starts(with: "*/") {
                depth -= 1
                blank(); blank()
            } else {
                blank()
            }
        } while depth > 0 && index < input.count
        comments[startLine, default: []].append(String(decoding: input[start..<index], as: UTF8.self))
    }

    /// The number of `#`s when a string literal opens here (`"`, `"""`, `#"`, `##"""`...).
    private func stringOpening() -> Int? {
        var hashes = 0
        while byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
        return byte(hashes) == UInt8(ascii: "\"") ? hashes : nil
    }

    private mutating func stringLiteral(hashes: Int) {
        let hashText = String(repeating: "#", count: hashes)
        for _ in 0..<hashes { blank() }
        let multiline = starts(with: "\"\"\"")
        let closing = (multiline ? "\"\"\"" : "\"") + hashText
        for _ in 0..<(multiline ? 3 : 1) { blank() }
        while index < input.count {
            if starts(with: closing) {
                for _ in 0..<closing.utf8.count { blank() }
                return
            }
            if starts(with: "\\" + hashText) {
                for _ in 0...hashes { blank() }
                if byte() == UInt8(ascii: "(") { interpolation() } else if index < input.count { blank() }
                continue
            }
            // A one-line string never passes its line; stop there rather than swallow the file.
            if !multiline, byte() == UInt8(ascii: "\n") { return }
            blank()
        }
    }

    /// `\( ... )` inside a string: code up to the matching parenthesis, blanked too.
    private mutating func interpolation() {
        var depth = 0
        while index < input.count {
            if let hashes = stringOpening() {
                // A string inside the interpolation, by its own rules (a `)` in it closes nothing).
                stringLiteral(hashes: hashes)
                continue
            }
            let current = input[index]
            blank()
            if current == UInt8(ascii: "(") { depth += 1 }
            if current == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }

    /// Whether a regex literal opens here: `#/`, or a `/` where an expression starts (after `(`,
    /// `,`, `:`, `=`, `[`, `{`, an operator or `return`), not followed by a space, and closed by a
    /// `/` on the same line. A `/` after a value is division.
    private func regexOpening() -> Bool {
        if starts(with: "#/") { return true }
        guard byte() == UInt8(ascii: "/"), let next = byte(1),
              next != UInt8(ascii: " "), next != UInt8(ascii: "="), next != UInt8(ascii: "\n")
        else { return false }
        var back = index - 1
        while back >= 0, input[back] == UInt8(ascii: " ") || input[back] == UInt8(ascii: "\t") { back -= 1 }
        guard back >= 0 else { return true }
        let previous = input[back]
        if SwiftSourceScan.Token.isIdentifierByte(previous) {
            var start = back
            while start > 0, SwiftSourceScan.Token.isIdentifierByte(input[start - 1]) { start -= 1 }
            let word = String(decoding: input[start...back], as: UTF8.self)
            guard ["return", "case", "in", "try", "await"].contains(word) else { return false }
        } else if !Array("(,:=[{!&|?;~+-*<>\n".utf8).contains(previous) {
            return false
        }
        var ahead = index + 1
        while ahead < input.count, input[ahead] != UInt8(ascii: "\n") {
            if input[ahead] == UInt8(ascii: "\\") { ahead += 2; continue }
            if input[ahead] == UInt8(ascii: "/") { return true }
            ahead += 1
        }
        return false
    }

    /// `/.../` or `#/.../#` (which may span lines), escapes and character classes honoured.
    private mutating func regexLiteral() {
        var hashes = 0
        while byte() == UInt8(ascii: "#") {
            hashes += 1
            blank()
        }
        blank()
        let closing = "/" + String(repeating: "#", count: hashes)
        var inClass = false
        while index < input.count {
            if byte() == UInt8(ascii: "\\") {
                blank()
                if index < input.count { blank() }
                continue
            }
            if byte() == UInt8(ascii: "[") { inClass = true }
            if byte() == UInt8(ascii: "]") { inClass = false }
            if !inClass, starts(with: closing) {
                for _ in 0..<closing.utf8.count { blank() }
                return
            }
            if hashes == 0, byte() == UInt8(ascii: "\n") { return }
            blank()
        }
    }
}
