/// What kind of value a `from: set` placeholder takes (`type:` in the manifest), and the one
/// place a typed value is read: `--set`, a config default, a prompt's answer and a record's
/// value all go through `read`, so each is accepted or refused alike.
public enum ValueType: Sendable, Hashable {
    /// Any text (today's placeholders), held to the placeholder's `pattern` when it has one.
    case string
    /// `true` or `false`, stamped and recorded as those words.
    case bool
    /// One of a list of values, each with an optional description.
    case choice([Choice])
    /// A whole number, optionally within bounds; stamped and recorded as its digits.
    case integer(minimum: Int?, maximum: Int?)

    /// One value of a `choice`.
    public struct Choice: Sendable, Hashable {
        public var value: String
        public var description: String?

        public init(_ value: String, description: String? = nil) {
            self.value = value
            self.description = description
        }
    }

    /// The names `type:` takes, in the order the docs present them.
    public static let names = ["string", "bool", "choice", "integer"]
    /// What a bool value may be typed as, beside `true` and `false`, compared without case.
    public static let trueWords: Set<String> = ["true", "yes", "y", "on", "1"]
    public static let falseWords: Set<String> = ["false", "no", "n", "off", "0"]

    /// Its name in the manifest: `string`, `bool`, `choice` or `integer`.
    public var name: String {
        switch self {
        case .string: "string"
        case .bool: "bool"
        case .choice: "choice"
        case .integer: "integer"
        }
    }

    /// The choices' values, in manifest order; empty for other types.
    public var choiceValues: [String] {
        if case .choice(let choices) = self { choices.map(\.value) } else { [] }
    }

    /// Whether conditions may test it (`include-if`): a bool by its name, a choice by `==`.
    public var isConditionable: Bool {
        switch self {
        case .bool, .choice: true
        case .string, .integer: false
        }
    }

    /// `value` as this type reads it, in the form stamped and recorded (`yes` → `true`, `007`
    /// → `7`), or why it is refused, naming `key`, the valid choices or the bounds.
    public func read(_ value: String, key: String) throws(NameError) -> String {
        switch self {
        case .string:
            return value
        case .bool:
            let folded = value.lowercased()
            if Self.trueWords.contains(folded) { return "true" }
            if Self.falseWords.contains(folded) { return "false" }
            throw NameError(
                rule: "set.bool",
                message: "the value '\(value)' of '\(key)' is not a yes or a no; give 'true' or 'false' (or yes/no, y/n, on/off, 1/0)"
            )
        case .choice(let choices):
            let values = choices.map(\.value)
            if values.contains(value) { return value }
            let listed = values.map { "'\($0)'" }.joined(separator: ", ")
            let guess = NameSuggestion.closest(to: value, among: values)
            throw NameError(
                rule: "set.choice",
                message: "the value '\(value)' of '\(key)' is not one of its choices, \(listed)" + (guess.map { "; did you mean '\($0)'?" } ?? "")
            )
        case .integer(let minimum, let maximum):
            return try Self.readInteger(value, key: key, minimum: minimum, maximum: maximum)
        }
    }

    /// `from 1 to 10`, `at least 1`, `at most 10`, or `any whole number`.
    public static func describeBounds(minimum: Int?, maximum: Int?) -> String {
        switch (minimum, maximum) {
        case let (low?, high?): "from \(low) to \(high)"
        case let (low?, nil): "at least \(low)"
        case let (nil, high?): "at most \(high)"
        case (nil, nil): "any whole number"
        }
    }

    private static func readInteger(_ value: String, key: String, minimum: Int?, maximum: Int?) throws(NameError) -> String {
        // "a whole number from 1 to 10", "a whole number" when any will do.
        let wanted = minimum == nil && maximum == nil ? "a whole number" : "a whole number " + describeBounds(minimum: minimum, maximum: maximum)
        let negative = value.hasPrefix("-")
        let digits = negative ? value.dropFirst() : Substring(value)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw NameError(rule: "set.integer", message: "the value '\(value)' of '\(key)' is not a whole number; give \(wanted), in digits")
        }
        guard let number = Int(value) else {
            let beyond = negative ? "too small a number (below \(Int.min))" : "too large a number (above \(Int.max))"
            throw NameError(rule: "set.integer-range", message: "the value '\(value)' of '\(key)' is \(beyond); give \(wanted)")
        }
        if let minimum, number < minimum {
            throw NameError(rule: "set.integer-range", message: "the value \(number) of '\(key)' is below its minimum \(minimum); give \(wanted)")
        }
        if let maximum, number > maximum {
            throw NameError(rule: "set.integer-range", message: "the value \(number) of '\(key)' is above its maximum \(maximum); give \(wanted)")
        }
        return String(number)
    }
}
