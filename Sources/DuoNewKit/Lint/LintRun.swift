import DuoNewCore
import Foundation

/// `duo-new lint <template-dir>...` as a value: every folder's diagnostics, each found once,
/// and the tally and JSON the command ends with. The command line prints each folder's new
/// diagnostics as they come, so a long lint shows them before it ends.
public struct LintRun {
    /// What `lint --json` prints.
    public struct Report: Encodable {
        public var exitCode: Int32
        public var errors: Int
        public var warnings: Int
        public var templates: Int
        public var diagnostics: [String]
        /// Set when a signal stopped the lint.
        public var error: String?
    }

    /// Every diagnostic of every folder, in the order found.
    public let diagnostics: [Diagnostic]
    /// How many folders were asked for.
    public let templates: Int
    /// The signal that stopped the lint before its last folder, if one did.
    public let stoppedBy: Int32?

    /// Lints `folders` (paths as given, from `workingDirectory`) one after another, handing
    /// `report` each folder's diagnostics that no folder before it had.
    public init(folders: [String], workingDirectory: String, interruption: Interruption, report: ([Diagnostic]) -> Void) {
        let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
        var all: [Diagnostic] = []
        // Caught, as generation does, so that a signal stops the trial generation and its
        // temporary folder is removed rather than left in the temporary directory.
        stoppedBy = interruption.catching { () -> Int32? in
            for folder in folders {
                let found = TemplateLinter.lint(recipeFolder: URL(fileURLWithPath: folder, relativeTo: base), displayFolder: folder, interruption: interruption)
                if let signal = interruption.received { return signal }
                // A layer's lint repeats what the lint of a recipe using it finds in the layer: once is enough.
                let fresh = found.filter { !all.contains($0) }
                report(fresh)
                all += fresh
            }
            return nil
        }
        diagnostics = all
        templates = folders.count
    }

    public var errors: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warnings: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// `3 errors, 1 warning in 2 templates`: the line the lint ends with.
    public var summary: String { TemplateLinter.summary(of: diagnostics, templates: templates) }

    /// Why the lint ended early, said as an error; nil when it ran to its end.
    public var stopMessage: String? {
        stoppedBy.map { "lint interrupted by \(Interruption.name(of: $0)); nothing was left behind" }
    }

    /// What `lint --json` prints, with the exit code the command line chose.
    public func json(exitCode: Int32) -> String {
        PrettyJSON.text(Report(exitCode: exitCode, errors: errors, warnings: warnings, templates: templates, diagnostics: diagnostics.map(\.rendered), error: stopMessage))
    }
}
