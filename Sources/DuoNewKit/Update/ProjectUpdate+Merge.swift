import DuoNewCore

// MARK: - Line merges, and the warnings before an update.

extension ProjectUpdate {
    /// Merges line by line the conflicts that can be, writing the merged text over the staged
    /// files; the bases come from the store in the user's cache (`BaseStore`). Refuses (73,
    /// the work folder removed) when something of the user's stands where a conflict's new
    /// version would be written. Returns the steps, and what stood at each conflict's
    /// `NAME.duo-new` (`UpdateMerge.Outcome.besideSeen`).
    /// `secrets`: the secrets' values given this run, which the record does not keep and a
    /// base made again from git needs to be generated at all.
    mutating func mergeConflicts(
        _ steps: [UpdatePlanner.Step], record: GenerationRecord, recorded: [String: UpdatePlanner.Fingerprint], project: String, work: String,
        manifest: Manifest, secrets: [String: String]
    ) throws(GenerationFailure) -> (steps: [UpdatePlanner.Step], besideSeen: [String: UpdatePlanner.Current]) {
        let store = BaseStore.locate(environment: world.environment)
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
        if !outcome.withoutBase.isEmpty, regenerateBases(record, secrets: secrets) {
            pack = store?.pack(for: record.files ?? [:])
            let marked = outcome.markedLines
            outcome = merge(outcome.steps)
            outcome.markedLines.merge(marked) { new, _ in new }
        }
        self.outcome.conflictLines = outcome.markedLines
        if let unwritten = outcome.unwritten {
            TreeRemover.remove(work)
            throw GenerationFailure(
                .io, "could not write the merged '\(RecordedProject.shown(unwritten.path))' while staging the update: \(unwritten.reason); the project was not changed"
            )
        }
        if !outcome.occupiedBeside.isEmpty {
            TreeRemover.remove(work)
            let found = outcome.occupiedBeside.map { "'\(RecordedProject.shown($0.path))' is \($0.what)" }.joined(separator: "; ")
            let them = outcome.occupiedBeside.count == 1 ? "it" : "them"
            throw GenerationFailure(
                .destination,
                "\(found); an update writes the recipe's new version of a file both sides changed there, and never replaces what is yours nor writes through a link; move \(them) out of the way (or merge and remove \(them)), then update again; nothing was changed"
            )
        }
        for path in outcome.earlierBeside {
            let shown = RecordedProject.shown(path)
            note("'\(shown)\(UpdatePlanner.conflictSuffix)' still holds the recipe's version an earlier update left beside '\(shown)', unsettled, so '\(shown)' is not merged line by line (it does not hold that version's changes); the new version replaces it there: merge it into '\(shown)', then remove it")
        }
        if !outcome.tooLarge.isEmpty {
            let names = outcome.tooLarge.map { "'\(RecordedProject.shown($0))'" }.joined(separator: ", ")
            let one = outcome.tooLarge.count == 1
            note("\(names) \(one ? "is" : "are") larger than \(MergeableText.largestFile / (1 << 20)) MiB, the largest file duo-new merges line by line, so \(one ? "it is" : "they are") treated as whole files")
        }
        if !outcome.withoutBase.isEmpty {
            let names = outcome.withoutBase.map { "'\(RecordedProject.shown($0))'" }.joined(separator: ", ")
            note("no base was kept for \(names) (the bytes generation wrote, which a line merge needs), so \(outcome.withoutBase.count == 1 ? "it is" : "they are") treated as whole files")
        }
        return (outcome.steps, outcome.besideSeen)
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    mutating func note(_ text: String) {
        outcome.warnings.append(text)
        events(.note(text))
    }

    private mutating func warn(_ text: String) {
        outcome.warnings.append(text)
        events(.warning(text))
    }

    /// For a recipe from git, the bases the store lacks are made again: the recipe at the
    /// recorded commit, generated with the recorded values, packed in place of the record's
    /// pack, each file kept only when its digest is the recorded one. True when it kept any.
    /// Best effort: a commit that cannot be fetched (or `--offline` without it in the cache)
    /// leaves those files whole.
    func regenerateBases(_ record: GenerationRecord, secrets: [String: String]) -> Bool {
        guard let source = record.recipeSource, source.kind == .git, let url = source.url, let commit = source.commit,
              let parsed = try? GitTemplates(url), let store = BaseStore.locate(environment: world.environment) else { return false }
        let pinned = "git+" + parsed.url + "#" + commit
        guard let catalog = try? world.catalog(pinned, request.offline),
              let recipe = try? RecipeLoading.load(record.recipe, catalog: catalog, workingDirectory: world.workingDirectory),
              recipe.manifest.version == record.version else { return false }
        let values = record.values.merging(secrets) { recorded, _ in recorded }
        return store.regenerate(recipe, values: values, files: record.files ?? [:], interruption: world.interruption).files > 0
    }

    /// Warns (and goes on) when the project has uncommitted changes in git.
    mutating func warnAboutUncommittedChanges(_ project: String) {
        // The project's own git config (with what it includes) is not trusted to run a command
        // (`ProjectGitStatus`, docs/security.md).
        switch ProjectGitStatus.of(project, environment: world.environment) {
        case .clean, .unknown: return
        case .uncommittedChanges:
            warn("the project has uncommitted changes in git; commit them first if you want 'git diff' to show only what the update changes")
        case .notAsked(let setting):
            warn("the project's git config sets filter drivers ('\(DisplayPath.escaped(setting))'), and duo-new runs no command a project's config names, so it did not ask git about uncommitted changes")
        }
    }

    /// Warns (and goes on) when files of the project still hold conflict markers.
    mutating func warnAboutLeftoverMarkers(_ record: GenerationRecord, project: String) {
        let found = ConflictMarkerScan.scan(project: project, recorded: record.files ?? [:])
        guard !found.isEmpty else { return }
        warn("conflict markers from an earlier update are still in \(ConflictMarkerScan.described(found)); settle them (keep what you want between '<<<<<<<' and '>>>>>>>', remove the markers), or this update counts the marked text as your edit")
    }

    // MARK: - An earlier update

    /// Undoes an earlier update that did not finish, and says which it found.
    mutating func recoverEarlierUpdate(_ project: String) throws(GenerationFailure) {
        let recovery: UpdateApplier.Recovery
        do {
            recovery = try UpdateApplier.recover(project: project)
        } catch {
            throw RecordedProject.failure(error)
        }
        switch recovery {
        case .nothing: return
        case .rolledBack(let count, let kept) where kept.isEmpty:
            outcome.recovered = "rolled-back"
            let undone = count == 0 ? "it had changed nothing yet" : "\(count == 1 ? "the one operation it did was" : "its \(count) done operations were") undone"
            events(.earlierUpdate("an earlier update of this project did not finish; \(undone), so the project is as it was before it; now updating"))
        case .rolledBack(let count, let kept):
            outcome.recovered = "rolled-back"
            let names = kept.map { "'\(DisplayPath.escaped($0))'" }.joined(separator: ", ")
            events(.earlierUpdate("an earlier update of this project did not finish; \(Self.counted(count, "done operation")) \(count == 1 ? "was" : "were") undone, and \(Self.counted(kept.count, "path")) its journal names \(kept.count == 1 ? "was" : "were") left as they are, since they do not hold what the journal says it placed there (changed since, or never placed by duo-new): \(names); now updating"))
        case .finished:
            outcome.recovered = "finished"
            events(.earlierUpdate("an earlier update had finished; its leftover work folder was removed"))
        case .staging:
            outcome.recovered = "staging"
            events(.earlierUpdate("an earlier update stopped before changing anything; its staged files were removed"))
        }
    }

    /// For `--dry-run`: says what a real update would do first about an earlier one, changing
    /// nothing; false when an unfinished apply makes a plan meaningless until it is undone.
    mutating func describeEarlierUpdate(_ project: String) throws(GenerationFailure) -> Bool {
        let leftover: UpdateApplier.Leftover
        do {
            leftover = try UpdateApplier.inspect(project: project)
            // Without a journal (stopped before it, or finished), the real update removes the work
            // folder only while its backup holds nothing of the project's; otherwise it stops
            // there, and so does this.
            if leftover == .staging || leftover == .finished, !UpdateApplier.isJournalled(project: project) {
                try UpdateApplier.refuseAHeldBackup(project: project)
            }
        } catch {
            throw RecordedProject.failure(error)
        }
        switch leftover {
        case .nothing:
            return true
        case .unfinished(let operations):
            outcome.dryRun = true
            outcome.recovered = "would-roll-back"
            events(.earlierUpdate("an earlier update of this project did not finish (\(Self.counted(operations.count, "journalled operation"))); \(ShellQuoting.inSentence("duo-new update " + ShellQuoting.argument(request.folder))) without --dry-run undoes it first, then plans again"))
            return false
        case .finished, .staging:
            outcome.recovered = leftover == .finished ? "would-remove-finished" : "would-remove-staging"
            events(.earlierUpdate("an earlier update left its work folder '\(UpdateApplier.workFolder)'; the project was not changed by it, and 'duo-new update' without --dry-run removes it"))
            return true
        }
    }
}
