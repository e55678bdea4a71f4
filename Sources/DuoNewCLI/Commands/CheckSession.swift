import DuoNewCore
import DuoNewKit
import Foundation

/// Shows a recipe's checks as the Kit runs them in a project (`CheckRun` for `duo-new check`,
/// `GenerationFollowUp` after generation): the one view behind both, so they show, count and
/// report checks the same way: each check's live output, its one-line verdict, its entry in the
/// JSON report.
struct CheckSession {
    let console: Console
    private let lastLines = LastLines(keeping: CheckSession.linesShownWhenQuiet)

    init(console: Console) {
        self.console = console
    }

    /// Runs `checkRun`'s checks in order in `folder`, adding each to `report`; returns where a
    /// signal stopped them, if one did.
    func run(_ checkRun: inout CheckRun, _ checks: [Check], in folder: URL, report: inout GenerationReport) -> CheckRun.Stop? {
        checkRun.run(checks, in: folder, output: output) { event in show(event, report: &report) }
    }

    /// Shows each line a check prints, indented under it and escaped as everything printed from
    /// elsewhere is (a project's script could retitle the terminal), and keeps the last ones for `--quiet`.
    var output: @Sendable (String) -> Void {
        { [console, lastLines] line in
            console.say(line.isEmpty ? "    │" : "    │ " + Self.shown(line))
            lastLines.add(line)
        }
    }

    /// A line a program printed, as shown under its check or task: tabs (XCTest indents with
    /// them) as spaces, every other control character escaped.
    static func shown(_ line: String) -> String {
        DisplayPath.escaped(line.replacingOccurrences(of: "\t", with: "    "))
    }

    /// Shows one check's event, and adds the check to `report` once it has an outcome.
    func show(_ event: CheckRun.Event, report: inout GenerationReport) {
        switch event {
        case .skipped(let check, let reason):
            console.say(console.verdict("–", .dim, "\(DisplayPath.escaped(check.name)) skipped: \(reason)"))
            report.checks.append(.withoutRun(check.name, status: "skipped", reason: reason))
        case .started(let check):
            lastLines.clear()
            console.say(console.styled("  ▶ \(DisplayPath.escaped(check.name))", .bold, then: " — \(DisplayPath.escaped(check.run))", .dim, indent: 4))
        case .finished(let check, let result):
            Self.show(result, of: check, lastLines: lastLines.lines, on: console, report: &report)
        }
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
            // `--quiet` hid the check's output; a failing check's own last words say why, in the
            // words its line would have used (not run, timed out, failed).
            let ended = switch result.status {
            case .notRun: "was not run"
            case .timedOut: "timed out"
            default: "failed"
            }
            let lead = "\(DisplayPath.escaped(check.name)) \(ended)"
            console.error(lastLines.isEmpty ? "\(lead); it printed nothing" : "\(lead); its last lines:")
            for line in lastLines { console.error("    │ " + Self.shown(line)) }
        }
        let entry = CheckEntry(result, of: check.name)
        let name = DisplayPath.escaped(check.name)
        let counts = result.passedCount.map { passed in " (\(passed) passed, \(result.failedCount ?? 0) failed)" } ?? ""
        let reason = entry.reason ?? ""
        switch result.status {
        case .passed: console.say(console.verdict("✓", .green, "\(name) passed in \(Formatting.seconds(result.seconds))\(counts)"))
        case .failed(let code): console.say(console.verdict("✗", .red, "\(name) failed (exit \(code)) in \(Formatting.seconds(result.seconds))\(counts)"))
        case .notRun: console.say(console.verdict("!", .yellow, "\(name) not run: \(reason)"))
        case .timedOut: console.say(console.verdict("✗", .red, "\(name) failed: \(reason)\(counts)"))
        case .interrupted: console.say(console.verdict("!", .yellow, "\(name) \(reason)"))
        // Decided before running (`CheckSelection`); the runner itself never skips.
        case .skipped: break
        }
        report.checks.append(entry)
    }

    /// The checks `tally` skipped, with the command that runs each in `folder` (as typed), in a
    /// subshell, so that several pasted one after the other each start where the user is.
    static func printSkipped(_ tally: CheckTally, folder: String, on console: Console) {
        guard !tally.skips.isEmpty else { return }
        console.say("")
        console.say(console.style("Skipped here, still to do:", .bold))
        for skip in tally.skips {
            // Continued a little in, so a long reason does not read as the next entry.
            console.say(TextWrapping.fill("\(DisplayPath.escaped(skip.name)) (\(skip.reason)):", width: max(console.width, TextWrapping.minimumWidth), lead: "  ", indent: "    ").joined(separator: "\n"))
            let command = ShellQuoting.inFolder(folder, DisplayPath.escaped(skip.run))
            console.say(ShellQuoting.continued(command, width: max(console.width, TextWrapping.minimumWidth), indent: "      ").joined(separator: "\n"))
        }
    }
}
