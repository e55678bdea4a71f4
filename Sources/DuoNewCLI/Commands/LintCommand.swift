import DuoNewCore
import DuoNewKit
import Foundation

/// `duo-new lint <template-dir>...`: every diagnostic of every recipe folder, then a tally.
struct LintCommand {
    private struct Result: Encodable {
        var exitCode: Int32
        var errors: Int
        var warnings: Int
        var templates: Int
        var diagnostics: [String]
        /// Set when a signal stopped the lint.
        var error: String?
    }

    let folders: [String]
    let options: CommonOptions
    let console: Console
    let context: CommandContext

    func run() -> ExitCode {
        var all: [Diagnostic] = []
        // Caught, as generation does, so that a signal stops the trial generation and its
        // temporary folder is removed rather than left in the temporary directory.
        let interruption = context.interruption
        let stopped: Int32? = interruption.catching { () -> Int32? in
            for folder in folders {
                let url = URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: context.workingDirectory, isDirectory: true))
                let diagnostics = TemplateLinter.lint(recipeFolder: url, displayFolder: folder, interruption: interruption)
                if let signal = interruption.received { return signal }
                // A layer's lint repeats what the lint of a recipe using it finds in the layer: once is enough.
                let fresh = diagnostics.filter { !all.contains($0) }
                // `--quiet` keeps the errors only: warnings and notes are what it silences.
                for diagnostic in fresh where !options.json && (!options.quiet || diagnostic.severity == .error) {
                    console.diagnostic(diagnostic)
                }
                all += fresh
            }
            return nil
        }
        let errors = all.filter { $0.severity == .error }.count
        let warnings = all.filter { $0.severity == .warning }.count
        var result = Result(exitCode: 0, errors: errors, warnings: warnings, templates: folders.count, diagnostics: all.map(\.rendered))
        let code: ExitCode
        if let stopped {
            code = .stopped(by: stopped)
            let message = "lint interrupted by \(Interruption.name(of: stopped)); nothing was left behind"
            console.error("error:", .red, message)
            result.error = message
        } else {
            code = errors > 0 ? .brokenTemplate : .success
            if !options.json && (!options.quiet || errors > 0) {
                // After the diagnostics, on the same stream, so the two never interleave.
                console.error(TemplateLinter.summary(of: all, templates: folders.count))
            }
        }
        if options.json {
            result.exitCode = code.rawValue
            console.result(PrettyJSON.text(result))
        }
        return code
    }
}
