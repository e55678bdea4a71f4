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
    }

    let folders: [String]
    let options: CommonOptions
    let console: Console
    let context: CommandContext

    func run() -> ExitCode {
        var all: [Diagnostic] = []
        var rendered: [String] = []
        var errors = 0
        var warnings = 0
        for folder in folders {
            let url = URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: context.workingDirectory, isDirectory: true))
            let diagnostics = TemplateLinter.lint(recipeFolder: url, displayFolder: folder)
            // A layer's lint repeats what the lint of a recipe using it finds in the layer: once is enough.
            for diagnostic in diagnostics where !all.contains(diagnostic) {
                switch diagnostic.severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .note: break
                }
                all.append(diagnostic)
                rendered.append(diagnostic.rendered)
                // `--quiet` keeps the errors only: warnings and notes are what it silences.
                if !options.json, !options.quiet || diagnostic.severity == .error { console.error(diagnostic.rendered) }
            }
        }
        let code: ExitCode = errors > 0 ? .brokenTemplate : .success
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let result = Result(exitCode: code.rawValue, errors: errors, warnings: warnings, templates: folders.count, diagnostics: rendered)
            console.result(String(decoding: (try? encoder.encode(result)) ?? Data(), as: UTF8.self))
        } else if !options.quiet || errors > 0 {
            // After the diagnostics, on the same stream, so the two never interleave.
            console.error(TemplateLinter.summary(of: all, templates: folders.count))
        }
        return code
    }
}
