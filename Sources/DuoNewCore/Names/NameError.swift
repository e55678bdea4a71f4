/// Why an AppName, bundle id or `--set` value was refused, with the rule and a fix where one is obvious.
public struct NameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier of the rule that failed, such as `app-name.characters`.
    public var rule: String
    /// One sentence in the house voice.
    public var message: String
    /// A value that would pass, when one is obvious.
    public var suggestion: String?

    public init(rule: String, message: String, suggestion: String? = nil) {
        self.rule = rule
        self.message = message
        self.suggestion = suggestion
    }

    /// The message, then the suggestion after a semicolon.
    public var description: String {
        guard let suggestion else { return message }
        return "\(message); try '\(suggestion)'"
    }

    /// The description with the rule's name after it, as every refusal of a name or value ends:
    /// `… [app-name.characters]`.
    public var withRule: String {
        "\(description) [\(rule)]"
    }
}
