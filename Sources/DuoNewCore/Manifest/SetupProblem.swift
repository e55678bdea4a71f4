/// A problem with the keys that set a project up beyond its files: `tasks`, a placeholder's
/// `secret` and `env`, and `rename`.
public enum SetupProblem: Sendable, Hashable {
    case duplicateTaskName(String, firstLine: Int)
    case taskNameIsCheckName(String)
    case unknownTaskMoment(String, path: String)
    case emptyTaskMoments(path: String)
    case repeatedTaskMoment(String, path: String)
    case secretNotSet(token: String)
    case secretWithDefault(token: String)
    case secretNotString(token: String)
    case invalidEnvironmentName(String, token: String)
    case envWithoutSecret(token: String)
    case invalidRenamePath(String)
    case renameLeavesFolder(String, to: String)
    /// `name` is the token's name without its underscores (`APP_NAME`); `declared` when a
    /// placeholder declares it.
    case tokenInCommand(name: String, path: String, task: Bool, declared: Bool)

    // architecture: message table
    public var message: String {
        switch self {
        case .duplicateTaskName(let name, let firstLine):
            "two tasks are named '\(name)' (the first at line \(firstLine)); give each task its own name"
        case .taskNameIsCheckName(let name):
            "'\(name)' names both a task and a check; give the task another name, so the reports tell them apart"
        case .unknownTaskMoment(let value, let path):
            "'\(path)' is '\(value)', which is not a moment a task runs at; write 'generate' or 'update'"
        case .emptyTaskMoments(let path):
            "'\(path)' lists no moment, so the task would never run; write 'on: [generate]', or remove the task"
        case .repeatedTaskMoment(let value, let path):
            "'\(path)' lists '\(value)' twice; list each moment once"
        case .secretNotSet(let token):
            "'\(token)' is secret but not 'from: set'; only a value the user gives can be a secret"
        case .secretWithDefault(let token):
            "'\(token)' is secret and has a default, which the manifest would publish to everyone; remove the default"
        case .secretNotString(let token):
            "'\(token)' is secret but its type is not string; a secret is text (remove 'type', or 'secret')"
        case .invalidEnvironmentName(let name, let token):
            "'\(name)' in the 'env' of '\(token)' is not an environment variable's name; use capital letters, digits and '_', starting with a letter or '_'"
        case .envWithoutSecret(let token):
            "'\(token)' has 'env' but is not secret; add 'secret: true', or give the value with --set"
        case .invalidRenamePath(let path):
            "'\(DisplayPath.escaped(path))' in 'rename' is not a path in the tree; write it relative to 'template/', with no leading '/', '.' or '..', no empty names, no '.git' and no control characters"
        case .renameLeavesFolder(let path, let target):
            "'\(DisplayPath.escaped(path))' is renamed to '\(DisplayPath.escaped(target))', in another folder; a rename changes the name only, so write a path in the same folder"
        case .tokenInCommand(let name, let path, let task, let declared):
            "'\(path)' holds '\(TokenGrammar.token(named: name))', but a command is not stamped (a value could break its quoting), so it would run with '\(TokenGrammar.token(named: name))' as written; "
                + (!task
                    ? "a check sees no values, so run a script of the tree instead, where tokens are stamped"
                    : declared
                    ? "read the value from \"$\(SetupTask.variable(for: name))\" instead, which the task's environment holds"
                    : "no placeholder declares it, and a task reads a declared value from its environment instead (\"$\(SetupTask.environmentPrefix)<TOKEN>\")")
        }
    }
}
