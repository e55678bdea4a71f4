/// Why a YAML text is refused, with where; each message is defined here once.
public struct YAMLProblem: Sendable, Hashable, Error {
    public var mark: YAMLMark
    public var kind: Kind

    public init(_ kind: Kind, at mark: YAMLMark) {
        self.kind = kind
        self.mark = mark
    }

    public enum Kind: Sendable, Hashable {
        /// libyaml's own scanner or parser error; `context` says which construct was open and where.
        case syntax(problem: String, context: String?, contextMark: YAMLMark?, hint: String?)
        /// Bytes that are not UTF-8; `byte` is the first byte of the bad sequence.
        case invalidUTF8(byte: UInt8)
        /// Bytes that are not valid UTF-8 (or a control character), reported by libyaml's reader.
        case reader(problem: String, value: Int?)
        case outOfMemory
        case anchor(name: String)
        case alias(name: String)
        case tag(String)
        case duplicateKey(String, firstLine: Int)
        case multipleDocuments
        case tooDeep(limit: Int)
    }

    public var message: String {
        switch kind {
        case .syntax(let problem, _, _, let hint):
            return problem + (hint.map { "; \($0)" } ?? "")
        case .invalidUTF8(let byte):
            return "invalid UTF-8 (byte \(Self.hex(Int(byte)))); save the file as UTF-8"
        case .reader(let problem, let value):
            guard let value else { return problem }
            return "\(problem) (\(Self.hex(value)))"
        case .outOfMemory:
            return "out of memory while reading YAML"
        case .anchor(let name):
            return "anchors are not supported ('&\(name)'); write the value out in full"
        case .alias(let name):
            return "aliases are not supported ('*\(name)'); write the value out in full"
        case .tag(let tag):
            return "tags are not supported ('\(tag)'); quote a value to make it a string"
        case .duplicateKey(let key, let firstLine):
            return "duplicate key '\(key)' (first set at line \(firstLine)); keep one of them"
        case .multipleDocuments:
            return "a manifest, a layer or the config holds one YAML document; remove this '---' and what follows it"
        case .tooDeep(let limit):
            return "lists and mappings nest more than \(limit) levels deep here; a manifest, a layer or the config needs far fewer"
        }
    }

    /// A second line, such as where an unclosed construct began.
    public var note: String? {
        if case .syntax(_, let context?, let contextMark, _) = kind {
            return contextMark.map { "\(context) (\($0))" } ?? context
        }
        return nil
    }

    private static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 2 - digits.count)) + digits
    }
}
