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
    /// One per `layers` entry, in order.
    public var layers: [SourceLocation] = []
    /// One per `replaces` entry, in order.
    public var replaces: [SourceLocation] = []

    public init(root: SourceLocation) {
        self.root = root
    }
}
