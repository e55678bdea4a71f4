import DuoNewCore

/// The one JSON object `update --json` prints: what the update did, as `record` takes it from
/// the outcome, with its tasks; the command adds its exit code and error.
public struct UpdateReport: Encodable, Sendable, Equatable {
    public struct Step: Encodable, Sendable, Equatable {
        public var path: String
        /// `replace`, `merge`, `add`, `remove`, `remove-folder`, `conflict`, `conflict-marked`,
        /// `keep-edited`, `keep-dropped` or `user-deleted`.
        public var action: String

        public init(path: String, action: String) {
            self.path = path
            self.action = action
        }
    }

    public var exitCode: Int32 = 0
    public var recipe: String?
    public var fromVersion: String?
    public var toVersion: String?
    /// `newer`, `same`, `older` or `other-recipe` (`UpdateDirection`).
    public var direction: String?
    public var folder: String?
    public var dryRun = false
    /// Every file the update changes or leaves on purpose; unchanged files are left out.
    public var steps: [Step] = []
    /// The `NAME.duo-new` files written beside files both sides changed.
    public var conflicts: [String] = []
    /// The files merged with conflict markers in them, and the line of each `<<<<<<<`.
    public var marked: [String] = []
    public var conflictLines: [String: [Int]] = [:]
    /// Placeholders new in the recipe and the values they took.
    public var newValues: [String: String] = [:]
    /// The values differ from the recorded ones: the record changes, even with no file.
    public var valuesChanged = false
    /// With `--dry-run`: the tasks the update would run after it.
    public var wouldRunTasks: [String]?
    /// The recipe's tasks that run on update, as generation's `--json` lists them.
    public var tasks: [CheckEntry] = []
    /// When a task failed or a signal stopped the tasks: the commands that run it and those
    /// after it again by hand, as printed on standard error (a secret as its variable's name).
    public var rerun: [String]?
    /// `--no-tasks` was given and the recipe has tasks that run on update.
    public var tasksSkipped = false
    /// What was found of an earlier update that did not finish: `rolled-back`, `finished`,
    /// `staging`; with `--dry-run`, what the real update would do: `would-roll-back`,
    /// `would-remove-finished`, `would-remove-staging`.
    public var recovered: String?
    public var warnings: [String] = []
    public var error: String?
    public var diagnostics: [String]?

    public init() {}

    /// What the update did, or as far as it got.
    public mutating func record(_ outcome: UpdateOutcome) {
        folder = outcome.folder
        recipe = outcome.recipe
        fromVersion = outcome.fromVersion
        toVersion = outcome.toVersion
        direction = outcome.direction?.rawValue
        dryRun = outcome.dryRun
        steps = outcome.steps.filter { $0.action != .unchanged }.map { Step(path: $0.path, action: $0.action.rawValue) }
        conflicts = outcome.conflicts
        marked = outcome.marked
        conflictLines = outcome.conflictLines
        newValues = outcome.newValues
        valuesChanged = outcome.valuesChanged
        wouldRunTasks = outcome.dryRun ? outcome.wouldRunTasks : nil
        recovered = outcome.recovered
        warnings = outcome.warnings
    }
}
