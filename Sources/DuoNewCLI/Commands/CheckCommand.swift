import DuoNewCore
import DuoNewKit
import Foundation

/// `duo-new check [folder]`: runs the checks of the recipe recorded in a project's
/// `.duo-new.json` in that project, with the switches, output, counts, skips and `--json` of a
/// generation's checks (the same `CheckSession`).
struct CheckCommand: ReportingCommand {
    let request: CheckRequest
    let console: Console
    let context: CommandContext
    var report = GenerationReport()

    static let commandWord: String? = "check"
    var printsReport: Bool { request.common.json }

    mutating func perform() throws(CommandFailure) -> ExitCode {
        let folder = request.folder
        try LayoutPictures.refuseUnusable(request.picturesFolder, workingDirectory: context.workingDirectory)
        let recipes = RecordedRecipe(
            templates: request.common.templates, offline: request.common.offline, environment: context.environment,
            workingDirectory: context.workingDirectory, catalog: context.recipes.catalog
        )
        let opened = try CommandFailure.from { () throws(GenerationFailure) in
            try ProjectCheck(folder: folder, recipes: recipes, selection: request.checkSelection)
        }
        // The project's lock lives as long as `opened`: to the last check.
        defer { withExtendedLifetime(opened) {} }
        let project = opened.project
        let manifest = opened.recipe.manifest
        report.folder = project.path
        report.recipe = manifest.name
        report.version = manifest.version
        noteVersion(opened)
        let checks = manifest.checks
        if checks.isEmpty {
            console.say("\(manifest.name) declares no checks; nothing to run.")
        } else {
            console.say(console.heading("Checking \(ShellQuoting.argument(folder))", then: " with \(manifest.name) \(manifest.version)'s \(Formatting.plural(checks.count, "check"))"))
        }
        // Under the heading: the markers' check is one of the project's checks.
        if let markers = opened.markersReason {
            console.say(console.verdict("✗", .red, "\(ProjectCheck.markersCheckName) failed: \(DisplayPath.escaped(markers))"))
            report.checks.append(.withoutRun(ProjectCheck.markersCheckName, status: "failed", reason: markers))
        }
        guard !checks.isEmpty else { return opened.markers.isEmpty ? .success : ended(opened.counted(CheckTally(total: 0))) }
        let pictures = LayoutPictures(request.picturesFolder, workingDirectory: context.workingDirectory)
        defer { pictures?.report(console: console, report: &report) }
        var selection = request.checkSelection
        let gate = CheckConsentGate(context: context, console: console, options: request.common)
        selection.consent = try gate.consent(opened.recipe, recorded: opened.recordedFolder, checks: checks)
        var checkRun = CheckRun(
            checks: checks, selection: selection, timeout: request.checkTimeout,
            environment: context.environment.merging(pictures?.environment ?? [:]) { _, added in added }, interruption: context.interruption
        )
        if let stopped = CheckSession(console: console).run(&checkRun, checks, in: project, report: &report) {
            throw CommandFailure(code: .stopped(by: stopped.signal), message: stopped.sentence)
        }
        defer { CheckSession.printSkipped(checkRun.tally, folder: folder, on: console) }
        return ended(opened.counted(checkRun.tally))
    }

    /// Every check had its turn: the counts (the markers' check with the recipe's), then the
    /// verdict line or the error.
    private mutating func ended(_ counted: (tally: CheckTally, failure: String?)) -> ExitCode {
        report.checkCounts = .init(counted.tally)
        if let failure = counted.failure { return failed(because: failure) }
        let listed = counted.tally.skipped > 0 ? " (listed below)" : ""
        console.say(console.styled("Checked \(ShellQuoting.argument(request.folder))", .green, then: "; \(counted.tally.summary)\(listed)."))
        return .success
    }

    private mutating func failed(because reason: String) -> ExitCode {
        let message = "checked \(ShellQuoting.argument(request.folder)), but \(reason)"
        console.error("error:", .red, message)
        report.error = message
        return .checkFailed
    }

    /// When the recipe found is not at the recorded version: a newer one is what 'update' brings;
    /// an older one (or another recipe) is never recommended.
    private func noteVersion(_ opened: ProjectCheck) {
        let record = opened.record
        let manifest = opened.recipe.manifest
        let made = "the project was made from \(DisplayPath.escaped(record.recipe)) \(DisplayPath.escaped(record.version))"
        switch opened.direction {
        case .same: return
        case .newer:
            console.say(console.styled("note:", .yellow, then: " \(made); running the checks of \(manifest.version) ('duo-new update' brings the project to it)"))
        case let direction:
            let what = direction == .older ? "an older one" : "another recipe"
            console.say(console.styled("note:", .yellow, then: " \(made), and the recipe found is \(manifest.name) \(manifest.version), \(what); running its checks, which may not fit the project; '--templates' points at the recipe the project came from"))
        }
    }
}
