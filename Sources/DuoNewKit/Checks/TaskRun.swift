import DuoNewCore
import Foundation

/// Runs a recipe's one-time tasks in a project, in order, through the checks' runner
/// (`CheckRunner`): same shell, process group, timeout and signals. Each task sees the values in
/// its environment as `DUO_NEW_<TOKEN>`. The first task that does not pass ends the run: the
/// tasks after it, and the checks, would build on what it left undone.
public struct TaskRun {
    /// What the tasks did, in order, with the ones never started.
    public struct Outcome: Sendable {
        /// Each task that had its turn, skipped ones included.
        public var results: [CheckResult] = []
        /// The tasks that never had their turn, after one that failed or a signal.
        public var notReached: [String] = []
        /// The signal that stopped them, with the task it stopped.
        public var stop: CheckRun.Stop?

        public init() {}

        /// The first task that failed or could not run, with its result.
        public var failure: CheckResult? {
            results.first { result in
                switch result.status {
                case .passed, .skipped: false
                default: true
                }
            }
        }

        /// Why the tasks in `notReached` had no turn: a signal, or a task before them that did not pass.
        public var notReachedReason: String {
            stop.map { "the run was stopped by \(Interruption.name(of: $0.signal)) before it" } ?? "an earlier task did not pass"
        }

        /// The `--json` entries of the tasks in `notReached`.
        public var notReachedEntries: [CheckEntry] {
            notReached.map { .withoutRun($0, status: "not-reached", reason: notReachedReason) }
        }

        /// A task did not pass or a signal stopped them: the later tasks, and the checks, did not run.
        public var endedEarly: Bool { stop != nil || failure != nil }

        /// What is left to run by hand after a task failed: that task and the ones never
        /// reached, in `tasks`' order; none when every task passed.
        public func toRunAgain(of tasks: [SetupTask]) -> [SetupTask] {
            let again = Set(notReached + (failure.map { [$0.name] } ?? []))
            return tasks.filter { again.contains($0.name) }
        }

        /// The commands that run `toRunAgain(of: tasks)` by hand in `folder` (as typed), for the
        /// `--json` report's `rerun`: the lines the terminal gets, unescaped, without their names.
        public func rerunCommands(of tasks: [SetupTask], in folder: String, values: [String: String], hidden: [String: String]) -> [String] {
            toRunAgain(of: tasks).map { $0.rerunCommand(in: folder, values: values, hidden: hidden) }
        }

        /// The error when the tasks ended early: `done` ("generated Sitter in Sitter"), why they
        /// ended (a signal, while a task ran or between two, or the task that did not pass: how it
        /// failed when `naming` the failure), `kept` ("the project is kept"), and which tasks to run
        /// again with the commands below, then `then`.
        public func failureMessage(done: String, kept: String, then: String = "", namingTheFailure naming: Bool) -> String {
            let why: String
            let again: String
            if failure == nil {
                why = stop.map { "interrupted by \(Interruption.name(of: $0.signal)) before the task '\($0.check)' ran" } ?? ""
                again = notReached.count == 1 ? "that task" : "the \(notReached.count) tasks not run"
            } else {
                let failed = failure.map { naming ? "the task \($0.failure ?? "'\($0.name)' did not pass")" : "the task '\($0.name)' did not pass" }
                why = stop.map { "interrupted by \(Interruption.name(of: $0.signal)) while the task '\($0.check)' ran, which was stopped" } ?? failed ?? ""
                let after = notReached.count == 1 ? "the task" : "the \(notReached.count) tasks"
                again = notReached.isEmpty ? "it" : "it and \(after) after it"
            }
            return "\(done), but \(why); \(kept); run \(again) again with the commands below\(then)"
        }
    }

    public let tasks: [SetupTask]
    /// Whether the recipe's commands may run at all (`CheckConsent`): withheld, each task is skipped.
    public let consent: CheckConsent
    /// The process's environment with the values added (`environment(values:adding:)`).
    public let environment: [String: String]
    public let interruption: Interruption
    /// After generation or after an update: how consent is given differs (`withheldReason`).
    public let moment: SetupTask.Moment
    /// The secrets among the values, hidden in what the tasks print.
    public let mask: SecretMask

    public init(
        tasks: [SetupTask], consent: CheckConsent, values: [String: String], environment: [String: String], interruption: Interruption,
        moment: SetupTask.Moment = .generate, mask: SecretMask = SecretMask()
    ) {
        self.tasks = tasks
        self.moment = moment
        self.mask = mask
        self.consent = consent
        self.environment = Self.environment(values: values, adding: environment)
        self.interruption = interruption
    }

    /// Why a task did not run when consent was withheld, and how to give it: after generation,
    /// generating again with `--trust --replace` (the folder now holds the project); after an
    /// update, which takes no `--trust`, a `trusted` entry or a yes when asked on a terminal.
    public static func withheldReason(source: String, moment: SetupTask.Moment = .generate) -> String {
        let url = source.hasPrefix("/") ? "" : " or add the URL to 'trusted' in the config"
        let prefix = "the recipe comes from '\(DisplayPath.escaped(source))' and its tasks would run its commands on this machine; "
        switch moment {
        case .generate:
            return prefix + "if you trust it, generate again with --trust --replace\(url), or run the task yourself (the commands are printed at the end)"
        case .update:
            // An update that changes nothing runs no task, so "update again" would not run it.
            let later = url.isEmpty ? "make the folder yours alone, writable by nobody else" : "add the URL to 'trusted' in the config"
            return prefix + "if you trust it, run the task yourself (the commands are printed at the end); for later updates to run such tasks, \(later), or answer yes when asked on a terminal"
        }
    }

    /// `base` with each value as `DUO_NEW_<TOKEN>`, the values winning over a variable of the same name.
    public static func environment(values: [String: String], adding base: [String: String]) -> [String: String] {
        var environment = base
        for (name, value) in values { environment[SetupTask.variable(for: name)] = value }
        return environment
    }

    /// Runs the tasks in `folder`; `events` is told of each as it starts and ends (`output` gets its lines).
    public func run(in folder: URL, output: @escaping @Sendable (String) -> Void, events: (CheckRun.Event) -> Void) -> Outcome {
        var outcome = Outcome()
        let interruption = interruption
        interruption.catching {
            for (index, task) in tasks.enumerated() {
                let check = task.asCheck
                if let signal = interruption.received {
                    outcome.stop = CheckRun.Stop(signal: signal, check: task.name)
                    outcome.notReached = tasks[index...].map(\.name)
                    return
                }
                if case .withheld(let source, _) = consent {
                    let reason = Self.withheldReason(source: source, moment: moment)
                    events(.skipped(check, reason: reason))
                    outcome.results.append(CheckResult(name: task.name, status: .skipped(reason: reason), seconds: 0))
                    continue
                }
                events(.started(check))
                let result = CheckRunner.run(check, in: folder, interruption: interruption, environment: environment, mask: mask, onLine: output)
                events(.finished(check, result))
                outcome.results.append(result)
                if case .interrupted(let signal) = result.status { outcome.stop = CheckRun.Stop(signal: signal, check: task.name) }
                if case .passed = result.status { continue }
                outcome.notReached = tasks[(index + 1)...].map(\.name)
                return
            }
        }
        return outcome
    }
}
