/// A value computed from another placeholder's (`from: derived`'s `value`, a setting's
/// `default-from`): a token name and a chain of filters, `APP_NAME | kebab | upper`. Nothing
/// else, so every expression is decided by looking one name up and applying the filters in turn.
///
/// The name and each filter keep their offset in the text (in Unicode scalars), so a problem
/// found after parsing, such as a name no placeholder declares, is reported at its column.
public struct ValueExpression: Sendable, Hashable {
    /// The placeholder whose value the expression starts from.
    public var source: Condition.Name
    public var filters: [TextFilter]
    /// The expression as written, for messages and help.
    public var text: String

    public init(source: Condition.Name, filters: [TextFilter], text: String) {
        self.source = source
        self.filters = filters
        self.text = text
    }

    /// The value for `values` (token names to values stamped); nil when the source has none.
    public func evaluate(_ values: [String: String]) -> String? {
        guard let start = values[source.name] else { return nil }
        return filters.reduce(start) { $1.apply($0) }
    }
}
