/// Every problem found while planning, so the author sees them all in one run.
public struct PlanError: Error, Sendable, Hashable {
    public var problems: [PlanProblem]

    public init(problems: [PlanProblem]) {
        self.problems = problems
    }

    /// Exit 78 when the template is at fault, 65 when only values are.
    public var isTemplateProblem: Bool { problems.contains { $0.isTemplateProblem } }
}
