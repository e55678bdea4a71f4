/// The shapes of names and versions a manifest holds.
extension ManifestDecoding {
    // Matched by hand on the path every manifest takes: Swift Regex compiles each literal on its
    // first use, about a millisecond apiece, on every run of duo-new.

    /// `[A-Za-z0-9][A-Za-z0-9._-]*`
    package static func isRecipeName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isAlphanumeric(first) else { return false }
        return bytes.dropFirst().allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// `[0-9]+(\.[0-9]+)*(-[0-9A-Za-z.-]+)?`
    package static func isVersion(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func skipDigits() -> Bool {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index > start
        }
        guard skipDigits() else { return false }
        while index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { return false }
        }
        guard index < bytes.count else { return true }
        guard bytes[index] == UInt8(ascii: "-"), index + 1 < bytes.count else { return false }
        return bytes[(index + 1)...].allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    /// `(\.[A-Za-z0-9-]+)+`: what a recipe may append to a bundle id (`.UITests`).
    package static func isBundleIDSuffix(_ text: String) -> Bool {
        let segments = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return text.hasPrefix(".") && segments.count >= 2 && segments.dropFirst().allSatisfy { segment in
            !segment.isEmpty && segment.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// `[A-Z][A-Z0-9_]*` (`TokenGrammar.isName`).
    package static func isTokenName(_ text: String) -> Bool { TokenGrammar.isName(text) }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isUppercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || isUppercase(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}
