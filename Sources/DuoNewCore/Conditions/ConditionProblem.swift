/// Why an `include-if` condition is refused; each message is written here once.
public enum ConditionProblem: Sendable, Hashable {
    /// The text does not parse: what was found, and what was expected there.
    case syntax(found: String, expected: String)
    case tooLong(limit: Int)
    case undeclaredName(String, suggestion: String?, testable: [String])
    case choiceAsFlag(String, example: String)
    case boolCompared(String)
    case notConditionable(String, type: String)
    case notAChoice(String, token: String, choices: [String], suggestion: String?)

    public var message: String {
        switch self {
        case .syntax(let found, let expected):
            return "in 'include-if': \(found), where \(expected) was expected; write for example 'GALLERY and MODE == video'"
        case .tooLong(let limit):
            return "an 'include-if' condition is longer than \(limit) characters; split the path so each condition stays short"
        case .undeclaredName(let name, let suggestion, let testable):
            if let suggestion { return "'include-if' tests '\(name)', which no placeholder declares; did you mean '\(suggestion)'?" }
            let known = testable.isEmpty ? "declare a 'type: bool' or 'type: choice' placeholder under 'placeholders'"
                : "the bool and choice placeholders are \(testable.map { "'\($0)'" }.joined(separator: ", "))"
            return "'include-if' tests '\(name)', which no placeholder declares; \(known)"
        case .choiceAsFlag(let name, let example):
            return "'\(name)' is a choice, so 'include-if' compares it with one of its values; write '\(name) == \(example)'"
        case .boolCompared(let name):
            return "'\(name)' is a bool, so 'include-if' tests it by its name; write '\(name)' or 'not \(name)'"
        case .notConditionable(let name, let type):
            return "'\(name)' is \(type); 'include-if' tests only bool and choice placeholders"
        case .notAChoice(let value, let token, let choices, let suggestion):
            let fix = suggestion.map { "did you mean '\($0)'?" } ?? "its choices are \(choices.map { "'\($0)'" }.joined(separator: ", "))"
            return "'\(value)' is not a choice of '\(token)'; \(fix)"
        }
    }
}
