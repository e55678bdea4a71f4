/// A value computed from other placeholders' (`from: derived`'s `value`, a setting's
/// `default-from`): terms joined with `+`, each a token name with a chain of filters
/// (`APP_NAME | kebab | upper`) or a quoted text (`'com.'`). Nothing else, so every expression
/// is decided by looking its names up and applying each term's filters in turn.
///
/// Each name and filter keeps its offset in the text (in Unicode scalars), so a problem found
/// after parsing, such as a name no placeholder declares, is reported at its column.
public struct ValueExpression: Sendable, Hashable {
    public enum Term: Sendable, Hashable {
        /// A placeholder's value with filters applied in order.
        case value(Condition.Name, filters: [TextFilter])
        /// A quoted text, taken as written.
        case text(String)
    }

    public var terms: [Term]
    /// The expression as written, for messages and help.
    public var text: String

    public init(terms: [Term], text: String) {
        self.terms = terms
        self.text = text
    }

    /// The placeholders the expression reads, in the order written.
    public var names: [Condition.Name] {
        terms.compactMap { if case .value(let name, _) = $0 { name } else { nil } }
    }

    /// The value for `values` (token names to values stamped); nil when a name read has none.
    public func evaluate(_ values: [String: String]) -> String? {
        var result = ""
        for term in terms {
            switch term {
            case .text(let text): result += text
            case .value(let name, let filters):
                guard let start = values[name.name] else { return nil }
                result += filters.reduce(start) { $1.apply($0) }
            }
        }
        return result
    }
}
