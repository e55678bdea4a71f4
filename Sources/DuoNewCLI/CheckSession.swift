import DuoNewCore
import DuoNewKit
import Foundation

/// Runs a recipe's checks in a project: the one loop behind generation's checks and
/// `duo-new check`, so both skip, show, count and report them the same way.
///
/// Which checks run is `CheckSelection`'s pure decision and the counting is `CheckTally`'s;
/// this adds the world: each check's process (`CheckRunner`), its live output, its one-line
/// verdict, its entry in the JSON report, and the signals caught while the checks run.
struct CheckSession {
    let console: Console
    let context: CommandContext
    let selection: CheckSelection
    /// `--check-timeout`: every check's limit, over the manifest's.
    let timeout: Int?
    /// The checks' environment: duo-new's (the one their needs are looked up in), with what
    /// the command adds for them.
    let environment: [String: String]
    private(set) var tally: CheckTally
    /// Each check that had its turn, skipped ones included, in order.
    private(set) var results: [CheckResult] = []

    /// The check that was running when a signal came.
    struct Stop {
        var signal: Int32
        var check: String
    }

    /// `adding` is given to the checks' environment (`MODEL_TESTS_PICTURES` for `--pictures`).
    init(checks: [Check], selection: CheckSelection, timeout: Int?, console: Console, context: CommandContext, adding: [String: String] = [:]) {
        self.console = console
        self.context = context
        environment = context.environment.merging(adding) { _, added in added }
        self.selection = selection
        self.timeout = timeout
        tally = CheckTally(total: checks.count)
    }

    /// Runs `checks` in order in `folder`, adding each to `report`; returns where a signal
    /// stopped them, if one did. `report.checkCounts` is set when every check had its turn.
    ///
    /// Signals are caught while the checks run, so that a check can be stopped with its
    /// processes, and reported, rather than left running when duo-new is gone.
    mutating func run(_ checks: [Check], in folder: URL, report: inout GenerationReport) -> Stop? {
        let interruption = context.interruption
        let searchPath = environment["PATH"]
        let stopped: Stop? = interruption.catching { () -> Stop? in
            for check in checks {
                if let signal = interruption.received { return Stop(signal: signal, check: check.name) }
                switch selection.decide(check, searchPath: searchPath) {
                case .skip(let reason, let fails):
                    console.say("  " + console.style("–", .dim) + " \(DisplayPath.escaped(check.name)) skipped: \(reason.text)")
                    report.checks.append(.init(name: check.name, status: "skipped", exitCode: nil, passed: nil, failed: nil, seconds: 0, reason: reason.text))
                    tally.add(skipped: check, reason: reason, fails: fails)
                    results.append(CheckResult(name: check.name, status: .skipped(reason: reason.text), seconds: 0))
                case .run:
                    let result = runCheck(check, in: folder, report: &report)
                    results.append(result)
                    if case .interrupted(let signal) = result.status { return Stop(signal: signal, check: check.name) }
                    tally.add(result, of: check)
                }
            }
            return nil
        }
        if stopped == nil {
            report.checkCounts = .init(passed: tally.passed, failed: tally.failed, skipped: tally.skipped)
        }
        return stopped
    }

    /// How many of a failing check's last lines `--quiet` still shows.
    static let linesShownWhenQuiet = 20

    /// The newest lines of a check's output, shared with the runner's reading thread.
    private final class LastLines: @unchecked Sendable {
        private let lock = NSLock()
        private let limit: Int
        private var kept: [String] = []

        init(keeping limit: Int) { self.limit = limit }

        func add(_ line: String) {
            lock.withLock {
                kept.append(line)
                if kept.count > limit { kept.removeFirst(kept.count - limit) }
            }
        }

        var lines: [String] { lock.withLock { kept } }
    }

    /// Runs one check, shows its lines and outcome, and adds it to the report.
    private func runCheck(_ check: Check, in folder: URL, report: inout GenerationReport) -> CheckResult {
        console.say(console.style("  ▶ \(DisplayPath.escaped(check.name))", .bold) + console.style(" — \(DisplayPath.escaped(check.run))", .dim))
        let console = self.console
        let lastLines = LastLines(keeping: Self.linesShownWhenQuiet)
        let result = CheckRunner.run(
            check, in: folder, timeout: timeout.map(Double.init), interruption: context.interruption, environment: environment
        ) { line in
            console.say(line.isEmpty ? "    │" : "    │ " + line)
            lastLines.add(line)
        }
        if console.isQuiet, result.failure != nil {
            // `--quiet` hid the check's output; a failing check's own last words say why.
            console.error("\(DisplayPath.escaped(check.name)) failed; its last lines:")
            for line in lastLines.lines { console.error("    │ " + DisplayPath.escaped(line)) }
        }
        let counts = result.passedCount.map { passed in " (\(passed) passed, \(result.failedCount ?? 0) failed)" } ?? ""
        var exitCode: Int32?
        var reason: String?
        switch result.status {
        case .passed:
            console.say("  " + console.style("✓", .green) + " \(DisplayPath.escaped(check.name)) passed in \(Formatting.seconds(result.seconds))\(counts)")
        case .failed(let code):
            exitCode = code
            console.say("  " + console.style("✗", .red) + " \(DisplayPath.escaped(check.name)) failed (exit \(code)) in \(Formatting.seconds(result.seconds))\(counts)")
        case .notRun(let why):
            reason = why
            console.say("  " + console.style("!", .yellow) + " \(DisplayPath.escaped(check.name)) not run: \(why)")
        case .timedOut(let seconds):
            reason = "timed out after \(Formatting.seconds(seconds)); it was stopped"
            console.say("  " + console.style("✗", .red) + " \(DisplayPath.escaped(check.name)) failed: \(reason ?? "")\(counts)")
        case .interrupted(let signal):
            reason = "interrupted by \(Interruption.name(of: signal)); it was stopped"
            console.say("  " + console.style("!", .yellow) + " \(DisplayPath.escaped(check.name)) \(reason ?? "")")
        case .skipped(let why):
            // Decided before running (`CheckSelection`); the runner itself never skips.
            reason = why
        }
        report.checks.append(.init(
            name: check.name, status: result.statusName, exitCode: exitCode,
            passed: result.passedCount, failed: result.failedCount, seconds: (result.seconds * 1000).rounded() / 1000, reason: reason
        ))
        return result
    }

    /// The checks skipped here, with the command that runs each in `folder` (as typed).
    func printSkipped(folder: String) {
        guard !tally.skips.isEmpty else { return }
        console.say("")
        console.say(console.style("Skipped here, still to do:", .bold))
        for skip in tally.skips {
            console.say("  \(DisplayPath.escaped(skip.name)) (\(skip.reason)):")
            console.say("      cd \(Formatting.shellArgument(folder)) && \(DisplayPath.escaped(skip.run))")
        }
    }

}
