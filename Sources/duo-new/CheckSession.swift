import DuoNewKit
import Foundation

/// Runs a recipe's checks in a project with live output, one summary line each, and records
/// them in the JSON report: shared by generation and `duo-new check`, so both read the same.
enum CheckSession {
    /// Runs every check in order; returns one sentence per check that did not pass.
    static func run(_ checks: [Check], in folder: URL, console: Console, report: inout GenerationReport) -> [String] {
        var failures: [String] = []
        for check in checks {
            // As after generation: an opt-in check, or one whose needs this machine lacks, is skipped.
            let unmet = check.needs?.unmet(searchPath: ProcessInfo.processInfo.environment["PATH"])
            if check.optIn || unmet != nil {
                let reason = check.optIn ? "opt-in" : unmet ?? ""
                console.say("  – \(check.name) skipped: \(reason)")
                report.checks.append(.init(name: check.name, status: "skipped", exitCode: nil, passed: nil, failed: nil, seconds: 0, reason: reason))
                continue
            }
            console.say(console.style("  ▶ \(check.name)", .bold) + console.style(" — \(check.run)", .dim))
            let result = CheckRunner.run(check, in: folder) { line in console.say(line.isEmpty ? "    │" : "    │ " + line) }
            let counts = result.passedCount.map { passed in " (\(passed) passed, \(result.failedCount ?? 0) failed)" } ?? ""
            var exitCode: Int32?
            var reason: String?
            switch result.status {
            case .passed:
                console.say("  " + console.style("✓", .green) + " \(check.name) passed in \(Formatting.seconds(result.seconds))\(counts)")
            case .failed(let code):
                exitCode = code
                failures.append("'\(check.name)' failed (exit \(code))")
                console.say("  " + console.style("✗", .red) + " \(check.name) failed (exit \(code)) in \(Formatting.seconds(result.seconds))\(counts)")
            case .timedOut(let seconds):
                failures.append("'\(check.name)' timed out after \(Formatting.seconds(seconds))")
                console.say("  " + console.style("✗", .red) + " \(check.name) timed out after \(Formatting.seconds(seconds))")
            case .interrupted(let signal):
                failures.append("'\(check.name)' was interrupted (signal \(signal))")
                console.say("  " + console.style("!", .yellow) + " \(check.name) interrupted")
            case .skipped(let why):
                reason = why
                console.say("  " + console.style("–", .dim) + " \(check.name) skipped: \(why)")
            case .notRun(let why):
                reason = why
                failures.append("'\(check.name)' could not run: \(why)")
                console.say("  " + console.style("!", .yellow) + " \(check.name) not run: \(why)")
            }
            report.checks.append(.init(
                name: check.name, status: result.statusName, exitCode: exitCode,
                passed: result.passedCount, failed: result.failedCount, seconds: (result.seconds * 1000).rounded() / 1000, reason: reason
            ))
        }
        return failures
    }
}
