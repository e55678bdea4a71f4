/// Why a value expression (`value`, `default-from`) is refused; each message is written here once.
public enum ExpressionProblem: Sendable, Hashable {
    /// The text does not parse: what was found, and what was expected there.
    case syntax(key: String, found: String, expected: String)
    case unknownFilter(String, key: String, suggestion: String?)
    case undeclaredName(String, key: String, suggestion: String?)
    /// The expression reads a secret: what it works out would be recorded and shown, the secret with it.
    case readsSecret(String, key: String)
    /// The placeholders whose expressions (or `ask-if` conditions) need one another's values, in a ring.
    case cycle([String])

    public var message: String {
        switch self {
        case .syntax(let key, let found, let expected):
            return "in '\(key)': \(found), where \(expected) was expected; write a placeholder's name and filters, such as 'APP_NAME | kebab', joined with '+' to quoted texts, such as \"'com.' + ORG | lower\""
        case .unknownFilter(let filter, let key, let suggestion):
            if let suggestion { return "'\(key)' uses the filter '\(filter)', which duo-new does not have; did you mean '\(suggestion)'?" }
            return "'\(key)' uses the filter '\(filter)', which duo-new does not have; the filters are \(TextFilter.names.map { "'\($0)'" }.joined(separator: ", "))"
        case .undeclaredName(let name, let key, let suggestion):
            let fix = suggestion.map { "did you mean '\($0)'?" } ?? "declare it under 'placeholders', or start from one that is"
            return "'\(key)' reads '\(name)', which no placeholder declares; \(fix)"
        case .readsSecret(let name, let key):
            return "'\(key)' reads '\(name)', a secret; a value worked out from it would be recorded in .duo-new.json and shown, the secret with it; write '__\(name)__' itself where the files need it"
        case .cycle(let names):
            let ring = (names + names.prefix(1)).map { "'\($0)'" }.joined(separator: " → ")
            return "placeholders need one another's values in a ring (\(ring)), so none can be worked out; start one of them from a value that is given"
        }
    }
}
