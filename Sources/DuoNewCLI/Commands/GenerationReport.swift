import DuoNewCore
import DuoNewKit
import Foundation

/// The one JSON object `--json` prints on standard output, whatever the outcome.
struct GenerationReport: CommandReport {
    var exitCode: Int32 = 0
    var recipe: String?
    var version: String?
    /// The AppName and bundle id the project was made with.
    var appName: String?
    var bundleID: String?
    /// Each `--set` value the project was made with, by its key.
    var values: [String: String]?
    /// Absolute path of the project folder.
    var folder: String?
    var dryRun = false
    var files: Int?
    var bytes: Int64?
    /// With `--dry-run`: the paths that would be written, inside the project.
    var planned: [String]?
    /// The one-time tasks, in order: `passed`, `failed`, `not-run`, `interrupted`, `skipped`
    /// (consent withheld) or `not-reached` (after one that failed).
    var tasks: [CheckEntry] = []
    /// `--no-tasks` was given and the recipe has tasks.
    var tasksSkipped = false
    var checks: [CheckEntry] = []
    /// How many checks passed, failed (or could not run, or timed out) and were skipped.
    var checkCounts: CheckCounts?
    /// With `--pictures`: the layout pictures the checks drew.
    var pictures: [String]?

    struct CheckCounts: Encodable {
        var passed = 0
        var failed = 0
        var skipped = 0

        init(_ tally: CheckTally) {
            (passed, failed, skipped) = (tally.passed, tally.failed, tally.skipped)
        }
    }
    var checksSkipped = false
    /// The ending, a line a string (blank strings between its paragraphs), as printed under
    /// "Next steps:" without its indentation or wrapping.
    var nextSteps: [String]?
    /// The error message, when the exit code is not 0.
    var error: String?
    /// Every diagnostic line behind the error (`file:line:column: error: …`, one per finding).
    var diagnostics: [String]?
}
