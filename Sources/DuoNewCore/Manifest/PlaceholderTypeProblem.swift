/// What the decoder refuses in a placeholder's `type` and the keys that go with it; each
/// message is written here once.
public enum PlaceholderTypeProblem: Sendable, Hashable {
    case unknownType(String, token: String, suggestion: String?)
    /// A key that belongs to another type (`choices` on a bool): the key, the type it needs.
    case keyNeedsType(String, token: String, type: String, needs: String)
    case hintWithoutPattern(token: String)
    case choicesMissing(token: String)
    case tooFewChoices(token: String)
    case duplicateChoice(String, token: String)
    case badChoice(String, token: String, reason: String)
    case choiceDefaultMissing(token: String, first: String)
    case badDefault(token: String, reason: String)
    case badBound(String, token: String, found: String)
    case boundsCrossed(token: String, minimum: Int, maximum: Int)

    public var message: String {
        switch self {
        case .unknownType(let type, let token, let suggestion):
            let fix = suggestion.map { "did you mean '\($0)'?" } ?? "use \(ValueType.names.map { "'\($0)'" }.joined(separator: ", "))"
            return "unknown type '\(type)' of placeholder '\(token)'; \(fix)"
        case .keyNeedsType(let key, let token, let type, let needs):
            return "'\(key)' applies only to 'type: \(needs)', but placeholder '\(token)' is 'type: \(type)'; remove '\(key)'"
        case .hintWithoutPattern(let token):
            return "'hint' of placeholder '\(token)' says what its 'pattern' asks for, but it has no pattern; add the pattern or remove 'hint'"
        case .choicesMissing(let token):
            return "placeholder '\(token)' is 'type: choice' but has no 'choices'; list its values under 'choices'"
        case .tooFewChoices(let token):
            return "placeholder '\(token)' offers fewer than two choices; list at least two, or make it a 'string' with a default"
        case .duplicateChoice(let value, let token):
            return "choice '\(value)' of placeholder '\(token)' is listed twice; list each value once"
        case .badChoice(let value, let token, let reason):
            return "choice '\(value)' of placeholder '\(token)' \(reason)"
        case .choiceDefaultMissing(let token, let first):
            return "placeholder '\(token)' is a choice without a 'default'; a choice has one default, so add for example 'default: \(first)'"
        case .badDefault(let token, let reason):
            return "the default of placeholder '\(token)' is refused: \(reason); change the default"
        case .badBound(let key, let token, let found):
            return "'\(key)' of placeholder '\(token)' must be a whole number from \(Int.min) to \(Int.max), not \(found)"
        case .boundsCrossed(let token, let minimum, let maximum):
            return "placeholder '\(token)' has 'minimum' \(minimum) above its 'maximum' \(maximum); swap them"
        }
    }
}
