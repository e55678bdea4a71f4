/// A condition on a recipe's values, as `include-if` writes it: a bool placeholder by its token
/// name (`GALLERY`), a choice compared with one of its values (`MODE == video`, `MODE != photo`),
/// `not`, `and`, `or` and parentheses. Nothing else: no arithmetic, no strings built, no loops,
/// so every condition is decided by looking its names up in the values once.
///
/// Each name keeps its offset in the text (in Unicode scalars), so a problem found later, such as
/// a name no placeholder declares, is reported at its column.
public indirect enum Condition: Sendable, Hashable {
    /// A bool placeholder is true.
    case flag(Name)
    /// A choice placeholder has (or, `negated`, has not) `value`, written at `valueOffset`.
    case equals(Name, value: String, valueOffset: Int, negated: Bool)
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)

    /// A token name as written, and where.
    public struct Name: Sendable, Hashable {
        public var name: String
        public var offset: Int

        public init(_ name: String, offset: Int) {
            self.name = name
            self.offset = offset
        }
    }

    /// Whether the condition holds for `values` (token names to the values stamped: a bool's
    /// `true` or `false`, a choice's value). A name without a value is false, and unequal.
    public func holds(for values: [String: String]) -> Bool {
        switch self {
        case .flag(let name): values[name.name] == "true"
        case .equals(let name, let value, _, let negated): (values[name.name] == value) != negated
        case .not(let inner): !inner.holds(for: values)
        case .and(let left, let right): left.holds(for: values) && right.holds(for: values)
        case .or(let left, let right): left.holds(for: values) || right.holds(for: values)
        }
    }

    /// Every token name the condition tests, in the order written.
    public var names: [Name] {
        switch self {
        case .flag(let name), .equals(let name, _, _, _): [name]
        case .not(let inner): inner.names
        case .and(let left, let right), .or(let left, let right): left.names + right.names
        }
    }

    /// What is wrong with the condition against the recipe's placeholders, each with its offset
    /// in the text: a name none declares, a test that does not fit its type, a value that is not
    /// one of the choices.
    public func problems(against placeholders: [Placeholder]) -> [(offset: Int, problem: ConditionProblem)] {
        switch self {
        case .not(let inner):
            return inner.problems(against: placeholders)
        case .and(let left, let right), .or(let left, let right):
            return left.problems(against: placeholders) + right.problems(against: placeholders)
        case .flag(let name):
            guard let placeholder = Self.lookUp(name, in: placeholders) else { return [Self.undeclared(name, placeholders)] }
            switch placeholder.type {
            case .bool: return []
            case .choice(let choices): return [(name.offset, .choiceAsFlag(name.name, example: choices.first?.value ?? ""))]
            default: return [(name.offset, .notConditionable(name.name, type: Self.typeName(placeholder)))]
            }
        case .equals(let name, let value, let valueOffset, _):
            guard let placeholder = Self.lookUp(name, in: placeholders) else { return [Self.undeclared(name, placeholders)] }
            switch placeholder.type {
            case .choice(let choices):
                let values = choices.map(\.value)
                guard !values.contains(value) else { return [] }
                return [(valueOffset, .notAChoice(value, token: name.name, choices: values, suggestion: NameSuggestion.closest(to: value, among: values)))]
            case .bool:
                return [(name.offset, .boolCompared(name.name))]
            default:
                return [(name.offset, .notConditionable(name.name, type: Self.typeName(placeholder)))]
            }
        }
    }

    private static func lookUp(_ name: Name, in placeholders: [Placeholder]) -> Placeholder? {
        placeholders.first { $0.name == name.name }
    }

    private static func undeclared(_ name: Name, _ placeholders: [Placeholder]) -> (offset: Int, problem: ConditionProblem) {
        let testable = placeholders.filter { $0.type.isConditionable }.map(\.name)
        return (name.offset, .undeclaredName(name.name, suggestion: Spelling.closest(to: name.name, among: testable), testable: testable))
    }

    private static func typeName(_ placeholder: Placeholder) -> String {
        switch placeholder.source {
        case .appName: "the AppName"
        case .bundleID: "the bundle id"
        case .setting: "a \(placeholder.type.name)"
        case .derived: "a derived value"
        case .generationDay: "the day of generation"
        }
    }
}

/// One `include-if` entry: a path of the tree (a file, or a folder and all it holds) and the
/// condition under which it is generated.
public struct PathCondition: Sendable, Hashable {
    /// Relative to `template/`, unstamped, as the tree holds it (`__APP_NAME__/Gallery`).
    public var path: String
    public var condition: Condition
    /// The condition as written, for messages.
    public var text: String

    public init(path: String, condition: Condition, text: String) {
        self.path = path
        self.condition = condition
        self.text = text
    }

    /// Whether `entryPath` is this path or lies below it.
    public func covers(_ entryPath: String) -> Bool {
        entryPath == path || (entryPath.hasPrefix(path) && entryPath.utf8.dropFirst(path.utf8.count).first == UInt8(ascii: "/"))
    }
}
