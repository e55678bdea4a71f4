import DuoNewCore

/// A check or a task whose `run` starts with a path in the tree (`Tools/check.sh`) that is missing
/// or not executable could never start. `lint` reports it at the `run`; generation refuses the
/// recipe (exit 78) before writing anything, so the two agree on what is an error.
public enum CheckCommandRule {
    /// What the tree holds at a path, as far as this rule cares.
    public enum Entry: Sendable {
        case file(executable: Bool)
        case folder
        /// A symbolic link or anything else that can be run or resolved at generation time.
        case other
    }

    /// Each check that cannot start, by its index in `checks`, with the problem to report.
    public static func problems(_ checks: [Check], lookup: (String) -> Entry?) -> [(index: Int, problem: LintProblem)] {
        problems(checks.map { ($0.name, $0.run) }, lookup: lookup, missing: LintProblem.checkCommandMissing, notExecutable: LintProblem.checkCommandNotExecutable)
    }

    /// Each task that cannot start, by its index in `tasks`: it runs in the project as a check
    /// does, so the same rule holds.
    public static func problems(tasks: [SetupTask], lookup: (String) -> Entry?) -> [(index: Int, problem: LintProblem)] {
        problems(tasks.map { ($0.name, $0.run) }, lookup: lookup, missing: LintProblem.taskCommandMissing, notExecutable: LintProblem.taskCommandNotExecutable)
    }

    private static func problems(
        _ commands: [(name: String, run: String)], lookup: (String) -> Entry?,
        missing: (String, String) -> LintProblem, notExecutable: (String, String) -> LintProblem
    ) -> [(index: Int, problem: LintProblem)] {
        var found: [(index: Int, problem: LintProblem)] = []
        for (index, item) in commands.enumerated() {
            guard let command = LintPass.relativeCommand(item.run) else { continue }
            let path = command.hasPrefix("./") ? String(command.dropFirst(2)) : command
            switch lookup(path) {
            case nil, .folder?:
                found.append((index, missing(item.name, command)))
            case .file(executable: false)?:
                found.append((index, notExecutable(item.name, command)))
            default:
                break
            }
        }
        return found
    }
}
