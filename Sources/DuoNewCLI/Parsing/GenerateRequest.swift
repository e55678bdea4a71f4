import DuoNewCore
import DuoNewKit

/// `duo-new <recipe> <AppName> <bundle-id> <folder> [options]`.
struct GenerateRequest: Equatable {
    var recipe: String
    var appName: String
    var bundleID: String
    var folder: String
    var common = CommonOptions()
    var dryRun = false
    var noTest = false
    /// `--no-tasks`: the recipe's one-time tasks are not run.
    var noTasks = false
    /// `--replace`: a project duo-new generated in the folder is kept beside it, and the new one
    /// written in its place.
    var replace = false
    /// `--into-existing`: a folder holding other files (a clone's README) takes the project beside them.
    var intoExisting = false
    var settings: [Setting] = []
    /// `--allow-downgrade` and `--conflicts-beside`, which only `update` takes (`UpdateRequest`).
    var allowDowngrade = false
    var conflictsBeside = false
    /// `--defaults` (`-y`): every missing value takes its proposal (`DefaultAnswers`), never asked.
    var useDefaults = false
    /// `--check-timeout SECONDS`: every check's limit, over the manifest's.
    var checkTimeout: Int?
    /// `--with NAME` (repeatable): opt-in checks to run too.
    var optInChecks: [String] = []
    /// `--require-all`: a check skipped for what this machine lacks fails the generation.
    var requireAll = false
    /// `--pictures DIR`: the checks draw the layout of every pose into DIR (MODEL_TESTS_PICTURES).
    var picturesFolder: String?

    /// Which checks run: `--with` and `--require-all`.
    var checkSelection: CheckSelection { CheckSelection(optIn: optInChecks, requireAll: requireAll) }

    struct Setting: Equatable {
        var key: String
        var value: String
    }
}
