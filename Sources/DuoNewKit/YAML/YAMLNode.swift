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

    static func coreSchemaType(of plain: String) -> ScalarType {
        switch plain {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            return .float
        default: break
        }
        if plain.wholeMatch(of: /[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+/) != nil { return .int }
        if plain.wholeMatch(of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/) != nil { return .float }
        return .string
    }
}
