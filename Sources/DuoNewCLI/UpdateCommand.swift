import DuoNewCore
import DuoNewKit
import Foundation

/// `duo-new update [folder]`: regenerates the recorded recipe with the recorded values inside the
/// project (`.duo-new-update/new`), decides file by file what to do (`UpdatePlanner`), then
/// applies the plan with a journal (`UpdateApplier`). The record is replaced last.
struct UpdateCommand: ReportingCommand {
    let request: UpdateRequest
    let console: Console
    let context: CommandContext
    var report = UpdateReport()

    init(request: UpdateRequest, console: Console, context: CommandContext) {
        self.request = request
        self.console = console
        self.context = context
    }

    static let commandWord: String? = "update"
    var printsReport: Bool { request.common.json }

    mutating func perform() throws(Failure) -> ExitCode {
        let project = try ProjectRecordReader.project(request.folder, context: context).path
        report.folder = project
        // Taken before the record is read and held to the end: a second update, or a check, of
        // this project meanwhile is refused, and the record read is the one this update replaces.
        let lock = try ProjectAccess.lock(project, folder: request.folder, exclusive: !request.dryRun)
        defer { withExtendedLifetime(lock) {} }
        let record = try ProjectRecordReader.record(in: URL(fileURLWithPath: project, isDirectory: true), shownAs: request.folder)
        report.recipe = record.recipe
        report.fromVersion = record.version
        let recorded = try recordedEntries(record, project: project)
        if request.dryRun {
            guard try describeEarlierUpdate(project) else { return .success }
        } else {
            try recoverEarlierUpdate(project)
        }
        warnAboutUncommittedChanges(project)
        warnAboutLeftoverMarkers(record, project: project)

        // The recipes a git source was recorded from are fetched again from it, unless told otherwise.
        let loaded = try RecipeLoader.loadRecorded(record, project: project, shownAs: request.folder, options: request.common, context: context)
        let manifest = loaded.manifest
        report.toVersion = manifest.version
        let direction = try checkDirection(record, manifest: manifest)
        console.say(console.style("Updating \(request.folder)", .bold) + " from \(ProjectAccess.shown(record.recipe)) \(ProjectAccess.shown(record.version)) to \(manifest.name) \(manifest.version) (\(Self.describe(direction)))")
        let values = try resolveValues(manifest: manifest, record: record)
        let plan: Plan
        do throws(GenerationFailure) {
            let listing = try RecipeLoading.readListing(loaded, recipe: record.recipe)
            plan = try GenerationPipeline.plan(listing: listing, recipe: loaded, values: values, name: record.recipe)
        } catch {
            throw Failure(error)
        }

        // Signals are caught from the first staged write to the last operation, with no gap
        // between the phases in which one would end duo-new with the work folder left behind.
        // A dry run stages outside the project, in a temporary folder, so it writes nothing there.
        let work = request.dryRun
            ? FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-update-\(UUID().uuidString)").path
            : project + "/" + UpdateApplier.workFolder
        let finished = try context.interruption.catching { () throws(Failure) -> Bool in
            defer { if request.dryRun { TreeRemover.remove(work) } }
            let staged = try stage(plan, recipe: loaded, values: values, work: work)
            let planned = try planSteps(project: project, work: work, recorded: recorded, staged: staged)
            let steps = try mergeConflicts(planned, record: record, recorded: recorded, project: project, work: work, manifest: manifest)
            try stopIfInterrupted(work)
            report.steps = steps.filter { $0.action != .unchanged }.map { UpdateReport.Step(path: $0.path, action: $0.action.rawValue) }
            report.conflicts = steps.filter { $0.action == .conflict }.map(\.conflictPath)
            report.marked = steps.filter { $0.action == .conflictMarked }.map(\.path)
            printPlan(steps)
            if request.dryRun {
                report.dryRun = true
                console.say("Nothing written (--dry-run).")
                return false
            }
            try stopIfInterrupted(work)
            try apply(steps, project: project)
            return true
        }
        guard finished else { return .success }
        return finish(record: record, manifest: manifest)
    }

    // MARK: - Phases

