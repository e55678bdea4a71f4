import DuoNewCore
import Foundation

/// Runs a recipe's checks in a project, in order: the one loop behind generation's checks and
/// `duo-new check`. Which checks run is `CheckSelection`'s decision, each runs through
/// `CheckRunner`, the counting is `CheckTally`'s, and signals are caught while they run, so a
/// check is stopped with its processes and reported rather than left running. What a caller
/// shows comes as `Event`s, and each check's live lines through `output`.
public struct CheckRun {
    /// What happened to one check, in order.
    public enum Event: Sendable {
        /// Not run: `CheckSelection` skipped it, for `reason`.
        case skipped(Check, reason: String)
        /// About to run.
        case started(Check)
        /// Ran (or could not): its result.
        case finished(Check, CheckResult)
    }

    /// The check that was running when a signal came.
    public struct Stop: Sendable, Equatable {
        public var signal: Int32
        public var check: String

        public init(signal: Int32, check: String) {
            self.signal = signal
            self.check = check
        }

        /// `interrupted by SIGINT while the check 'unit tests' ran; it was stopped`: how the
        /// error of a run a signal stopped begins, after generation or in `duo-new check`.
        public var sentence: String {
            "interrupted by \(Interruption.name(of: signal)) while the check '\(check)' ran; it was stopped"
        }
    }

    public let selection: CheckSelection
    /// `--check-timeout`: every check's limit, over the manifest's.
    public let timeout: Int?
    /// The checks' environment (the one their needs are looked up in).
    public let environment: [String: String]
    public let interruption: Interruption
    /// The secrets of this run, hidden in what the checks print (none for `duo-new check`, which
    /// is given no secret).
    public var mask = SecretMask()
    public private(set) var tally: CheckTally
    /// Each check that had its turn, skipped ones included, in order.
    public private(set) var results: [CheckResult] = []

    public init(checks: [Check], selection: CheckSelection, timeout: Int?, environment: [String: String], interruption: Interruption) {
        self.selection = selection
        self.timeout = timeout
        self.environment = environment
        self.interruption = interruption
        tally = CheckTally(total: checks.count)
    }

    /// Runs `checks` in order in `folder`; returns where a signal stopped them, if one did.
    /// `output` is given each line a check prints, from the thread that reads it.
    public mutating func run(
        _ checks: [Check], in folder: URL, output: @escaping @Sendable (String) -> Void, events: (Event) -> Void
    ) -> Stop? {
        let interruption = interruption
        let searchPath = environment["PATH"]
        return interruption.catching { () -> Stop? in
            for check in checks {
                if let signal = interruption.received { return Stop(signal: signal, check: check.name) }
                switch selection.decide(check, searchPath: searchPath) {
                case .skip(let reason, let fails):
                    events(.skipped(check, reason: reason.text))
                    tally.add(skipped: check, reason: reason, fails: fails)
                    results.append(CheckResult(name: check.name, status: .skipped(reason: reason.text), seconds: 0))
                case .run:
                    events(.started(check))
                    let result = CheckRunner.run(
                        check, in: folder, timeout: timeout.map(Double.init), interruption: interruption, environment: environment, mask: mask, onLine: output
                    )
                    events(.finished(check, result))
                    results.append(result)
                    if case .interrupted(let signal) = result.status { return Stop(signal: signal, check: check.name) }
                    tally.add(result, of: check)
                }
            }
            return nil
        }
    }
}
