import DuoNewCore

/// What a user can learn of one placeholder before generating: its token, where its value comes
/// from, its type with the choices, bounds, default, pattern and hint. `list --json` encodes it;
/// `help <recipe>` prints it (`lines`).
struct PlaceholderSummary: Encodable, Equatable {
    struct ChoiceSummary: Encodable, Equatable {
        var value: String
        var description: String?
    }

    var token: String
    /// `app-name`, `bundle-id`, `set`, `derived`, `year` or `date`.
    var from: String
    /// For `from: derived`: the expression its value is worked out by (`APP_NAME | kebab`).
    var value: String?
    /// For `from: set`: the expression its default is worked out by (`default-from`).
    var defaultFrom: String?
    /// For `from: set`: the condition under which it is asked (`ask-if`).
    var askIf: String?
    /// The token the placeholder had in an earlier version of the recipe.
    var renamedFrom: String?
    /// The `--set` key, for `from: set`.
    var key: String?
    /// `string`, `bool`, `choice` or `integer`, for `from: set`.
    var type: String?
    var description: String?
    /// In the form stamped and recorded: `true`, `7`, a choice's value.
    var `default`: String?
    var pattern: String?
    var hint: String?
    var choices: [ChoiceSummary]?
    var minimum: Int?
    var maximum: Int?
    /// `true` for a secret (never recorded); absent otherwise.
    var secret: Bool?
    /// The environment variable a secret is read from (`env`).
    var env: String?

    init(_ placeholder: Placeholder) {
        token = placeholder.name
        description = placeholder.description?.trimmingCharacters(in: .whitespacesAndNewlines)
        renamedFrom = placeholder.renamedFrom
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

    /// The help's entry: the term (`<AppName>`, `--set style=CHOICE`) and the lines beside it.
    var entry: (term: String, lines: [String]) {
        let tokenText = TokenGrammar.token(named: token)
        if let value {
            return (tokenText, [description ?? "A derived value.", "worked out from the others: \(value); never asked"])
        }
        if from == "year" || from == "date" {
            let shape = from == "year" ? "the year (2026)" : "the day, as 2026-12-05"
            return (tokenText, [description ?? "The day of generation.", "\(shape) of generation; kept by 'update'"])
        }
        guard let key, let type else {
            return (from == "app-name" ? "<AppName>" : "<bundle-id>", [(description ?? "") + " (\(tokenText))"])
        }
        let metavariable = ["bool": "BOOL", "choice": "CHOICE", "integer": "NUMBER"][type] ?? "TEXT"
        var lines = [description ?? TokenGrammar.token(named: token)]
        var facts: [String] = []
        switch type {
        case "bool": facts.append("true or false (also yes/no, y/n, on/off, 1/0)")
        case "choice": facts.append("one of:")
        case "integer": facts.append("a whole number, " + ValueType.describeBounds(minimum: minimum, maximum: maximum))
        default: facts.append(pattern.map { "text matching '\($0)'" + (hint.map { " (\($0))" } ?? "") } ?? "text")
        }
        if secret == true {
            facts.append("secret: never recorded; asked without echo" + (env.map { ", or read from $\($0)" } ?? ""))
        } else {
            facts.append(defaultFrom.map { "default: \($0)" } ?? self.default.map { $0.isEmpty ? "default: \"\" (empty)" : "default: \($0)" } ?? "no default: required")
        }
        if let askIf { facts.append("asked only if \(askIf)") }
        // A choice's facts end with "one of:", so that its list of values follows it.
        lines.append((type == "choice" ? Array(facts.dropFirst()) + ["one of:"] : facts).joined(separator: "; "))
        let width = (choices ?? []).map(\.value.count).max() ?? 0
        for choice in choices ?? [] {
            let mark = choice.value == self.default ? "*" : " "
            lines.append("  \(mark) \(choice.value.padding(toLength: width, withPad: " ", startingAt: 0))  \(choice.description ?? "")")
        }
        return ("--set \(key)=\(metavariable)", lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) })
    }
}
