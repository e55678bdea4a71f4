/// Why the `--set` values do not fit a recipe. Each message is defined here once.
public enum PlaceholderValueError: Error, Sendable, Equatable {
    /// A `--set` key the recipe does not declare (a usage error, exit 64).
    case unknownKey(String, suggestion: String?, known: [String])
    /// A `--set` for a value the recipe never asks (exit 64), found by the key its token would
    /// have (`ORG_SLUG` is `org-slug`): `reason` says where the value comes from instead.
    case notSettable(String, reason: String)
    /// The same key given twice (exit 64).
    case repeatedKey(String)
    /// Required keys without a default were not given, each named once (exit 64).
    case missingKeys([MissingSetting])
    /// A `--set` for a placeholder whose `ask-if` does not hold, so it is not asked (exit 64).
    case notAsked(String, condition: String)
    /// A value that breaks its rule (exit 65).
    case invalidValue(NameError)
    /// A value not given but kept (the project's record, the config's `set`) that breaks its
    /// rule (exit 65); `key` is the `--set` key that replaces it, when it has one.
    case invalidKeptValue(NameError, key: String?)
    /// A recorded `from: year` or `from: date` value that is no day (hand-edited, or recorded when
    /// the placeholder was a `from: set` in an earlier version): no `--set` can replace it (exit 65).
    case invalidRecordedDay(NameError)
    /// A value nobody gave, worked out by the recipe's `default-from`, that breaks its own rule:
    /// the recipe's fault (exit 78), which `--set KEY=…` works around.
    /// `asked`: whether its `ask-if` holds, so that a `--set` may give another value.
    case invalidProposal(NameError, key: String, asked: Bool)
    /// A `from: derived` value that breaks the rules every value meets. `from`: the `--set` keys
    /// of the values the user chose that it is made from (`ChosenValues`); another value for one
    /// of them mends it, so the fault is the user's (exit 65). Empty: the recipe's `value` made it
    /// from values of its own, so the fault is the recipe's (exit 78).
    case invalidDerived(NameError, from: [String] = [])

    /// Whether the recipe, not a value the user chose, is at fault: exit 78 rather than 65.
    public var isRecipesFault: Bool {
        switch self {
        case .invalidProposal: true
        case .invalidDerived(_, let keys): keys.isEmpty
        default: false
        }
    }

    /// A required `--set` value left out: its key, what it means, and for a secret the variable
    /// it may come from instead.
    public struct MissingSetting: Sendable, Equatable {
        public var key: String
        public var description: String?
        public var variable: String?

        public init(key: String, description: String?, variable: String? = nil) {
            self.key = key
            self.description = description
            self.variable = variable
        }

        /// `'--set api-key=VALUE' (the service's key; or set MY_API_KEY)`: a description's own
        /// full stop is left out before the variable, so the two read as one sentence.
        var asked: String {
            let described = variable != nil && description?.hasSuffix(".") == true ? description.map { String($0.dropLast()) } : description
            let notes = [described, variable.map { "or set \($0)" }].compactMap { $0 }
            return "'--set \(key)=VALUE'" + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
        }
    }

    public var isUsageError: Bool {
        switch self {
        case .invalidValue, .invalidKeptValue, .invalidRecordedDay, .invalidProposal, .invalidDerived: false
        default: true
        }
    }

    public var message: String {
        switch self {
        case .unknownKey(let key, let suggestion, let known):
            if let suggestion {
                "this recipe has no setting '\(key)'; did you mean '\(suggestion)'?"
            } else if known.isEmpty {
                "this recipe has no setting '\(key)'; it takes no '--set' values"
            } else {
                "this recipe has no setting '\(key)'; it takes \(known.map { "'\($0)'" }.joined(separator: ", "))"
            }
        case .notSettable(let key, let reason):
            "this recipe takes no '--set \(key)=…': \(reason)"
        case .repeatedKey(let key):
            "'--set \(key)=…' is given more than once; give each setting once"
        case .missingKeys(let missing) where missing.count == 1:
            "this recipe needs " + missing[0].asked
        case .missingKeys(let missing):
            "this recipe needs \(missing.count) values: " + missing.map(\.asked).joined(separator: ", ")
        case .notAsked(let key, let condition):
            "'--set \(key)=…' is given, but this recipe asks for '\(key)' only when '\(condition)', which does not hold for these values; leave it out, or change the values the condition tests"
        case .invalidValue(let error):
            error.description
        case .invalidKeptValue(let error, let key):
            "\(error.description) (a value not given with '--set', but kept in the project's record or your config's 'set'" + (key.map { "; '--set \($0)=…' replaces it" } ?? "") + ")"
        case .invalidRecordedDay(let error):
            "\(error.description) (kept in the project's record, where no '--set' can change it; write one there, or remove the entry from the record's 'values' to take today's)"
        case .invalidDerived(let error, let keys) where keys.isEmpty:
            "\(error.description) (a value the recipe works out with its 'value', so the recipe is at fault)"
        case .invalidDerived(let error, let keys):
            "\(error.description) (a value the recipe works out with its 'value' from your \(keys.count == 1 ? "value of" : "values of") \(Self.quotedList(keys)); give \(keys.count == 1 ? "'\(keys[0])'" : "one of them") another value)"
        case .invalidProposal(let error, let key, true):
            "\(error.description) (a value not given, but proposed by the recipe's 'default-from', so the recipe is at fault; '--set \(key)=…' gives one that fits)"
        case .invalidProposal(let error, _, false):
            "\(error.description) (a value proposed by the recipe's 'default-from' for a question its 'ask-if' leaves out with these values, so no '--set' can replace it; the recipe's author must mend it)"
        }
    }

    /// `'org'`, `'org' and 'team'`, `'a', 'b' and 'c'`.
    private static func quotedList(_ keys: [String]) -> String {
        SentenceList.joined(keys.map { "'\($0)'" })
    }
}
