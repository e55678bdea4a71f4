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
        var rendered: [String] = []
        var errors = 0
        var warnings = 0
        for folder in folders {
            let url = URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: context.workingDirectory, isDirectory: true))
            let diagnostics = Self.diagnostics(for: url)
            for diagnostic in diagnostics {
                switch diagnostic.severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .note: break
                }
                rendered.append(diagnostic.rendered)
                if !options.json { console.error(diagnostic.rendered) }
            }
        }
        let code: ExitCode = errors > 0 ? .brokenTemplate : .success
        let tally = "\(Formatting.plural(errors, "error")), \(Formatting.plural(warnings, "warning")) in \(Formatting.plural(folders.count, "template"))"
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let result = Result(exitCode: code.rawValue, errors: errors, warnings: warnings, templates: folders.count, diagnostics: rendered)
            console.result(String(decoding: (try? encoder.encode(result)) ?? Data(), as: UTF8.self))
        } else if !options.quiet || errors > 0 {
            console.result(tally)
        }
        return code
    }

    /// The manifest's diagnostics (every problem of one decoding pass).
    private static func diagnostics(for recipeFolder: URL) -> [Diagnostic] {
        do {
            _ = try ManifestDecoder.load(recipeFolder: recipeFolder)
            return []
        } catch {
            return error.diagnostics
        }
    }
}
