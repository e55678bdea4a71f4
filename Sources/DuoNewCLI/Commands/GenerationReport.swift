import DuoNewCore
import DuoNewKit
import Foundation

/// The one JSON object `--json` prints on standard output, whatever the outcome.
struct GenerationReport: CommandReport {
    struct CheckReport: Encodable {
        var name: String
        /// `passed`, `failed`, `not-run`, `interrupted` or `skipped`.
        var status: String
        var exitCode: Int32?
        var passed: Int?
        var failed: Int?
        var seconds: Double
        var reason: String?

        /// One that did not get its turn: skipped, or not reached after a task that failed.
        static func withoutRun(_ name: String, status: String, reason: String) -> CheckReport {
            .init(name: name, status: status, exitCode: nil, passed: nil, failed: nil, seconds: 0, reason: reason)
        }

        /// The entry of a check or task the runner ran (or could not start), with its counts
        /// of tests when it printed them; the reason is what its line shows after the name.
        init(_ result: CheckResult, of name: String) {
            self.init(name: name, status: result.statusName, exitCode: nil, passed: result.passedCount, failed: result.failedCount, seconds: (result.seconds * 1000).rounded() / 1000, reason: result.reason)
            if case .failed(let code) = result.status { exitCode = code }
        }

        private init(name: String, status: String, exitCode: Int32?, passed: Int?, failed: Int?, seconds: Double, reason: String?) {
            (self.name, self.status, self.exitCode, self.passed, self.failed, self.seconds, self.reason) = (name, status, exitCode, passed, failed, seconds, reason)
        }
    }

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
    var tasks: [CheckReport] = []
    /// `--no-tasks` was given and the recipe has tasks.
    var tasksSkipped = false
    var checks: [CheckReport] = []
    /// How many checks passed, failed (or could not run, or timed out) and were skipped.
    var checkCounts: CheckCounts?
    /// With `--pictures`: the layout pictures the checks drew.
    var pictures: [String]?

    struct CheckCounts: Encodable {
        var passed = 0
        var failed = 0
        var skipped = 0
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
