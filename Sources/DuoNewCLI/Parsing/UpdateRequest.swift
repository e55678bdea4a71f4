import DuoNewCore

/// `duo-new update [folder] [--templates DIR] [--set KEY=VALUE]... [--dry-run] [--allow-downgrade]
/// [--conflicts-beside] [--json]`.
struct UpdateRequest: Equatable {
    var folder: String
    var common = CommonOptions()
    var dryRun = false
    var settings: [GenerateRequest.Setting] = []
    /// `--allow-downgrade`: an update to an older version of the recipe (or another recipe) is done, not refused.
    var allowDowngrade = false
    /// `--conflicts-beside`: where both sides changed the same lines, the recipe's version goes
    /// beside the file as `NAME.duo-new` instead of conflict markers in it.
    var conflictsBeside = false
    /// `--no-tasks`: the recipe's tasks that run on update (`on: [..., update]`) are not run.
    var noTasks = false
}
