/// Why the `--set` values do not fit a recipe. Each message is defined here once.
public enum PlaceholderValueError: Error, Sendable, Equatable {
    /// A `--set` key the recipe does not declare (a usage error, exit 64).
    case unknownKey(String, suggestion: String?, known: [String])
    /// The same key given twice (exit 64).
    case repeatedKey(String)
    /// A required key without a default was not given (exit 64).
    case missingKey(String, description: String?)
    /// A value that breaks its rule (exit 65).
    case invalidValue(NameError)
    /// A value longer than `PlaceholderValues.maximumValueBytes` (exit 65).
    case valueTooLong(String, bytes: Int)

    public var isUsageError: Bool {
        switch self {
        case .invalidValue, .valueTooLong: false
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
        case .repeatedKey(let key):
            "'--set \(key)=…' is given more than once; give each setting once"
        case .missingKey(let key, let description):
            "this recipe needs '--set \(key)=VALUE'" + (description.map { " (\($0))" } ?? "")
        case .invalidValue(let error):
            error.description
        case .valueTooLong(let key, let bytes):
            "the value of '--set \(key)' is \(bytes) bytes long; a value may have at most \(PlaceholderValues.maximumValueBytes) bytes"

        }
    }
}
