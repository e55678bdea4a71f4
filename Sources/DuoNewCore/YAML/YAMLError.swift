/// Every problem found in one pass over a YAML text; a syntax error ends the pass.
public struct YAMLError: Error, Sendable, Hashable {
    public var problems: [YAMLProblem]

    public init(problems: [YAMLProblem]) {
        self.problems = problems
    }
}