    /// Every entry of the record as a fingerprint, or why the record cannot be used (65): written
    /// before hashes were kept, or naming a path below a symbolic link in the project.
    private func recordedEntries(_ record: GenerationRecord, project: String) throws(Failure) -> [String: UpdatePlanner.Fingerprint] {
        let shown = "'\(request.folder)/\(Planner.recordFileName)'"
        guard record.files != nil else {
            throw Failure(
                code: .badValue,
                message: "\(shown) was written by a duo-new that did not record each file's hash (\(ProjectAccess.shown(record.generator))), so 'update' cannot tell which files you edited and will not risk overwriting them; generate the project again into a new folder with the same values and compare, or copy the 'files' section from such a generation into the record if you know the project is unedited"
            )
        }
        // `RecordReader` has checked every mode, so this holds; the guard keeps it from a crash.
        guard let recorded = UpdatePlanner.Fingerprint.recorded(in: record) else {
            throw Failure(code: .badValue, message: "\(shown) records a mode that is not octal; it may have been edited by hand")
        }
        if let found = ProjectScan.firstBelowALink(project: project, paths: recorded.keys) {
            throw Failure(
                code: .badValue,
                message: "\(shown) lists '\(ProjectAccess.shown(found.path))', but '\(ProjectAccess.shown(found.link))' in the project is a symbolic link, and 'update' never follows a link out of the project; replace the link with the folder it stands for, or remove it, then update again"
            )
        }
        return recorded
    }

    /// The steps of the update, from the project as it is now and the staged tree in `work`.
    private func planSteps(
        project: String, work: String, recorded: [String: UpdatePlanner.Fingerprint], staged: [String: UpdatePlanner.Fingerprint]
    ) throws(Failure) -> [UpdatePlanner.Step] {
        do throws(UpdateApplier.Failure) {
            let current = try ProjectScan.current(project: project, paths: Set(recorded.keys).union(staged.keys))
            return UpdatePlanner.steps(recorded: recorded, current: current, new: staged) { folder in
                ProjectScan.entries(project: project, folder: folder)
            }
        } catch {
            TreeRemover.remove(work)
            throw Failure(code: .ioError, message: error.message)
        }
    }

    /// The last words: exit 1 when conflicts were left to settle.
    private mutating func finish(record: GenerationRecord, manifest: Manifest) -> ExitCode {
        let conflicts = report.conflicts.count + report.marked.count
        if conflicts > 0 {
            var ways: [String] = []
            if !report.conflicts.isEmpty { ways.append("merge each '\(UpdatePlanner.conflictSuffix)' file into the file beside it, then remove it") }
            if !report.marked.isEmpty {
                let found = report.marked.map { ConflictMarkerScan.Found(path: $0, lines: report.conflictLines[$0] ?? []) }
                ways.append("settle the conflict markers in \(ConflictMarkerScan.described(found))")
            }
            let message = "updated \(request.folder) to \(record.recipe) \(manifest.version) with \(Formatting.plural(conflicts, "conflict")): \(ways.joined(separator: "; "))"
            console.error(console.errorStyle("warning:", .yellow) + " " + message)
            report.error = message
            return .checkFailed
        }
        console.say(console.style("Updated \(request.folder)", .green) + " to \(record.recipe) \(manifest.version).")
        return .success
    }

    private mutating func warnAboutUncommittedChanges(_ project: String) {
        // The project's own git config (with what it includes) is not trusted to run a command
        // (`ProjectGitStatus`, docs/security.md).
        let note: String
        switch ProjectGitStatus.of(project, environment: context.environment) {
        case .clean, .unknown: return
        case .uncommittedChanges:
            note = "the project has uncommitted changes in git; commit them first if you want 'git diff' to show only what the update changes"
        case .notAsked(let setting):
            note = "the project's git config sets filter drivers ('\(DisplayPath.escaped(setting))'), and duo-new runs no command a project's config names, so it did not ask git about uncommitted changes"
        }
        report.warnings.append(note)
        console.error(console.errorStyle("warning:", .yellow) + " " + note)
    }

