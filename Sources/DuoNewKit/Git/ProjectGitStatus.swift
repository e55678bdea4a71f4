import Foundation

/// Whether a project has changes its git repository has not committed, asked so that nothing the
/// project's own git config names runs: a project (and its `.git`) may come from anyone.
///
/// `git status` would run a filter driver's `clean` command for every file whose stat data
/// changed, `core.fsmonitor`'s command on every run, a pager, or a hook when it refreshes the
/// index. So the repository's settings are read first as status reads them, includes and
/// `includeIf` followed (`git config --list --show-scope`; an included file counts as the file
/// that includes it), and status is not asked when the repository sets a filter driver; it
/// then runs with `core.fsmonitor` off, hooks pointed at nothing, no pager, no optional locks
/// (so the index is not rewritten), no rename detection and no lazy fetch (nothing read from a
/// remote), and submodules not asked. The user's own config (global, system) is theirs and
/// applies.
public enum ProjectGitStatus: Sendable, Equatable {
    case clean
    case uncommittedChanges
    /// The repository's config sets `setting`, a command status would run: it was not asked.
    case notAsked(setting: String)
    /// No git, no repository, or git failed: nothing is known.
    case unknown

    /// The scopes of the project's own settings (`.git/config`, `config.worktree`, and what they include).
    static let projectScopes: Set<String> = ["local", "worktree"]

    /// The status of the project in `project`.
    public static func of(_ project: String, environment: [String: String]) -> ProjectGitStatus {
        guard let git = try? GitTemplates.gitExecutable(environment: environment) else { return .unknown }
        var environment = environment
        environment["GIT_NO_LAZY_FETCH"] = "1"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        let config = GitTemplates.run(git, ["-C", project, "config", "--list", "--show-scope", "-z"], environment: environment, interruption: nil)
        guard config.status == 0, config.signal == nil else { return .unknown }
        if let setting = commandSetting(in: config.output) { return .notAsked(setting: setting) }
        let arguments = [
            "-C", project, "--no-pager", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "--no-optional-locks",
            "status", "--porcelain", "--no-renames", "--ignore-submodules=all", "--", ".",
        ]
        let status = GitTemplates.run(git, arguments, environment: environment, interruption: nil)
        guard status.status == 0, status.signal == nil else { return .unknown }
        return status.output.isEmpty ? .clean : .uncommittedChanges
    }

    /// The first project-scoped setting of `listing` (`git config --list --show-scope -z`:
    /// scope, NUL, key, newline, value, NUL) that names a command status runs: a filter driver.
    static func commandSetting(in listing: String) -> String? {
        let fields = listing.split(separator: "\0", omittingEmptySubsequences: false)
        var index = 0
        while index + 1 < fields.count {
            let scope = fields[index]
            let key = fields[index + 1].prefix { $0 != "\n" }.lowercased()
            index += 2
            if projectScopes.contains(String(scope)), key.hasPrefix("filter.") { return key }
        }
        return nil
    }
}
