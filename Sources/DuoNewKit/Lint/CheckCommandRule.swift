import DuoNewCore

/// A check whose `run` starts with a path in the tree (`Tools/check.sh`) that is missing or not
/// executable could never start. `lint` reports it at the check's `run`; generation refuses the
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
        var found: [(index: Int, problem: LintProblem)] = []
        for (index, check) in checks.enumerated() {
            guard let command = LintPass.relativeCommand(check.run) else { continue }
            let path = command.hasPrefix("./") ? String(command.dropFirst(2)) : command
            switch lookup(path) {
            case nil, .folder?:
                found.append((index, .checkCommandMissing(check: check.name, command: command)))
            case .file(executable: false)?:
                found.append((index, .checkCommandNotExecutable(check: check.name, command: command)))
            default:
                break
            }
        }
        return found
    }
}
