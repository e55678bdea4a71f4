import DuoNewCore
import Foundation

/// What runs in a project once generation has written it: the recipe's one-time tasks, then,
/// when every task passed and no signal came, its checks, then `GENERATION-CHECKS.md` recording
/// what ran. The caller has decided which tasks and checks (`--no-tasks`, `--no-test`) and asked
/// for consent (`selection.consent`); it shows the events and the lines as they come, and words
/// the outcome.
public struct GenerationFollowUp {
    /// A task's or a check's event, in order.
    public enum Event: Sendable {
        case task(CheckRun.Event)
        case check(CheckRun.Event)
    }

    /// What ran, and how it ended.
    public struct Outcome: Sendable {
        /// The tasks' outcome, when there were tasks to run.
        public var tasks: TaskRun.Outcome?
        /// Each check that had its turn, skipped ones included, in order, and their counts; the
        /// tally is nil when the checks' run never began.
        public var checks: [CheckResult] = []
        public var tally: CheckTally?
        /// Whether the checks' run began (the tasks all passed, there were checks to run).
        public var checksRan: Bool { tally != nil }
        /// The check a signal stopped, if one did.
        public var checkStop: CheckRun.Stop?
        /// `GENERATION-CHECKS.md`: nil when nothing ran (no file is written), else whether it
        /// could be written; a failure is worth a warning only, since the project is complete.
        public var record: Result<Void, WriteError>?
    }

    public let manifest: Manifest
    public let tasks: [SetupTask]
    public let checks: [Check]
    /// Which checks run, with the consent for the tasks and the checks alike.
    public let selection: CheckSelection
    /// `--check-timeout`.
    public let timeout: Int?
    /// The values the tasks see as `DUO_NEW_<TOKEN>`.
    public let values: [String: String]
    /// The process's environment; `checkEnvironment` is added for the checks only (the layout
    /// pictures' folder).
    public let environment: [String: String]
    public let checkEnvironment: [String: String]
    public let interruption: Interruption
    /// The writer named in `GENERATION-CHECKS.md`: `duo-new VERSION`.
    public let generator: String

    public init(
        manifest: Manifest, tasks: [SetupTask], checks: [Check], selection: CheckSelection, timeout: Int?, values: [String: String],
        environment: [String: String], checkEnvironment: [String: String] = [:], interruption: Interruption, generator: String
    ) {
        self.manifest = manifest
        self.tasks = tasks
        self.checks = checks
        self.selection = selection
        self.timeout = timeout
        self.values = values
        self.environment = environment
        self.checkEnvironment = checkEnvironment
        self.interruption = interruption
        self.generator = generator
    }

    /// Runs the tasks and the checks in `folder`. `taskOutput` and `checkOutput` are given each
    /// line they print, from the thread that reads it; `events` is told of each as it starts and
    /// ends.
    public func run(
        in folder: URL, taskOutput: @escaping @Sendable (String) -> Void, checkOutput: @escaping @Sendable (String) -> Void,
        events: (Event) -> Void
    ) -> Outcome {
        var outcome = Outcome()
        let mask = manifest.secretMask(values: values)
        if !tasks.isEmpty {
            let run = TaskRun(tasks: tasks, consent: selection.consent, values: values, environment: environment, interruption: interruption, mask: mask)
            let done = run.run(in: folder, output: taskOutput) { events(.task($0)) }
            outcome.tasks = done
            // A task that failed or a signal: the checks would test a project set up half way.
            if done.stop != nil || done.failure != nil {
                outcome.record = record(outcome, in: folder)
                return outcome
            }
        }
        guard !checks.isEmpty else {
            if outcome.tasks != nil { outcome.record = record(outcome, in: folder) }
            return outcome
        }
        var run = CheckRun(
            checks: checks, selection: selection, timeout: timeout, environment: environment.merging(checkEnvironment) { _, added in added },
            interruption: interruption
        )
        run.mask = mask
        outcome.checkStop = run.run(checks, in: folder, output: checkOutput) { events(.check($0)) }
        outcome.checks = run.results
        outcome.tally = run.tally
        outcome.record = record(outcome, in: folder)
        return outcome
    }

    private func record(_ outcome: Outcome, in folder: URL) -> Result<Void, WriteError> {
        var file = GenerationChecksFile(generator: generator, manifest: manifest, tasks: outcome.tasks, checks: outcome.checks, checksRan: outcome.checksRan)
        // The caller leaves the recipe's tasks out only for `--no-tasks`.
        if tasks.isEmpty { file.tasksSkipped = manifest.tasks(at: .generate).map(\.name) }
        return Result { () throws(WriteError) in try file.write(into: folder.path) }
    }
}
