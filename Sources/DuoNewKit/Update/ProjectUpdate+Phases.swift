#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

// MARK: - The phases of an update, in the order `run` takes them.

extension ProjectUpdate {
    /// Every entry of the record as a fingerprint, or why the record cannot be used (65): written
    /// before hashes were kept, or naming a path below a symbolic link in the project.
    func recordedEntries(_ record: GenerationRecord, project: String) throws(GenerationFailure) -> [String: UpdatePlanner.Fingerprint] {
        let shown = "'\(request.folder)/\(Planner.recordFileName)'"
        guard record.files != nil else {
            throw GenerationFailure(
                .badValue,
                "\(shown) was written by a duo-new that did not record each file's hash (\(RecordedProject.shown(record.generator))), so 'update' cannot tell which files you edited and will not risk overwriting them; generate the project again into a new folder with the same values and compare, or copy the 'files' section from such a generation into the record if you know the project is unedited"
            )
        }
        // `RecordReader` has checked every mode, so this holds; the guard keeps it from a crash.
        guard let recorded = UpdatePlanner.Fingerprint.recorded(in: record) else {
            throw GenerationFailure(.badValue, "\(shown) records a mode that is not octal; it may have been edited by hand")
        }
        if let found = ProjectScan.firstBelowALink(project: project, paths: recorded.keys) {
            throw GenerationFailure(
                .badValue,
                "\(shown) lists '\(RecordedProject.shown(found.path))', but '\(RecordedProject.shown(found.link))' in the project is a symbolic link, and 'update' never follows a link out of the project; replace the link with the folder it stands for, or remove it, then update again"
            )
        }
        return recorded
    }

    /// The direction from the recorded recipe to the one found; an older version or another
    /// recipe is refused (65) unless `--allow-downgrade`.
    mutating func checkDirection(_ record: GenerationRecord, manifest: Manifest) throws(GenerationFailure) -> UpdateDirection {
        let direction = UpdateDirection.between(
            recordedName: record.recipe, recordedVersion: record.version, name: manifest.name, version: manifest.version
        )
        outcome.direction = direction
        guard direction.needsPermission, !request.allowDowngrade else { return direction }
        let from = "\(RecordedProject.shown(record.recipe)) \(RecordedProject.shown(record.version))"
        let what = direction == .older
            ? "an older version than the project's"
            : "another recipe than the project's"
        throw GenerationFailure(
            .badValue,
            "'\(request.folder)' was made from \(from), and the recipe found is \(manifest.name) \(manifest.version), \(what); nothing was changed; point --templates at the recipe the project came from, or pass --allow-downgrade to go to \(manifest.name) \(manifest.version) anyway"
        )
    }

    /// A secret, which the record never keeps: from `--set`, else its `env` variable; else refused
    /// with how to give it.
    private func secret(_ placeholder: Placeholder, key: String, given: [String: String]) throws(GenerationFailure) -> String {
        if let value = given[key] ?? GenerationPipeline.secretInVariable(placeholder, environment: world.environment)?.value ?? world.askSecret?(placeholder) {
            return value
        }
        let variable = placeholder.environment.map { ", or set the environment variable \($0)" } ?? ""
        throw GenerationFailure(
            .usage, "'\(key)' is a secret, which the project's record does not keep; give it again with --set \(key)=…\(variable); nothing was changed"
        )
    }

    /// Whether a recorded value is what `placeholder` starts from: a derived value is worked out
    /// again, a secret is never read from the record, and a `--set` replaces the recorded answer,
    /// so saying any of them is carried over would be untrue.
    private static func takesRecordedValue(_ placeholder: Placeholder, given: [String: String]) -> Bool {
        switch placeholder.source {
        case .derived: false
        case .setting(let key, _, _): !placeholder.secret && given[key] == nil
        case .appName, .bundleID, .generationDay: true
        }
    }

