/// The declaration scanner as it was before it streamed bytes (commit d734a85), kept as the
/// name-rules target's oracle: on ASCII sources both must find the same names.
enum SwiftDeclarationsReference {
    static let introducers: Set<Substring> = ["class", "struct", "enum", "actor", "protocol", "typealias"]

    /// Declared type names; names that hold a `__TOKEN__` are left out because stamping changes them.
    static func typeNames(in source: String) -> Set<String> {
        let words = identifiers(in: stripCommentsAndStrings(source))
        var names = Set<String>()
        for (index, word) in words.enumerated() where introducers.contains(word) && index + 1 < words.count {
            let name = words[index + 1]
            // `class func` and `class var` declare members, not types.
            if word == "class", ["func", "var", "let", "subscript", "override", "final"].contains(name) { continue }
            if !name.contains("__") { names.insert(String(name)) }
        }
        return names
    }

    /// Identifier-shaped words in order; everything else separates them.
    private static func identifiers(in text: String) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// Blanks out `//` and `/* */` comments and string literals, which may mention `class Foo` in prose.
    private static func stripCommentsAndStrings(_ source: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = source.unicodeScalars[...]
        while let scalar = scalars.first {
            if scalars.starts(with: "//".unicodeScalars) {
                while let next = scalars.first, next != "\n" { scalars.removeFirst() }
            } else if scalars.starts(with: "/*".unicodeScalars) {
                scalars.removeFirst(2)
                while !scalars.isEmpty, !scalars.starts(with: "*/".unicodeScalars) { scalars.removeFirst() }
                scalars = scalars.dropFirst(2)
                output.append(" ")
            } else if scalar == "\"" {
                scalars.removeFirst()
                while let next = scalars.first, next != "\"" {
                    scalars.removeFirst()
                    if next == "\\" && !scalars.isEmpty { scalars.removeFirst() }
                }
                scalars = scalars.dropFirst()
                output.append(" ")
            } else {
                output.append(scalar)
                scalars.removeFirst()
            }
        }
        return String(output)
    }
}
