/// Why a placeholder's value rules (`from: derived`, `from: year`/`date`, `default-from`,
/// `ask-if`, `renamed-from`) are refused; each message is written here once.
public enum ValueRuleProblem: Sendable, Hashable {
    case keyNotForSource(String, token: String, source: String)
    /// `secret`: the placeholder is secret, which may have no default, so `ask-if` must go.
    case askIfWithoutDefault(token: String, secret: Bool)
    case badRenamedFrom(String, token: String)
    case repeatedRenamedFrom(String, token: String)
    /// A former name that a placeholder of this manifest still has.
    case renamedFromStillDeclared(String, token: String)
    /// A former name that two placeholders list.
    case renamedFromClaimedTwice(String, token: String, firstToken: String)
    case expression(ExpressionProblem)
    /// An `ask-if` condition, by the `include-if` rules.
    case askIf(ConditionProblem)

    public var message: String {
        switch self {
        case .keyNotForSource(let key, let token, let source):
            let what = switch source {
            case "derived": "a derived value is worked out from its 'value', never asked"
            case "year", "date": "the day of generation is stamped as it is, never asked"
            default: "its value is the command line's argument"
            }
            return "'\(key)' does not apply to placeholder '\(token)', which is 'from: \(source)': \(what); remove '\(key)'"
        case .askIfWithoutDefault(let token, true):
            return "placeholder '\(token)' is secret and has 'ask-if': a secret has no default to take when it is not asked (a default would publish it); remove 'ask-if'"
        case .askIfWithoutDefault(let token, false):
            return "placeholder '\(token)' has 'ask-if' but no 'default' or 'default-from', so it would have no value when it is not asked; give it a default"
        case .badRenamedFrom(let old, let token):
            return "'renamed-from' of placeholder '\(token)' must name the tokens it had before, not its own (capitals, digits and '_', such as 'OLD_NAME', or a list of them, the newest first), not '\(old)'"
        case .repeatedRenamedFrom(let old, let token):
            return "'renamed-from' of placeholder '\(token)' lists '\(old)' twice; list each former name once"
        case .renamedFromStillDeclared(let old, let token):
            return "'renamed-from' of placeholder '\(token)' names '\(old)', which this manifest still declares, so an update would give the value recorded under '\(old)' to both; remove placeholder '\(old)', or remove '\(old)' from this 'renamed-from'"
        case .renamedFromClaimedTwice(let old, let token, let firstToken):
            return "placeholders '\(firstToken)' and '\(token)' both list '\(old)' under 'renamed-from', so an update would give the value recorded under '\(old)' to both; keep it under one of them"
        case .expression(let problem):
            return problem.message
        case .askIf(let problem):
            // The condition language is `include-if`'s; its messages name the key they were written in.
            return problem.message.replacingOccurrences(of: "'include-if'", with: "'ask-if'")
        }
    }
}
