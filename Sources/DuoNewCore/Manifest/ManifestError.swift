/// Every error found in one pass over a manifest, so an author sees them all in one run.
public struct ManifestError: Error, Sendable, Hashable {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// All diagnostics rendered, one after another.
    public var rendered: String {
        diagnostics.map(\.rendered).joined(separator: "\n")
    }
}
