import DuoNewCore
import Foundation

/// What a user can learn of one placeholder before generating: its token, where its value comes
/// from, its type with the choices, bounds, default, pattern and hint. `list --json` encodes it;
/// `help <recipe>` prints its `helpEntry`.
public struct PlaceholderSummary: Encodable, Equatable, Sendable {
    public struct ChoiceSummary: Encodable, Equatable, Sendable {
        public var value: String
        public var description: String?
    }

    public var token: String
    /// `app-name`, `bundle-id`, `set`, `derived`, `year` or `date`.
    public var from: String
    /// For `from: derived`: the expression its value is worked out by (`APP_NAME | kebab`).
    public var value: String?
    /// For `from: set`: the expression its default is worked out by (`default-from`).
    public var defaultFrom: String?
    /// For `from: set`: the condition under which it is asked (`ask-if`).
    public var askIf: String?
    /// The tokens the placeholder had in earlier versions of the recipe, the newest first.
    public var renamedFrom: [String]?
    /// The `--set` key, for `from: set`.
    public var key: String?
    /// `string`, `bool`, `choice` or `integer`, for `from: set`.
    public var type: String?
    public var description: String?
    /// In the form stamped and recorded: `true`, `7`, a choice's value.
    public var `default`: String?
    public var pattern: String?
    public var hint: String?
    public var choices: [ChoiceSummary]?
    public var minimum: Int?
    public var maximum: Int?
    /// `true` for a secret (never recorded); absent otherwise.
    public var secret: Bool?
    /// The environment variable a secret is read from (`env`).
    public var env: String?

    public init(_ placeholder: Placeholder) {
        token = placeholder.name
        description = placeholder.description?.trimmingCharacters(in: .whitespacesAndNewlines)
        renamedFrom = placeholder.renamedFrom.isEmpty ? nil : placeholder.renamedFrom
        switch placeholder.source {
        case .appName: from = "app-name"
        case .bundleID: from = "bundle-id"
        case .derived(let expression):
            from = "derived"
            value = expression.text
        case .generationDay(let form): from = form.rawValue
        case .setting(let key, let defaultValue, let pattern):
            from = "set"
            self.key = key
            self.default = defaultValue
            self.pattern = pattern
            type = placeholder.type.name
            hint = placeholder.hint
            defaultFrom = placeholder.defaultFrom?.text
            askIf = placeholder.askIf?.text
            if placeholder.secret {
                secret = true
                env = placeholder.environment
            }
            switch placeholder.type {
            case .choice(let list): choices = list.map { ChoiceSummary(value: $0.value, description: $0.description) }
            case .integer(let low, let high):
                minimum = low
                maximum = high
            case .string, .bool: break
            }
        }
    }
}
