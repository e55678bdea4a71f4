/// Finds tokens in one line of text the way stamping sees them: declared tokens are taken out
/// first (`TokenGrammar`'s order), then whatever is still shaped like a token is undeclared,
/// unless the recipe's `TokenLikeWords` leave it alone (then it is let through).
package enum TokenScanner {
    /// A byte-order mark (U+FEFF) at a text file's start is no column: editors and compilers
    /// count line 1 from the character after it, and so do lint and generation when they place
    /// a token (`TextFileScan`, `TemplateCoordinates`).
    package static let byteOrderMark: Unicode.Scalar = "\u{FEFF}"
    /// The mark as UTF-8 bytes, as a file starts with it.
    package static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    package struct Occurrence: Hashable {
        package var token: String
        /// 1-based, in Unicode scalars.
        package var column: Int
    }

    package struct Result {
        package var used: Set<String> = []
        package var undeclared: [Occurrence] = []
        /// Words shaped like a token that `words` leaves alone (`__FILE__`).
        package var letThrough: Set<String> = []
    }

    /// Scans one line; `declared` are token names without underscores (`APP_NAME`).
    package static func scan(_ line: Substring, declared: [String], leaving words: TokenLikeWords) -> Result {
        let scalars = Array(line.unicodeScalars)
        guard scalars.count >= 5 else { return Result() }
        let tokens = TokenGrammar.tryingOrder(declared.map { (name: $0, scalars: Array(TokenGrammar.token(named: $0).unicodeScalars)) }) { $0.scalars.count }
        var result = Result()
        var kept: [Unicode.Scalar] = []
        var columns: [Int] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == "_", let token = tokens.first(where: { scalars[index...].starts(with: $0.scalars) }) {
                result.used.insert(token.name)
                // The grammar's stand-in for a stamped value, so text around it cannot join into one.
                kept.append(TokenGrammar.stampedValueStandIn)
                columns.append(index + 1)
                index += token.scalars.count
            } else {
                kept.append(scalars[index])
                columns.append(index + 1)
                index += 1
            }
        }
        for found in TokenGrammar.shapedLikeTokens(in: kept) {
            if words.leavesAlone(found.token) {
                result.letThrough.insert(found.token)
            } else {
                result.undeclared.append(Occurrence(token: found.token, column: columns[found.offset]))
            }
        }
        return result
    }

    /// A line stamped the way `Stamper` does it (longest token first at each place), with the
    /// 1-based column in `line` that each output scalar comes from.
    package static func stamp(_ line: Substring, values: [String: String]) -> (scalars: [Unicode.Scalar], origins: [Int]) {
        let scalars = Array(line.unicodeScalars)
        let tokens = TokenGrammar.tryingOrder(values.map { (token: Array(TokenGrammar.token(named: $0.key).unicodeScalars), value: Array($0.value.unicodeScalars)) }) { $0.token.count }
        var output: [Unicode.Scalar] = []
        var origins: [Int] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == "_", let token = tokens.first(where: { scalars[index...].starts(with: $0.token) }) {
                output += token.value
                origins += Array(repeating: index + 1, count: token.value.count)
                index += token.token.count
            } else {
                output.append(scalars[index])
                origins.append(index + 1)
                index += 1
            }
        }
        return (output, origins)
    }
}
