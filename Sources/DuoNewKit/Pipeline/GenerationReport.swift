import DuoNewCore

/// The one JSON object `--json` prints on standard output, whatever the outcome: what generation
/// made (`record`) and what ran after it; the command adds its exit code and error.
public struct GenerationReport: Encodable, Sendable, Equatable {
    public var exitCode: Int32 = 0
    public var recipe: String?
    public var version: String?
    /// The AppName and bundle id the project was made with.
    public var appName: String?
    public var bundleID: String?
    /// Each `--set` value the project was made with, by its key.
    public var values: [String: String]?
    /// Absolute path of the project folder.
    public var folder: String?
    public var dryRun = false
    public var files: Int?
    public var bytes: Int64?
    /// With `--dry-run`: the paths that would be written, inside the project.
    public var planned: [String]?
    /// The one-time tasks, in order: `passed`, `failed`, `not-run`, `interrupted`, `skipped`
    /// (consent withheld) or `not-reached` (after one that failed).
    public var tasks: [CheckEntry] = []
    /// `--no-tasks` was given and the recipe has tasks.
    public var tasksSkipped = false
    public var checks: [CheckEntry] = []
    /// How many checks passed, failed (or could not run, or timed out) and were skipped.
    public var checkCounts: CheckCounts?
    /// With `--pictures`: the layout pictures the checks drew.
    public var pictures: [String]?
    /// `--no-test` was given and the recipe has checks.
    public var checksSkipped = false
    /// The ending, a line a string (blank strings between its paragraphs), as printed under
    /// "Next steps:" without its indentation or wrapping.
    public var nextSteps: [String]?
    /// When a task failed or a signal stopped the tasks: the commands that run it and those
    /// after it again by hand, as printed on standard error (a secret as its variable's name).
    public var rerun: [String]?
    /// The error message, when the exit code is not 0.
    public var error: String?
    /// Every diagnostic line behind the error (`file:line:column: error: …`, one per finding).
    public var diagnostics: [String]?

    /// A run's counts, as its tally has them.
    public struct CheckCounts: Encodable, Sendable, Equatable {
        public var passed = 0
        public var failed = 0
        public var skipped = 0

        public init(_ tally: CheckTally) {
            (passed, failed, skipped) = (tally.passed, tally.failed, tally.skipped)
        }
    }

    public init() {}

    /// What generation is about to make: the recipe, the project's folder and names, and each
    /// `--set` value it takes, as a log may show them (never a secret).
    public mutating func record(_ prepared: GenerationPipeline.Prepared, appName: String, bundleID: String) {
        let manifest = prepared.recipe.manifest
        recipe = manifest.name
        version = manifest.version
        folder = prepared.destination.path
        self.appName = appName
        // A recipe that declares no bundle id makes none: the report leaves the key out rather than say "".
        self.bundleID = manifest.takesBundleID ? bundleID : nil
        values = Dictionary(manifest.shownSettings(prepared.values), uniquingKeysWith: { first, _ in first })
    }
}
