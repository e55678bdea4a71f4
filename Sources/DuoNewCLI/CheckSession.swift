import DuoNewCore
import DuoNewKit
import Foundation

/// Shows a recipe's checks as the Kit's `CheckRun` runs them in a project: the one view behind
/// generation's checks and `duo-new check`, so both show, count and report them the same way:
/// each check's live output, its one-line verdict, its entry in the JSON report.
struct CheckSession {
    let console: Console
    private var checkRun: CheckRun
    var tally: CheckTally { checkRun.tally }
    /// Each check that had its turn, skipped ones included, in order.
    var results: [CheckResult] { checkRun.results }

    typealias Stop = CheckRun.Stop

    /// `adding` is given to the checks' environment (`MODEL_TESTS_PICTURES` for `--pictures`).
    init(checks: [Check], selection: CheckSelection, timeout: Int?, console: Console, context: CommandContext, adding: [String: String] = [:]) {
        self.console = console
        checkRun = CheckRun(
            checks: checks, selection: selection, timeout: timeout,
            environment: context.environment.merging(adding) { _, added in added }, interruption: context.interruption
        )
    }

    /// Runs `checks` in order in `folder`, adding each to `report`; returns where a signal
    /// stopped them, if one did. `report.checkCounts` is set when every check had its turn.
    mutating func run(_ checks: [Check], in folder: URL, report: inout GenerationReport) -> Stop? {
        let console = console
        let lastLines = LastLines(keeping: Self.linesShownWhenQuiet)
        let output: @Sendable (String) -> Void = { line in
            console.say(line.isEmpty ? "    │" : "    │ " + line)
            lastLines.add(line)
        }
        let stopped = checkRun.run(checks, in: folder, output: output) { event in
            switch event {
            case .skipped(let check, let reason):
                console.say("  " + console.style("–", .dim) + " \(DisplayPath.escaped(check.name)) skipped: \(reason)")
                report.checks.append(.withoutRun(check.name, status: "skipped", reason: reason))
            case .started(let check):
                lastLines.clear()
                console.say(console.style("  ▶ \(DisplayPath.escaped(check.name))", .bold) + console.style(" — \(DisplayPath.escaped(check.run))", .dim))
            case .finished(let check, let result):
                Self.show(result, of: check, lastLines: lastLines.lines, on: console, report: &report)
            }
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

        func clear() { lock.withLock { kept.removeAll() } }
    }

    /// Shows one check's outcome (and, with `--quiet`, a failing one's last lines), and adds it
    /// to the report.
    private static func show(_ result: CheckResult, of check: Check, lastLines: [String], on console: Console, report: inout GenerationReport) {
        if console.isQuiet, result.failure != nil {
            // `--quiet` hid the check's output; a failing check's own last words say why.
            console.error("\(DisplayPath.escaped(check.name)) failed; its last lines:")
            for line in lastLines { console.error("    │ " + DisplayPath.escaped(line)) }
        }
        let entry = GenerationReport.CheckReport(result, of: check.name)
        let name = DisplayPath.escaped(check.name)
        let counts = result.passedCount.map { passed in " (\(passed) passed, \(result.failedCount ?? 0) failed)" } ?? ""
        let reason = entry.reason ?? ""
        switch result.status {
        case .passed: console.say("  " + console.style("✓", .green) + " \(name) passed in \(Formatting.seconds(result.seconds))\(counts)")
        case .failed(let code): console.say("  " + console.style("✗", .red) + " \(name) failed (exit \(code)) in \(Formatting.seconds(result.seconds))\(counts)")
        case .notRun: console.say("  " + console.style("!", .yellow) + " \(name) not run: \(reason)")
        case .timedOut: console.say("  " + console.style("✗", .red) + " \(name) failed: \(reason)\(counts)")
        case .interrupted: console.say("  " + console.style("!", .yellow) + " \(name) \(reason)")
        // Decided before running (`CheckSelection`); the runner itself never skips.
        case .skipped: break
        }
        report.checks.append(entry)
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
