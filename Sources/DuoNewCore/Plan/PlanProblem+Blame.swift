/// Whose fault a value's problem with a name is. A value made the name unusable, but when every
/// value in it is one the recipe chose itself (a `from: derived` value, or a `--set` value left at
/// its default), no `--set` the user left out is to blame: the recipe is (78), as lint says.
extension PlanProblem {
    /// The names as written in the tree (or as `rename` targets) whose values made the problem.
    private var namesWithValues: [String] {
        switch self {
        case .stampedLinkLeavesTree(_, let target, _, _): [target]
        case .namesCollide(let first, let second, _): [first, second]
        default: path.map { [$0] } ?? []
        }
    }

    /// The recipe's own values made this problem: each placeholder stamped into its names is
    /// derived, or a `--set` value equal to its default. Never true of a template problem, which
    /// needs no value, nor of one the AppName or bundle id took part in.
    public func isMadeByRecipe(_ manifest: Manifest, values: [String: String]) -> Bool {
        guard !isTemplateProblem else { return false }
        let names = namesWithValues
        let stamped = manifest.placeholders.filter { placeholder in names.contains { $0.contains(placeholder.token) } }
        return !stamped.isEmpty && stamped.allSatisfy { placeholder in
            switch placeholder.source {
            case .derived: true
            case .setting(_, let defaultValue?, _): values[placeholder.name] == defaultValue
            default: false
            }
        }
    }
}

extension PlanError {
    /// Exit 78 when the template is at fault or the recipe's own values made a name unusable,
    /// 65 when a value someone gave did.
    public func isRecipesFault(_ manifest: Manifest, values: [String: String]) -> Bool {
        problems.contains { $0.isTemplateProblem || $0.isMadeByRecipe(manifest, values: values) }
    }
}