    /// The recorded values; a placeholder the recipe added since takes its `--set` value or its default.
    private mutating func resolveValues(manifest: Manifest, record: GenerationRecord) throws(Failure) -> [String: String] {
        var appName = ""
        var bundleID = ""
        var settings: [(key: String, value: String)] = []
        let given = Dictionary(request.settings.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        for placeholder in manifest.placeholders {
            switch placeholder.source {
            case .appName: appName = record.values[placeholder.name] ?? ""
            case .bundleID: bundleID = record.values[placeholder.name] ?? ""
            case .setting(let key, let defaultValue, _):
                if let value = given[key] {
                    settings.append((key, value))
                } else if let value = record.values[placeholder.name] {
                    settings.append((key, value))
                } else if let defaultValue {
                    report.newValues[placeholder.name] = defaultValue
                    console.say("  new placeholder \(placeholder.name) ('\(key)') takes its default '\(defaultValue)'; '--set \(key)=…' chooses another")
                }
                if given[key] != nil, record.values[placeholder.name] == nil { report.newValues[placeholder.name] = given[key] }
            }
        }
        let unknown = given.keys.filter { key in
            !manifest.placeholders.contains { if case .setting(key, _, _) = $0.source { true } else { false } }
        }
        if let key = unknown.sorted().first {
            throw Failure(code: .usage, message: "the recipe '\(manifest.name)' declares no '--set' key '\(key)'")
        }
        do {
            return try PlaceholderValues.resolve(manifest: manifest, appName: appName, bundleID: bundleID, settings: settings)
        } catch {
            if case .invalidValue(let nameError) = error {
                throw Failure(code: .badValue, message: "\(error.message) [\(nameError.rule)]")
            }
            throw Failure(code: .usage, message: error.message)
        }
    }

    /// Writes the new version of the project into `.duo-new-update/new`; returns each file's fingerprint.
    private func stage(_ plan: Plan, recipe: LoadedRecipe, values: [String: String], work: String) throws(Failure) -> [String: UpdatePlanner.Fingerprint] {
        let stagedPath = work + "/" + UpdateApplier.stagedFolder
        let destination: Destination
        do {
            destination = try Destination.inspect(stagedPath, workingDirectory: context.workingDirectory)
        } catch {
            throw Failure(code: .ioError, message: error.message)
        }
        let prepared = GenerationPipeline.Prepared(
            recipe: recipe, values: values, plan: plan, destination: destination, treePaths: recipe.tree.sources.map(\.treeDisplay)
        )
        do {
            _ = try context.interruption.catching { () throws(GenerationFailure) -> ProjectWriter.Summary in
                try GenerationPipeline.write(prepared, generator: "duo-new \(Help.version)", interruption: context.interruption)
            }
        } catch {
            TreeRemover.remove(work)
            switch error.kind {
            case .interrupted(let signal): throw Failure(code: .stopped(by: signal), message: "interrupted while preparing the update; the project was not changed")
            case .brokenRecipe: throw Failure(error)
            default: throw Failure(code: .ioError, message: error.message + "; the project was not changed")
            }
        }
        guard let data = FileManager.default.contents(atPath: stagedPath + "/" + Planner.recordFileName),
              let staged = try? GenerationRecord.decode(data) else {
            TreeRemover.remove(work)
            throw Failure(code: .ioError, message: "cannot read back the staged record; the project was not changed")
        }
        // The bases of the next update's line merges; a dry run keeps nothing.
        if !request.dryRun, let store = BaseStore.locate(environment: context.environment) {
            store.keep(staged.files ?? [:], from: stagedPath)
        }
        // Every entry the staged recipe makes: its files, links and empty folders.
        return UpdatePlanner.Fingerprint.recorded(in: staged) ?? [:]
    }

    private func apply(_ steps: [UpdatePlanner.Step], project: String) throws(Failure) {
        let operations = UpdateApplier.operations(
            for: steps,
            exists: { path in
                FileManager.default.fileExists(atPath: project + "/" + path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: project + "/" + path)) != nil
            },
            digest: { ProjectScan.digest(project + "/" + $0) },
            mode: { ProjectScan.folderMode(project: project, folder: $0) }
        )
        let applier = UpdateApplier(project: project, operations: operations)
        do {
            try applier.apply(interruption: context.interruption, observer: context.updateObserver)
        } catch {
            switch error {
            case .interrupted(let signal):
                removeWorkFolder(project)
                throw Failure(code: .stopped(by: signal), message: error.message)
            case .stopped:
                throw Failure(code: .ioError, message: error.message)
            case .io, .refused:
                removeWorkFolder(project)
                throw Failure(code: .ioError, message: error.message)
            }
        }
    }

