import DuoNewKit
import Foundation

/// `duo-new check [folder]`: runs the checks of the recipe recorded in a project's
/// `.duo-new.json` in that project, with the switches, output, counts, skips and `--json` of a
/// generation's checks (the same `CheckSession`).
struct CheckCommand {
    let request: CheckRequest
    let console: Console
    let context: CommandContext
    var report = GenerationReport()

    mutating func run() -> ExitCode {
        let code: ExitCode
        do {
            code = try check()
        } catch {
            for line in error.details { console.error(line) }
            if error.code == .usage {
                // A `--with` name is checked against the recipe, after parsing; it reads like any usage error.
                UsageError.report(error.message, command: "check", on: console)
            } else {
                console.error(console.errorStyle("error:", .red) + " " + error.message)
            }
            report.error = error.message
            if !error.details.isEmpty { report.diagnostics = error.details }
            code = error.code
        }
        report.exitCode = code.rawValue
        if request.common.json { console.result(report.encoded()) }
        return code
    }

    private mutating func check() throws(Failure) -> ExitCode {
        let folder = request.folder
        let (project, record) = try ProjectRecordReader.read(folder, context: context)
        report.folder = project.path
        let recordedSource = context.environment[TemplateCatalog.environmentVariable] == nil ? record.templates?.url : nil
        let catalog = try context.catalog(option: request.common.templates ?? recordedSource, offline: request.common.offline)
        let loaded = try RecipeLoader.load(record.recipe, catalog: catalog, context: context)
        let manifest = loaded.manifest
        report.recipe = manifest.name
        report.version = manifest.version
        if let unknown = request.checkSelection.unknownOptIn(in: manifest.checks, recipe: manifest.name) {
            throw Failure(code: .usage, message: unknown)
        }
        if manifest.version != record.version {
            console.say(console.style("note:", .yellow) + " the project was made from \(record.recipe) \(record.version); running the checks of \(manifest.version) ('duo-new update' brings the project to it)")
        }
        let checks = manifest.checks
        guard !checks.isEmpty else {
            console.say("\(record.recipe) declares no checks; nothing to run.")
            return .success
        }
        console.say(console.style("Checking \(folder)", .bold) + " with \(manifest.name) \(manifest.version)'s \(Formatting.plural(checks.count, "check"))")
        var session = CheckSession(checks: checks, selection: request.checkSelection, timeout: request.checkTimeout, console: console, context: context)
        if let stopped = session.run(checks, in: project, report: &report) {
            throw Failure(
                code: .stopped(by: stopped.signal),
                message: "interrupted by \(CheckSession.signalName(stopped.signal)) while the check '\(stopped.check)' ran; it was stopped"
            )
        }
        defer { session.printSkipped(folder: folder) }
        guard session.tally.succeeded else {
            let message = "checked \(folder), but \(session.tally.failureSummary)"
            console.error(console.errorStyle("error:", .red) + " " + message)
            report.error = message
            return .checkFailed
        }
        let listed = session.tally.skipped > 0 ? " (listed below)" : ""
        console.say(console.style("Checked \(folder)", .green) + "; \(session.tally.summary)\(listed).")
        return .success
    }
}
