/// One node of a YAML document, with where it starts in the source.
///
/// Mappings keep their pairs in source order; nothing is resolved (no anchors, aliases or tags:
/// `YAMLParser` refuses them).
public struct YAMLNode: Sendable, Hashable {
    public var mark: YAMLMark
    public var kind: Kind

    public init(_ kind: Kind, at mark: YAMLMark) {
        self.kind = kind
        self.mark = mark
    }

    public enum Kind: Sendable, Hashable {
        case scalar(String, ScalarStyle)
        case mapping([Pair])
        case sequence([YAMLNode])
    }

    public struct Pair: Sendable, Hashable {
        public var key: YAMLNode
        public var value: YAMLNode

        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    public enum ScalarStyle: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// What a scalar means under the YAML 1.2 core schema. Only plain scalars are typed:
    /// a quoted `"true"` or `"1.0"` is a string.
    public enum ScalarType: Sendable, Hashable {
        case null, bool(Bool), int, float, string
    }

    /// The scalar's text, or nil for a mapping or sequence.
    public var scalarValue: String? {
        if case .scalar(let value, _) = kind { return value }
        return nil
    }

    /// The type of a scalar, or nil for a mapping or sequence.
    public var scalarType: ScalarType? {
        guard case .scalar(let value, let style) = kind else { return nil }
        return style == .plain ? Self.coreSchemaType(of: value) : .string
    }

    /// The text of a scalar that is a string under the core schema (quoted, block, or a plain
    /// scalar that is not null, a boolean or a number).
    public var stringValue: String? {
        scalarType == .string ? scalarValue : nil
    }

    package static func coreSchemaType(of plain: String) -> ScalarType {
        switch plain {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            return .float
        default: break
        }
        let bytes = Array(plain.utf8)
        if isCoreInt(bytes) { return .int }
        if isCoreFloat(bytes) { return .float }
        return .string
    }

    // The core schema's number shapes, matched by hand: Swift Regex compiles its literals on
    // first use, which cost every run of duo-new about 4 ms, more than decoding the manifest.

    /// `[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+`, the whole text.
    package static func isCoreInt(_ bytes: [UInt8]) -> Bool {
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "o") { return bytes[2...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) } }
            if bytes[1] == UInt8(ascii: "x") { return bytes[2...].allSatisfy(isHexDigit) }
        }
        var digits = bytes[...]
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, the whole text.
    package static func isCoreFloat(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func skipSign() {
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        }
        /// Skips digits; whether there was at least one.
        func skipDigits() -> Bool {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index > start
        }
        skipSign()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { return false }
        } else {
            guard skipDigits() else { return false }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                _ = skipDigits()
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            skipSign()
            guard skipDigits() else { return false }
        }
        return index == bytes.count
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
