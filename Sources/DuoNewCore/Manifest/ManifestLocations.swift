/// Where each part of a decoded manifest was written, so later checks (lint) can point at it.
public struct ManifestLocations: Sendable, Hashable {
    /// The start of the document.
    public var root: SourceLocation
    public var name: SourceLocation?
    /// Each placeholder's key (`APP_NAME:`), by token name.
    public var placeholders: [String: SourceLocation] = [:]
    /// One per `verbatim` glob, in order.
    public var verbatim: [SourceLocation] = []
    /// One per `not-tokens` word, in order.
    public var notTokens: [SourceLocation] = []
    /// One per `exclude` glob, in order.
    public var exclude: [SourceLocation] = []
    /// One per check: where its `run` value is (its `layer` value when it takes a layer's check).
    public var checkRuns: [SourceLocation] = []
    /// One per task: where its `run` value is.
    public var taskRuns: [SourceLocation] = []
    /// One per `layers` entry, in order.
    public var layers: [SourceLocation] = []
    /// One per `replaces` entry, in order.
    public var replaces: [SourceLocation] = []
    /// One per `include-if` entry, in order.
    public var includeIf: [ConditionLocation] = []
    /// Each `value` or `default-from` expression, by its placeholder's token name.
    public var expressions: [String: ConditionLocation] = [:]
    /// Each `ask-if` condition, by its placeholder's token name.
    public var askIf: [String: ConditionLocation] = [:]
    /// Each `rename` entry's key, by the template path it names.
    public var rename: [String: SourceLocation] = [:]
    /// Where each line of `next-steps` starts, one per line of its text; the value's own place
    /// for a line not written as it reads (a folded or quoted scalar).
    public var nextStepsLines: [SourceLocation] = []

    public init(root: SourceLocation) {
        self.root = root
    }
}

/// Where one `include-if` entry was written: its path, and its condition, whose offsets map to
/// columns when it stands on one line.
public struct ConditionLocation: Sendable, Hashable {
    public var path: SourceLocation
    /// Where the condition's text begins (after an opening quote).
    public var condition: SourceLocation
    /// Whether the text stands on one line as written, so an offset in it is a column.
    public var inline: Bool

    public init(path: SourceLocation, condition: SourceLocation, inline: Bool) {
        self.path = path
        self.condition = condition
        self.inline = inline
    }

    /// Where the scalar at `offset` in the condition's text stands.
    public func location(ofOffset offset: Int) -> SourceLocation {
        guard inline else { return condition }
        return SourceLocation(file: condition.file, line: condition.line, column: condition.column + offset)
    }
}
