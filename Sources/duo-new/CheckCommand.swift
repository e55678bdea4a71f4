import DuoNewKit
import Foundation

/// `duo-new check [folder]`: runs the checks of the recipe recorded in a project's
/// `.duo-new.json` in that project, with the output, counts and `--json` of a generation.
struct CheckCommand {
    let folder: String
    let options: CommonOptions
    let console: Console
    let context: CommandContext
    var report = GenerationReport()

    mutating func run() -> ExitCode {
        let code: ExitCode
        do {
            code = try check()
        } catch {
            for line in error.details { console.error(line) }
            console.error(console.errorStyle("error:", .red) + " " + error.message)
            report.error = error.message
            if !error.details.isEmpty { report.diagnostics = error.details }
            code = error.code
        }
        report.exitCode = code.rawValue
        if options.json { console.result(report.encoded()) }
        return code
    }

    private mutating func check() throws(Failure) -> ExitCode {
        let (project, record) = try ProjectRecordReader.read(folder, context: context)
        report.folder = project.path
        let recordedSource = context.environment[TemplateCatalog.environmentVariable] == nil ? record.templates?.url : nil
        let catalog = try context.catalog(option: options.templates ?? recordedSource, offline: options.offline)
        let loaded = try RecipeLoader.load(record.recipe, catalog: catalog, context: context)
        report.recipe = loaded.manifest.name
        report.version = loaded.manifest.version
        if loaded.manifest.version != record.version {
            console.say(console.style("note:", .yellow) + " the project was made from \(record.recipe) \(record.version); running the checks of \(loaded.manifest.version) ('duo-new update' brings the project to it)")
        }
        let checks = loaded.manifest.checks
        guard !checks.isEmpty else {
            console.say("\(record.recipe) declares no checks; nothing to run.")
            return .success
        }
        console.say(console.style("Checking \(folder)", .bold) + " with \(loaded.manifest.name) \(loaded.manifest.version)'s \(Formatting.plural(checks.count, "check"))")
        let failures = CheckSession.run(checks, in: project, console: console, report: &report)
        guard failures.isEmpty else {
            let message = "\(failures.count) of \(Formatting.plural(checks.count, "check")) did not pass in \(folder): \(failures.joined(separator: "; "))"
            console.error(console.errorStyle("error:", .red) + " " + message)
            report.error = message
            return .checkFailed
        }
        let all = checks.count == 1 ? "its check passed" : "all \(checks.count) checks passed"
        console.say(console.style("Checked \(folder)", .green) + "; \(all).")
        return .success
    }
}
