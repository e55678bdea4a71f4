/// Every problem found while putting a recipe's layers together, so an author sees them all in
/// one run: a layer's own manifest errors, and the `LayerProblem`s, each at its file and line.
public struct LayerError: Error, Sendable, Hashable {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    package init(_ problem: LayerProblem, at location: SourceLocation?) {
        self.init(diagnostics: [.error(at: location, problem.message)])
    }
}
