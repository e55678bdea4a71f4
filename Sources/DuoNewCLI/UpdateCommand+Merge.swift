import DuoNewCore
import DuoNewKit

/// What `update` adds to its plan: which way it goes, line merges of files both sides changed
/// (their bases from the store, or made again from a git source's recorded commit), and the
/// conflict markers an earlier update left.
extension UpdateCommand {
    /// The direction from the recorded recipe to the one found; an older version or another
    /// recipe is refused (65) before anything is staged, unless `--allow-downgrade`.
    mutating func checkDirection(_ record: GenerationRecord, manifest: Manifest) throws(Failure) -> UpdateDirection {
        let direction = UpdateDirection.between(
            recordedName: record.recipe, recordedVersion: record.version, name: manifest.name, version: manifest.version
        )
        report.direction = direction.rawValue
        guard direction.needsPermission, !request.allowDowngrade else { return direction }
        let from = "\(ProjectAccess.shown(record.recipe)) \(ProjectAccess.shown(record.version))"
        let what = direction == .older
            ? "an older version than the project's"
            : "another recipe than the project's"
        throw Failure(
            code: .badValue,
            message: "'\(request.folder)' was made from \(from), and the recipe found is \(manifest.name) \(manifest.version), \(what); nothing was changed; point --templates at the recipe the project came from, or pass --allow-downgrade to go to \(manifest.name) \(manifest.version) anyway"
        )
    }

    /// `(newer)`, `(a downgrade, as --allow-downgrade asks)`: for the first line.
    static func describe(_ direction: UpdateDirection) -> String {
        switch direction {
        case .newer: "a newer version"
        case .same: "the same version"
        case .older: "an older version: a downgrade, as --allow-downgrade asks"
        case .otherRecipe: "another recipe, as --allow-downgrade asks"
        }
    }

    /// Merges line by line the conflicts that can be, writing the merged text over the staged
    /// files; the bases come from the store in the user's cache (`BaseStore`). Refuses (73,
    /// the work folder removed) when something of the user's stands where a conflict's new
    /// version would be written.
    mutating func mergeConflicts(
        _ steps: [UpdatePlanner.Step], record: GenerationRecord, recorded: [String: UpdatePlanner.Fingerprint], project: String, work: String,
        manifest: Manifest
    ) throws(Failure) -> [UpdatePlanner.Step] {
        let store = BaseStore.locate(environment: context.environment)
        var pack = store?.pack(for: record.files ?? [:])
        let markers = !request.conflictsBeside
        let labels = LineMerge.Labels(ours: "yours", theirs: "\(manifest.name) \(manifest.version)")
        let merge = { (steps: [UpdatePlanner.Step]) in
            UpdateMerge.merge(
                steps, recorded: recorded, project: project, staged: work + "/" + UpdateApplier.stagedFolder,
                labels: labels, markers: markers, base: { pack?.bytes(for: $0) }
            )
        }
        var outcome = merge(steps)
        if !outcome.withoutBase.isEmpty, regenerateBases(record) {
            pack = store?.pack(for: record.files ?? [:])
            let marked = outcome.markedLines
            outcome = merge(outcome.steps)
            outcome.markedLines.merge(marked) { new, _ in new }
        }
        report.conflictLines = outcome.markedLines
        if !outcome.occupiedBeside.isEmpty {
            TreeRemover.remove(work)
            let found = outcome.occupiedBeside.map { "'\(ProjectAccess.shown($0.path))' is \($0.what)" }.joined(separator: "; ")
            throw Failure(
                code: .destinationUnusable,
                message: "\(found); an update writes the recipe's new version of a file both sides changed there, and never replaces what is yours nor writes through a link; move \(outcome.occupiedBeside.count == 1 ? "it" : "them") out of the way (or merge and remove \(outcome.occupiedBeside.count == 1 ? "it" : "them")), then update again; nothing was changed"
            )
        }
        for path in outcome.earlierBeside {
            let shown = ProjectAccess.shown(path)
            let note = "'\(shown)\(UpdatePlanner.conflictSuffix)' still holds the recipe's version an earlier update left beside '\(shown)', unsettled, so '\(shown)' is not merged line by line (it does not hold that version's changes); the new version replaces it there: merge it into '\(shown)', then remove it"
            report.warnings.append(note)
            console.say("  note: " + note)
        }
        if !outcome.tooLarge.isEmpty {
            let names = outcome.tooLarge.map { "'\(ProjectAccess.shown($0))'" }.joined(separator: ", ")
            let note = "\(names) \(outcome.tooLarge.count == 1 ? "is" : "are") larger than \(MergeableText.largestFile / (1 << 20)) MiB, the largest file duo-new merges line by line, so \(outcome.tooLarge.count == 1 ? "it is" : "they are") treated as whole files"
            report.warnings.append(note)
            console.say("  note: " + note)
        }
        if !outcome.withoutBase.isEmpty {
            let names = outcome.withoutBase.map { "'\(ProjectAccess.shown($0))'" }.joined(separator: ", ")
            let note = "no base was kept for \(names) (the bytes generation wrote, which a line merge needs), so \(outcome.withoutBase.count == 1 ? "it is" : "they are") treated as whole files"
            report.warnings.append(note)
            console.say("  note: " + note)
        }
        return outcome.steps
    }

    /// Warns (and goes on) when files of the project still hold conflict markers.
    mutating func warnAboutLeftoverMarkers(_ record: GenerationRecord, project: String) {
        let found = ConflictMarkerScan.scan(project: project, recorded: record.files ?? [:])
        guard !found.isEmpty else { return }
        let warning = "conflict markers from an earlier update are still in \(ConflictMarkerScan.described(found)); settle them (keep what you want between '<<<<<<<' and '>>>>>>>', remove the markers), or this update counts the marked text as your edit"
        report.warnings.append(warning)
        console.error(console.errorStyle("warning:", .yellow) + " " + warning)
    }
}

extension UpdateCommand {
    /// For a recipe from git, the bases the store lacks are made again: the recipe at the
    /// recorded commit, generated with the recorded values, packed in place of the record's
    /// pack, each file kept only when its digest is the recorded one. True when it kept any.
    /// Best effort: a commit that cannot be fetched (or `--offline` without it in the cache)
    /// leaves those files whole.
    func regenerateBases(_ record: GenerationRecord) -> Bool {
        guard let source = record.recipeSource, source.kind == .git, let url = source.url, let commit = source.commit,
              let parsed = try? GitTemplates(url), let store = BaseStore.locate(environment: context.environment) else { return false }
        let pinned = "git+" + parsed.url + "#" + commit
        guard let catalog = try? context.catalog(option: pinned, offline: request.common.offline),
              let recipe = try? RecipeLoading.load(record.recipe, catalog: catalog, workingDirectory: context.workingDirectory),
              recipe.manifest.version == record.version else { return false }
        return store.regenerate(recipe, values: record.values, files: record.files ?? [:], interruption: context.interruption).files > 0
    }
}
