import DuoNewCore

/// What a run of a recipe's checks came to: how many passed, failed and were skipped, the
/// sentence for each failure, the skipped checks with their reasons, and the closing summary.
///
/// Counts only what ran as passed or failed: three checks of which two were skipped read
/// "1 check passed, 2 skipped", never "all 3 checks passed".
public struct CheckTally: Sendable, Equatable {
    /// A check that was not started, with why and the command that runs it.
    public struct Skip: Sendable, Equatable {
        public var name: String
        public var run: String
        public var reason: String

        public init(name: String, run: String, reason: String) {
            self.name = name
            self.run = run
            self.reason = reason
        }
    }

    /// How many checks the recipe has.
    public private(set) var total: Int
    public private(set) var passed = 0
    /// Failed, timed out, or could not start.
    public private(set) var failed = 0
    /// Skipped, whatever the reason (`skips` lists them).
    public var skipped: Int { skips.count }
    /// Skips that `--require-all` counts as failures.
    public private(set) var refusedSkips = 0
    /// One sentence per check that did not pass, `--require-all`'s refused skips included.
    public private(set) var failures: [String] = []
    public private(set) var skips: [Skip] = []

    public init(total: Int) {
        self.total = total
    }

    /// Counts a check `selection` did not start.
    public mutating func add(skipped check: Check, reason: CheckSelection.SkipReason, fails: Bool) {
        skips.append(Skip(name: check.name, run: reason.command ?? check.run, reason: reason.text))
        if fails { refusedSkips += 1 }
        if fails { failures.append("'\(check.name)' was skipped (\(reason.text)) and --require-all asks for every check") }
    }

    /// Counts `check`, which ran with `result`. An interrupted one is not counted: the run stops there.
    public mutating func add(_ result: CheckResult, of check: Check) {
        switch result.status {
        case .passed: passed += 1
        case .interrupted: break
        case .skipped(let why):
            skips.append(Skip(name: check.name, run: check.run, reason: why))
        case .failed, .notRun, .timedOut:
            failed += 1
            if let failure = result.failure { failures.append(failure) }
        }
    }

    /// Counts a check judged without running a command (the project's conflict markers): it
    /// failed, `reason` says how, and it is counted with the recipe's in every summary.
    public mutating func add(failedWithout reason: String) {
        failed += 1
        total += 1
        failures.append(reason)
    }

    /// Every check passed or was skipped without `--require-all` refusing the skip.
    public var succeeded: Bool { failures.isEmpty }

    /// `its check passed`, `all 3 checks passed`, or `1 check passed, 2 skipped` when any was
    /// skipped; the summary of a run that succeeded.
    public var summary: String {
        if skipped > 0 { return "\(passed) check\(passed == 1 ? "" : "s") passed, \(skipped) skipped" }
        return total == 1 ? "its check passed" : "all \(total) checks passed"
    }

    /// `2 of 3 checks did not pass: 'a' failed (exit 1); …`: the failures of a run that did not
    /// succeed. Like `summary`, it counts only the checks that were judged (those that ran, and
    /// skips `--require-all` refused), and names the other skips apart: "1 of 2 checks did not
    /// pass: …; 3 others were skipped", never "1 of 5".
    public var failureSummary: String {
        let judged = passed + failed + refusedSkips
        let otherSkips = skipped - refusedSkips
        let skippedText = otherSkips == 0 ? "" : otherSkips == 1 ? "; 1 other was skipped" : "; \(otherSkips) others were skipped"
        return "\(failures.count) of \(judged) check\(judged == 1 ? "" : "s") did not pass: \(failures.joined(separator: "; "))\(skippedText)"
    }
}
