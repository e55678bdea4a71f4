/// Finds tokens in one line of text the way stamping sees them: declared tokens are taken out
/// first, then whatever still looks like a token (`__[A-Z][A-Z0-9_]*__`) is undeclared.
package enum TokenScanner {
    package struct Occurrence: Hashable {
        package var token: String
        /// 1-based, in Unicode scalars.
        package var column: Int
    }

    package struct Result {
        package var used: Set<String> = []
        package var undeclared: [Occurrence] = []
    }

    /// Scans one line; `declared` are token names without underscores (`APP_NAME`).
    package static func scan(_ line: Substring, declared: [String]) -> Result {
        let scalars = Array(line.unicodeScalars)
        guard scalars.count >= 5 else { return Result() }
        // Longest first, so a token that extends another (`A_B` and `A`) is taken whole.
        let tokens = declared.map { (name: $0, scalars: Array("__\($0)__".unicodeScalars)) }
            .sorted { $0.scalars.count > $1.scalars.count }
        var result = Result()
        var kept: [Unicode.Scalar] = []
        var columns: [Int] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == "_", let token = tokens.first(where: { scalars[index...].starts(with: $0.scalars) }) {
                result.used.insert(token.name)
                // A stand-in that cannot be part of a token, so text around it cannot join into one.
                kept.append("\u{0}")
                columns.append(index + 1)
                index += token.scalars.count
            } else {
                kept.append(scalars[index])
                columns.append(index + 1)
                index += 1
            }
        }
        result.undeclared = leftovers(in: kept).map { Occurrence(token: $0.token, column: columns[$0.offset]) }
        return result
    }

    /// A line stamped the way `Stamper` does it (longest token first at each place), with the
    /// 1-based column in `line` that each output scalar comes from.
    package static func stamp(_ line: Substring, values: [String: String]) -> (scalars: [Unicode.Scalar], origins: [Int]) {
        let scalars = Array(line.unicodeScalars)
        let tokens = values.map { (token: Array("__\($0.key)__".unicodeScalars), value: Array($0.value.unicodeScalars)) }
            .sorted { $0.token.count > $1.token.count }
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

    /// Every leftmost, longest match of `__[A-Z][A-Z0-9_]*__`, as the regular expression finds them.
    package static func leftovers(in scalars: [Unicode.Scalar]) -> [(token: String, offset: Int)] {
        var found: [(token: String, offset: Int)] = []
        var start = 0
        while start + 5 <= scalars.count {
            guard scalars[start] == "_", scalars[start + 1] == "_", isCapital(scalars[start + 2]) else {
                start += 1
                continue
            }
            var runEnd = start + 3
            while runEnd < scalars.count, isTokenScalar(scalars[runEnd]) { runEnd += 1 }
            // Backtrack to the last `__` that leaves at least one character after the capital.
            var end = runEnd
            while end >= start + 5, !(scalars[end - 1] == "_" && scalars[end - 2] == "_") { end -= 1 }
            if end >= start + 5 {
                var token = ""
                token.unicodeScalars.append(contentsOf: scalars[start..<end])
                found.append((token, start))
                start = end
            } else {
                start += 1
            }
        }
        return found
    }

    private static func isCapital(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar)
    }

    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        isCapital(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }
}
