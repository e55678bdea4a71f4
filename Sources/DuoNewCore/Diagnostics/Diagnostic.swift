/// One finding about a template or an input, rendered compiler-style:
/// `template.yaml:12:3: error: unknown key 'verbatum'; did you mean 'verbatim'?`
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public var severity: Severity
    /// Where the problem is; nil for problems that belong to no file.
    public var location: SourceLocation?
    /// One sentence in the house voice: lowercase start, names in single quotes, the fix after a semicolon.
    public var message: String
    /// Extra lines rendered as `note: …`.
    public var notes: [String]
    /// A suggested fix rendered as `help: …`.
    public var help: String?

    public init(
        _ severity: Severity,
        at location: SourceLocation? = nil,
        _ message: String,
        notes: [String] = [],
        help: String? = nil
    ) {
        self.severity = severity
        self.location = location
        self.message = message
        self.notes = notes
        self.help = help
    }

    public static func error(at location: SourceLocation? = nil, _ message: String, help: String? = nil) -> Diagnostic {
        Diagnostic(.error, at: location, message, help: help)
    }

    public static func warning(at location: SourceLocation? = nil, _ message: String, help: String? = nil) -> Diagnostic {
        Diagnostic(.warning, at: location, message, help: help)
    }

    /// The first line: `file:line:column: severity: message`.
    public var headline: String {
        let place = location.map { "\($0.rendered): " } ?? ""
        return "\(place)\(severity.rawValue): \(message)"
    }

    /// All lines: the headline, then `note:` and `help:` lines.
    public var rendered: String {
        var lines = [headline]
        lines += notes.map { "note: \($0)" }
        if let help { lines.append("help: \(help)") }
        return lines.joined(separator: "\n")
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
