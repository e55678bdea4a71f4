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

    mutating func perform() throws(Failure) -> ExitCode {
        let folder = request.folder
        let recipes = RecordedRecipe(
            templates: request.common.templates, offline: request.common.offline, environment: context.environment,
            workingDirectory: context.workingDirectory, catalog: context.recipes.catalog
        )
        let project: URL
        let record: GenerationRecord
        let loaded: LoadedRecipe
        var lock: ProjectLock?
        defer { withExtendedLifetime(lock) {} }
        do throws(GenerationFailure) {
            project = try RecordedProject.folder(folder, workingDirectory: context.workingDirectory)
            report.folder = project.path
            // Shared: checks may run side by side, but not while an update changes the project.
            lock = try RecordedProject.lock(project.path, folder: folder, exclusive: false)
            record = try RecordedProject.record(in: project, shownAs: folder)
            try refuseUnfinishedUpdate(project.path)
            loaded = try recipes.load(record, project: project.path, shownAs: folder)
        } catch {
            throw Failure(error)
        }
        let manifest = loaded.manifest
        report.recipe = manifest.name
        report.version = manifest.version
        if let unknown = request.checkSelection.unknownOptIn(in: manifest.checks, recipe: manifest.name) {
            throw Failure(code: .usage, message: unknown)
        }
        noteVersion(record, manifest: manifest)
        let markers = markersCheck(record, project: project.path)
        let checks = manifest.checks
        guard !checks.isEmpty else {
            console.say("\(manifest.name) declares no checks; nothing to run.")
            guard let markers else { return .success }
            report.checkCounts = .init(passed: 0, failed: 1, skipped: 0)
            return failed(because: markers)
        }
        console.say(console.style("Checking \(folder)", .bold) + " with \(manifest.name) \(manifest.version)'s \(Formatting.plural(checks.count, "check"))")
        let pictures = LayoutPictures.prepare(request.picturesFolder, context: context)
        defer { if let pictures { LayoutPictures.report(in: pictures, console: console, report: &report) } }
        var selection = request.checkSelection
        let gate = CheckConsentGate(context: context, console: console, options: request.common)
        let recorded = recipes.recordedFolder(record).map { (folder: $0, tree: loaded.tree) }
        selection.consent = try gate.consent(recipe: manifest.name, checkout: loaded.checkout, recorded: recorded, checks: checks)
        var session = CheckSession(
            checks: checks, selection: selection, timeout: request.checkTimeout, console: console, context: context,
            adding: LayoutPictures.environment(for: pictures)
        )
        if let stopped = session.run(checks, in: project, report: &report) {
            throw Failure(
                code: .stopped(by: stopped.signal),
                message: "interrupted by \(Interruption.name(of: stopped.signal)) while the check '\(stopped.check)' ran; it was stopped"
            )
        }
        defer { session.printSkipped(folder: folder) }
        // The markers' check is counted with the recipe's in the report.
        if markers != nil { report.checkCounts?.failed += 1 }
        guard session.tally.succeeded else {
            return failed(because: ([session.tally.failureSummary] + [markers].compactMap { $0 }).joined(separator: "; "))
        }
        if let markers { return failed(because: markers) }
        let listed = session.tally.skipped > 0 ? " (listed below)" : ""
        console.say(console.style("Checked \(folder)", .green) + "; \(session.tally.summary)\(listed).")
        return .success
    }

    private mutating func failed(because reason: String) -> ExitCode {
        let message = "checked \(request.folder), but \(reason)"
        console.error("error:", .red, message)
        report.error = message
        return .checkFailed
    }

    /// When the recipe found is not at the recorded version: a newer one is what 'update' brings;
    /// an older one (or another recipe) is never recommended.
    private func noteVersion(_ record: GenerationRecord, manifest: Manifest) {
        let made = "the project was made from \(ProjectAccess.shown(record.recipe)) \(ProjectAccess.shown(record.version))"
        switch UpdateDirection.between(recordedName: record.recipe, recordedVersion: record.version, name: manifest.name, version: manifest.version) {
        case .same: return
        case .newer:
            console.say(console.style("note:", .yellow) + " \(made); running the checks of \(manifest.version) ('duo-new update' brings the project to it)")
        case let direction:
            let what = direction == .older ? "an older one" : "another recipe"
            console.say(console.style("note:", .yellow) + " \(made), and the recipe found is \(manifest.name) \(manifest.version), \(what); running its checks, which may not fit the project; '--templates' points at the recipe the project came from")
        }
    }

    /// Conflict markers an update left in the project's files, as a failed check of its own:
    /// its reason, or nil when there are none.
    private mutating func markersCheck(_ record: GenerationRecord, project: String) -> String? {
        let name = "conflict markers"
        let found = ConflictMarkerScan.scan(project: project, recorded: record.files ?? [:])
        guard !found.isEmpty else { return nil }
        let reason = "conflict markers from an update are still in \(ConflictMarkerScan.described(found)); settle them, then check again"
        console.say("  " + console.style("✗", .red) + " \(name) failed: \(reason)")
        report.checks.append(.init(name: name, status: "failed", exitCode: nil, passed: nil, failed: nil, seconds: 0, reason: reason))
        return reason
    }

    /// A project an update left half done (its journal is there) is neither as before nor as
    /// after: checks passing on it would say nothing (65).
    private func refuseUnfinishedUpdate(_ project: String) throws(GenerationFailure) {
        let leftover: UpdateApplier.Leftover
        do {
            leftover = try UpdateApplier.inspect(project: project)
        } catch {
            throw RecordedProject.failure(error)
        }
        guard case .unfinished = leftover else { return }
        throw GenerationFailure(
            .badValue,
            "an update of '\(request.folder)' did not finish ('\(UpdateApplier.workFolder)/\(UpdateApplier.journalFile)' is there), so the project is half updated; run 'duo-new update \(request.folder)' to undo it and update again, then check"
        )
    }
}
