import DuoNewCore
import DuoNewKit

/// `duo-new lint <template-dir>...`: every diagnostic of every recipe folder, then a tally.
struct LintCommand {
    let folders: [String]
    let options: CommonOptions
    let console: Console
    let context: CommandContext

    func run() -> ExitCode {
        let lint = LintRun(folders: folders, workingDirectory: context.workingDirectory, interruption: context.interruption) { fresh in
            // `--quiet` keeps the errors only: warnings and notes are what it silences.
            for diagnostic in fresh where !options.json && (!options.quiet || diagnostic.severity == .error) {
                console.diagnostic(diagnostic)
            }
        }
        let code = lint.stoppedBy.map(ExitCode.stopped(by:)) ?? (lint.errors > 0 ? .brokenTemplate : .success)
        if let stopMessage = lint.stopMessage {
            console.error("error:", .red, stopMessage)
        } else if !options.json && (!options.quiet || lint.errors > 0) {
            // After the diagnostics, on the same stream, so the two never interleave.
            console.error(lint.summary)
        }
        if options.json {
            console.result(lint.json(exitCode: code.rawValue))
        }
        return code
    }
}