    /// The recorded values (a renamed placeholder's under its old name), `--set` changing them;
    /// a placeholder the recipe added since takes its `--set` value or its default, a derived
    /// value is worked out again, and a recorded day is kept.
    mutating func resolveValues(recipe: LoadedRecipe, record: GenerationRecord) throws(GenerationFailure) -> [String: String] {
        let manifest = recipe.manifest
        var appName = ""
        var bundleID = ""
        var recorded: [String: String] = [:]
        let given = Dictionary(request.settings.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        for placeholder in manifest.placeholders {
            // Under its name, else under the newest of its former names the record holds.
            let former = placeholder.renamedFrom.first { record.values[$0] != nil }
            let old = record.values[placeholder.name] ?? former.flatMap { record.values[$0] }
            if record.values[placeholder.name] == nil, let former, let carried = record.values[former],
               Self.takesRecordedValue(placeholder, given: given) {
                // The record is anyone's file, and this note comes before its values are checked.
                note("the placeholder \(former) is \(placeholder.name) in this version of the recipe; its recorded value '\(RecordedProject.shown(carried))' is carried over")
            }
            switch placeholder.source {
            case .appName: appName = old ?? ""
            case .bundleID: bundleID = old ?? ""
            case .derived: break
            case .setting(let key, _, _) where placeholder.secret:
                // Never from the record, which does not keep it; a fallback, so `ask-if` still rules.
                if given[key] == nil { recorded[placeholder.name] = try secret(placeholder, key: key, given: given) }
            case .setting, .generationDay: recorded[placeholder.name] = old
            }
        }
        // The record is anyone's file: its AppName and bundle id meet generation's rules before
        // anything is stamped with them, as typed ones would.
        do {
            try GenerationPipeline.checkNames(appName: appName, bundleID: bundleID, recipe: recipe)
        } catch {
            throw GenerationFailure(error.kind, "the project's record ('\(Planner.recordFileName)') holds a name generation refuses: \(error.message)")
        }
        let values: [String: String]
        do {
            // The settings as given, so a key the recipe does not declare, a key given twice and
            // a value too long are refused as generation refuses them.
            values = try PlaceholderValues.resolve(
                manifest: manifest, appName: appName, bundleID: bundleID, settings: request.settings, fallbacks: recorded,
                today: world.today ?? GenerationClock.today(environment: world.environment)
            )
        } catch {
            // As generation words and grades it: a rule broken or a value too long 65, a key
            // the recipe does not declare 64.
            throw GenerationPipeline.failure(error)
        }
        for placeholder in manifest.placeholders {
            guard case .generationDay(let form) = placeholder.source, let kept = recorded[placeholder.name],
                  let value = values[placeholder.name], value != kept else { continue }
            let shown = RecordedProject.shown(kept)
            note(form == .year
                ? "the placeholder \(placeholder.name) is a year in this version of the recipe; it takes the year of the recorded day '\(shown)', \(value)"
                : "the placeholder \(placeholder.name) is a day in this version of the recipe, and the recorded year '\(shown)' cannot say which; it takes today's, \(value)")
        }
        // A recorded answer to a question the values no longer ask is dropped for the default, as
        // generation would take it; said, since the answer was the user's and the record loses it.
        for placeholder in manifest.placeholders where !placeholder.secret {
            guard let key = placeholder.settingKey, let askIf = placeholder.askIf, !askIf.condition.holds(for: values),
                  let kept = recorded[placeholder.name], let value = values[placeholder.name], value != kept else { continue }
            note("the recorded answer '\(RecordedProject.shown(kept))' of '\(key)' is left out: the recipe asks for it only when '\(askIf.text)', which does not hold now, so it takes '\(value)'")
        }
        // A value given anew changes the record, if no file: the update is not "already up to date".
        outcome.valuesChanged = manifest.withoutSecrets(values) != record.values
        for placeholder in manifest.placeholders where recorded[placeholder.name] == nil && !placeholder.secret {
            guard let key = placeholder.settingKey, let value = values[placeholder.name] else { continue }
            outcome.newValues[placeholder.name] = value
            if given[key] == nil { events(.newValue(placeholder: placeholder.name, key: key, value: value)) }
        }
        return values
    }

    /// Writes the new version of the project into `work`'s staged folder; returns each entry's
    /// fingerprint (its files, links and empty folders). `secretFiles` (`SecretHolders`) are not
    /// kept as bases.
    func stage(
        _ plan: Plan, recipe: LoadedRecipe, values: [String: String], work: String, secretFiles: Set<String>
    ) throws(GenerationFailure) -> [String: UpdatePlanner.Fingerprint] {
        let stagedPath = work + "/" + UpdateApplier.stagedFolder
        let destination: Destination
        do {
            destination = try Destination.inspect(stagedPath, workingDirectory: world.workingDirectory)
        } catch {
            // Said as the update's, not as a generation's "cannot create the project".
            var reason = error.message
            if case .destinationUnusable(_, let why) = error { reason = why }
            guard !request.dryRun else {
                throw GenerationFailure(.io, "cannot stage the dry run in a temporary folder: \(reason); the project was not changed")
            }
            let writable = access((work as NSString).deletingLastPathComponent, W_OK | X_OK) == 0
            let advice = writable ? "" : "; make '\(request.folder)' writable (chmod u+w), then update again"
            throw GenerationFailure(
                .io, "cannot stage the update in '\(UpdateApplier.workFolder)/\(UpdateApplier.stagedFolder)' inside '\(request.folder)': \(reason)\(advice); the project was not changed"
            )
        }
        let prepared = GenerationPipeline.Prepared(
            recipe: recipe, values: values, plan: plan, destination: destination, treePaths: recipe.tree.sources.map(\.treeDisplay)
        )
        do {
            _ = try world.interruption.catching { () throws(GenerationFailure) -> ProjectWriter.Summary in
                try GenerationPipeline.write(prepared, generator: world.generator, interruption: world.interruption)
            }
        } catch {
            TreeRemover.remove(work)
            switch error.kind {
            case .interrupted: throw GenerationFailure(error.kind, "interrupted while preparing the update; the project was not changed")
            case .brokenRecipe: throw error
            default: throw GenerationFailure(.io, error.message + "; the project was not changed")
            }
        }
        guard let data = FileManager.default.contents(atPath: stagedPath + "/" + Planner.recordFileName),
              let staged = try? GenerationRecord.decode(data) else {
            TreeRemover.remove(work)
            throw GenerationFailure(.io, "cannot read back the staged record; the project was not changed")
        }
        // The bases of the next update's line merges; a dry run keeps nothing.
        if !request.dryRun, let store = BaseStore.locate(environment: world.environment) {
            store.keep(staged.files ?? [:], from: stagedPath, leavingOut: secretFiles)
        }
        return UpdatePlanner.Fingerprint.recorded(in: staged) ?? [:]
    }

    /// The steps of the update, from the project as it is now and the staged tree in `work`,
    /// and what the project held at each path planned from (`seen`: the apply moves nothing aside
    /// that is not still that).
    func planSteps(
        project: String, work: String, recorded: [String: UpdatePlanner.Fingerprint], staged: [String: UpdatePlanner.Fingerprint]
    ) throws(GenerationFailure) -> (steps: [UpdatePlanner.Step], seen: [String: UpdatePlanner.Current]) {
        do throws(UpdateApplier.ApplyError) {
            let current = try ProjectScan.current(project: project, paths: Set(recorded.keys).union(staged.keys), interruption: world.interruption)
            let aliases = ProjectScan.caseAliases(project: project, recorded: recorded.keys, new: staged.keys.filter { recorded[$0] == nil })
            let steps = UpdatePlanner.steps(recorded: recorded, current: current, new: staged, aliases: aliases) { folder in
                ProjectScan.entries(project: project, folder: folder)
            }
            return (steps, current)
        } catch {
            TreeRemover.remove(work)
            if case .interrupted(let signal) = error {
                throw GenerationFailure(.interrupted(signal: signal), "interrupted while preparing the update; the project was not changed")
            }
            throw GenerationFailure(.io, error.message)
        }
    }

    /// Carries the steps out with a journal; the work folder goes unless the observer stopped
    /// the apply (the journal is left for the next run). `seen`: what the plan saw (`planSteps`).
    func apply(_ steps: [UpdatePlanner.Step], project: String, seen: [String: UpdatePlanner.Current]) throws(GenerationFailure) {
        let operations: [UpdateApplier.Operation]
        var spelt = ProjectScan.Spelt(project: project)
        do {
            operations = try UpdateApplier.operations(
                for: steps,
                // As spelt: on a disk that ignores case, a folder the recipe now spells otherwise
                // is made again in that spelling after the removals took the old one.
                exists: { spelt.exists($0) },
                digest: { (path: String) throws(GenerationFailure) -> String in
                    guard let digest = ProjectScan.digest(project + "/" + path) else {
                        throw GenerationFailure(.io, "cannot read back the staged '\(DisplayPath.escaped(path))'; the project was not changed")
                    }
                    return digest
                },
                mode: { ProjectScan.folderMode(project: project, folder: $0) }
            )
        } catch {
            // Before the apply: nothing was moved into the backup yet.
            TreeRemover.remove(project + "/" + UpdateApplier.workFolder)
            throw error
        }
        do {
            try UpdateApplier(project: project, operations: operations, seen: seen).apply(interruption: world.interruption, observer: world.observer)
        } catch {
            if case .stopped = error { throw GenerationFailure(.io, error.message) }
            // Rolled back: the work folder goes, unless its backup keeps what could not be put back.
            do {
                try UpdateApplier.removeWorkFolder(project: project)
            } catch {
                // A folder that cannot be removed is harmless: the next update removes it.
                if case .notPutBack = error { throw RecordedProject.failure(error) }
            }
            throw RecordedProject.failure(error)
        }
    }

    /// Between the phases before the apply: a signal caught meanwhile ends the update with the
    /// project untouched.
    func stopIfInterrupted(_ work: String) throws(GenerationFailure) {
        guard let signal = world.interruption.received else { return }
        TreeRemover.remove(work)
        throw GenerationFailure(.interrupted(signal: signal), "interrupted while preparing the update; the project was not changed")
    }
}