    /// Between the phases before the apply: a signal caught meanwhile ends the update with the
    /// project untouched.
    private func stopIfInterrupted(_ work: String) throws(Failure) {
        guard let signal = context.interruption.received else { return }
        TreeRemover.remove(work)
        throw Failure(code: .stopped(by: signal), message: "interrupted while preparing the update; the project was not changed")
    }

    private func removeWorkFolder(_ project: String) {
        TreeRemover.remove(project + "/" + UpdateApplier.workFolder)
    }

    private func printPlan(_ steps: [UpdatePlanner.Step]) {
        let lines: [UpdatePlanner.Action: (word: String, note: String)] = [
            .replace: ("replace", ""), .add: ("add", ""), .remove: ("remove", ""),
            .removeFolder: ("remove", "  (a folder the removals left empty)"),
            .conflict: ("conflict", "  (yours kept; the recipe's new version is in NAME.duo-new)"),
            .merge: ("merge", "  (your edits and the recipe's, on different lines)"),
            .conflictMarked: ("conflict", "  (both changed the same lines: marked in the file)"),
            .keepEdited: ("keep", "  (you edited it; the recipe's version did not change)"),
            .keepDropped: ("keep", "  (you edited it; the recipe no longer has it)"),
            .userDeleted: ("not restored", "  (you deleted it; the recipe still has it)"),
        ]
        var counts: [UpdatePlanner.Action: Int] = [:]
        for step in steps {
            counts[step.action, default: 0] += 1
            guard let line = lines[step.action], !request.common.json else { continue }
            let note = line.note.replacingOccurrences(of: "NAME.duo-new", with: ProjectAccess.shown(step.conflictPath))
            let shown = ProjectAccess.shown(step.action == .removeFolder ? step.path + "/" : step.path)
            console.result("  \(line.word.padding(toLength: 13, withPad: " ", startingAt: 0)) \(shown)\(note)")
        }
        let order: [UpdatePlanner.Action] = [
            .replace, .merge, .add, .remove, .removeFolder, .conflict, .conflictMarked, .keepEdited, .keepDropped, .userDeleted, .unchanged,
        ]
        let summary = order.compactMap { action in counts[action].map { "\($0) \(action.rawValue)" } }.joined(separator: ", ")
        console.say("  plan: \(summary.isEmpty ? "nothing to do" : summary)")
    }
}

/// The one JSON object `update --json` prints.
struct UpdateReport: CommandReport {
    struct Step: Encodable {
        var path: String
        /// `replace`, `merge`, `add`, `remove`, `remove-folder`, `conflict`, `conflict-marked`,
        /// `keep-edited`, `keep-dropped` or `user-deleted`.
        var action: String
    }

    var exitCode: Int32 = 0
    var recipe: String?
    var fromVersion: String?
    var toVersion: String?
    /// `newer`, `same`, `older` or `other-recipe` (`UpdateDirection`).
    var direction: String?
    var folder: String?
    var dryRun = false
    /// Every file the update changes or leaves on purpose; unchanged files are left out.
    var steps: [Step] = []
    /// The `NAME.duo-new` files written beside files both sides changed.
    var conflicts: [String] = []
    /// The files merged with conflict markers in them, and the line of each `<<<<<<<`.
    var marked: [String] = []
    var conflictLines: [String: [Int]] = [:]
    /// Placeholders new in the recipe and the values they took.
    var newValues: [String: String] = [:]
    /// What was found of an earlier update that did not finish: `rolled-back`, `finished`,
    /// `staging`; with `--dry-run`, what the real update would do: `would-roll-back`,
    /// `would-remove-finished`, `would-remove-staging`.
    var recovered: String?
    var warnings: [String] = []
    var error: String?
    var diagnostics: [String]?
}
