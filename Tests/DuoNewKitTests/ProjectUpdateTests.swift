import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// `ProjectUpdate` in-process: a recipe `fix` in a scratch folder, a project generated from it
/// through the pipeline, the recipe changed, then the update run as a value, with what it says
/// collected as events.
@Suite("Update in-process")
struct ProjectUpdateTests {
    /// A scratch folder holding `T/fix` (the recipe) and `p` (the project); the bases' store in
    /// its own cache.
    struct Scene {
        let root: URL
        var environment: [String: String] { ["XDG_CACHE_HOME": root.appendingPathComponent("cache").path, "HOME": root.path] }
        var project: URL { root.appendingPathComponent("p") }

        init(files: [String: String], placeholders: String = "", appName: String = "Sitter", settings: [(String, String)] = []) throws {
            root = try TestScratch.makeFolder("project-update")
            try writeRecipe(version: "1.0.0", files: files, placeholders: placeholders)
            let catalog = try catalog(nil, false)
            let request = GenerationPipeline.Request(
                recipe: "fix", appName: appName, bundleID: "com.example.sitter", folder: "p", settings: settings, workingDirectory: root.path
            )
            let prepared = try GenerationPipeline.prepare(request, catalog: catalog)
            // A user's generation, which keeps the bases of the line merges.
            _ = try GenerationPipeline.generate(prepared, generator: "duo-new test", environment: environment, interruption: nil)
        }

        /// `placeholders` are more entries of the manifest's `placeholders:`, indented as its own.
        func writeRecipe(version: String, files: [String: String], placeholders: String = "") throws {
            let recipe = root.appendingPathComponent("T/fix")
            try? FileManager.default.removeItem(at: recipe)
            for (path, text) in files {
                let url = recipe.appendingPathComponent("template/" + path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            let manifest = TestManifest.header(name: "fix", summary: "A recipe each update test changes.", version: version) + "\n" + placeholders
            try Data(manifest.utf8).write(to: recipe.appendingPathComponent("template.yaml"))
        }

        func catalog(_ option: String?, _ offline: Bool) throws(GenerationFailure) -> TemplateCatalog {
            do {
                return try TemplateCatalog.locate(option: "T", environment: [:], executablePath: nil, workingDirectory: root.path)
            } catch {
                throw GenerationFailure(.noRecipe, error.message)
            }
        }

        /// Runs an update of `p`; returns its outcome (or failure) and what it said.
        func update(
            allowDowngrade: Bool = false, settings: [(key: String, value: String)] = [], observer: (any UpdateApplyObserver)? = nil,
            dryRun: Bool = false
        ) -> (result: Result<UpdateOutcome, GenerationFailure>, outcome: UpdateOutcome, events: [UpdateEvent]) {
            var request = ProjectUpdate.Request(folder: "p")
            request.templates = "T"
            request.dryRun = dryRun
            request.allowDowngrade = allowDowngrade
            request.settings = settings
            let world = ProjectUpdate.World(
                environment: environment, workingDirectory: root.path, interruption: Interruption(changingSignalActions: false),
                observer: observer, generator: "duo-new test", catalog: catalog
            )
            let said = Said()
            var update = ProjectUpdate(request, world: world) { said.events.append($0) }
            let result = Result { () throws(GenerationFailure) -> UpdateOutcome in try update.run() }
            return (result, update.outcome, said.events)
        }

        func text(_ path: String) -> String? {
            (try? Data(contentsOf: project.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
        }

        func edit(_ path: String, _ text: String) throws {
            try Data(text.utf8).write(to: project.appendingPathComponent(path))
        }

        func recordedVersion() throws -> String {
            try RecordedProject.record(in: project, shownAs: "p").version
        }
    }

    final class Said: @unchecked Sendable {
        var events: [UpdateEvent] = []
    }

    /// Stops the apply once its journal is written under its temporary name, as a kill then would.
    struct StopAtJournal: UpdateApplyObserver {
        func applied(_ done: Int, of total: Int) throws(UpdateApplier.ApplyError) {}
        func journalWritten() throws(UpdateApplier.ApplyError) { throw .stopped(after: 0) }
    }

    /// Writes `text` at `path` in the project once `count` operations are done, as an editor
    /// saving a file while the update runs would.
    struct WriteDuringTheApply: UpdateApplyObserver {
        let project: URL
        let count: Int
        let path: String
        let text: String
        func applied(_ done: Int, of total: Int) throws(UpdateApplier.ApplyError) {
            if done == count { try? Data(text.utf8).write(to: project.appendingPathComponent(path)) }
        }
    }

    /// Stops the apply after `count` operations, as a power cut would, leaving the journal.
    struct StopAfter: UpdateApplyObserver {
        let count: Int
        func applied(_ done: Int, of total: Int) throws(UpdateApplier.ApplyError) {
            if done == count { throw .stopped(after: done) }
        }
    }

    @Test func editsOnOtherLinesThanTheRecipesAreMerged() throws {
        let scene = try Scene(files: ["a.txt": "one\ntwo\nthree\n", "b.txt": "bee\n"])
        try scene.edit("a.txt", "ONE\ntwo\nthree\n")
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "one\ntwo\nTHREE\n", "b.txt": "bee 2\n"])
        let (result, outcome, events) = scene.update()
        _ = try result.get()
        #expect(scene.text("a.txt") == "ONE\ntwo\nTHREE\n")
        #expect(scene.text("b.txt") == "bee 2\n")
        #expect(try scene.recordedVersion() == "1.1.0")
        #expect(outcome.applied && !outcome.dryRun && outcome.direction == .newer)
        #expect(outcome.steps.first { $0.path == "a.txt" }?.action == .merge)
        #expect(outcome.steps.first { $0.path == "b.txt" }?.action == .replace)
        #expect(outcome.conflicts.isEmpty && outcome.marked.isEmpty)
        #expect(events.contains(.started(recipe: "fix", version: "1.0.0", newRecipe: "fix", newVersion: "1.1.0", direction: .newer)))
        #expect(!FileManager.default.fileExists(atPath: scene.project.appendingPathComponent(UpdateApplier.workFolder).path))
    }

    /// A merged file holds the user's edits, and keeps the permission bits their file has: one
    /// made private stays private (as every file does under a umask of 077), and the executable
    /// bits follow the recipe only where it changed them and the user did not. Until 2026-12-07 a
    /// merged file took 0644 or 0755 whatever the user's bits and umask, so a private file's
    /// edits became readable by everyone; so did a file the user only made private (a stamped
    /// secret, `chmod 600`) whose text the recipe replaced.
    @Test(arguments: [
        // (the user's bits, the recipe's new version executable, the file's bits after, whether the user edited its text)
        (0o600, false, 0o600, true),
        (0o700, false, 0o700, true),
        (0o600, true, 0o700, true),
        (0o640, true, 0o750, true),
        (0o644, false, 0o644, true),
        (0o600, false, 0o600, false),
        (0o600, true, 0o700, false),
        (0o644, false, 0o644, false),
    ])
    func aMergedOrReplacedFileKeepsTheUsersPermissionBits(mine: Int, executable: Bool, expected: Int, edited: Bool) throws {
        let scene = try Scene(files: ["a.txt": "one\ntwo\nthree\n"])
        if edited { try scene.edit("a.txt", "ONE\ntwo\nthree\n") }
        let file = scene.project.appendingPathComponent("a.txt").path
        try FileManager.default.setAttributes([.posixPermissions: mine], ofItemAtPath: file)
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "one\ntwo\nTHREE\n"])
        if executable {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scene.root.appendingPathComponent("T/fix/template/a.txt").path)
        }
        let (result, outcome, _) = scene.update()
        _ = try result.get()
        #expect(outcome.steps.first { $0.path == "a.txt" }?.action == (edited ? .merge : .replace))
        #expect(scene.text("a.txt") == (edited ? "ONE" : "one") + "\ntwo\nTHREE\n")
        let bits = try #require(FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(String(bits, radix: 8) == String(expected, radix: 8))
    }

    @Test func editsOnTheRecipesLinesAreMarkedAsAConflict() throws {
        let scene = try Scene(files: ["a.txt": "one\ntwo\nthree\n"])
        try scene.edit("a.txt", "one\nmine\nthree\n")
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "one\ntheirs\nthree\n"])
        let (result, outcome, _) = scene.update()
        _ = try result.get()
        #expect(outcome.marked == ["a.txt"])
        #expect(outcome.conflictLines["a.txt"] == [2])
        let merged = try #require(scene.text("a.txt"))
        #expect(merged.contains("<<<<<<< yours\nmine\n=======\ntheirs\n>>>>>>> fix 1.1.0\n"), "\(merged)")
        #expect(try scene.recordedVersion() == "1.1.0")
    }

    /// The conflicts an update leaves are named with what to do about each kind, in one sentence.
    @Test func theConflictsLeftAreNamedWithWhatToDoAboutEach() {
        var outcome = UpdateOutcome()
        outcome.steps = [UpdatePlanner.Step(path: "a.txt", action: .replace), UpdatePlanner.Step(path: "b.txt", action: .conflict)]
        #expect(outcome.conflictsToSettle?.count == 1)
        #expect(outcome.conflictsToSettle?.ways == "merge 'b.txt.duo-new' into the file beside it, then remove it")
        outcome.steps += [UpdatePlanner.Step(path: "c.txt", action: .conflict, beside: "c.txt.theirs"), UpdatePlanner.Step(path: "d.txt", action: .conflictMarked)]
        outcome.conflictLines = ["d.txt": [2, 9]]
        #expect(outcome.conflictsToSettle?.count == 3)
        #expect(
            outcome.conflictsToSettle?.ways
                == "merge each of 'b.txt.duo-new', 'c.txt.theirs' into the file beside it, then remove it; settle the conflict markers in 'd.txt' (lines 2 and 9)"
        )
        outcome.steps = [UpdatePlanner.Step(path: "a.txt", action: .keepEdited)]
        #expect(outcome.conflictsToSettle == nil)
    }

    /// The plan's tally line counts each action, changes first and the unchanged last.
    @Test func thePlanIsTalliedByActionInOneOrder() {
        let steps = [("a", UpdatePlanner.Action.unchanged), ("b", .add), ("c", .replace), ("d", .add), ("e", .userDeleted)]
        #expect(UpdatePlanner.tally(steps.map { UpdatePlanner.Step(path: $0.0, action: $0.1) }) == "1 replace, 2 add, 1 user-deleted, 1 unchanged")
        #expect(UpdatePlanner.tally([]) == nil)
    }

    /// `--json`'s report leaves the unchanged files out, and lists the tasks it would run only
    /// for a dry run.
    @Test func theReportLeavesOutUnchangedFilesAndTheTasksOfARealUpdate() {
        var outcome = UpdateOutcome()
        outcome.folder = "/p"
        outcome.direction = .newer
        outcome.steps = [UpdatePlanner.Step(path: "a.txt", action: .unchanged), UpdatePlanner.Step(path: "b.txt", action: .conflictMarked)]
        outcome.conflictLines = ["b.txt": [3]]
        outcome.wouldRunTasks = ["setup"]
        var report = UpdateReport()
        report.record(outcome)
        #expect(report.folder == "/p" && report.direction == "newer" && !report.dryRun)
        #expect(report.steps == [UpdateReport.Step(path: "b.txt", action: "conflict-marked")])
        #expect(report.marked == ["b.txt"] && report.conflicts.isEmpty && report.conflictLines == ["b.txt": [3]])
        #expect(report.wouldRunTasks == nil, "a real update runs its tasks; it does not say it would")
        outcome.dryRun = true
        report.record(outcome)
        #expect(report.dryRun && report.wouldRunTasks == ["setup"])
    }

    /// A secret given to an update is hidden in what its tasks print, as at generation.
    @Test func anUpdatesSecretIsMaskedInItsTasksOutput() throws {
        let token = "  TOKEN:\n    from: set\n    secret: true\n"
            + "tasks:\n  - name: show\n    run: 'echo \"token $DUO_NEW_TOKEN\"'\n    on: [update]\n"
        let scene = try Scene(files: ["a.txt": "one __TOKEN__\n"], placeholders: token, settings: [("token", "sk-Hush123")])
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "two __TOKEN__\n"], placeholders: token)
        let outcome = try scene.update(settings: [("token", "sk-Hush123")]).result.get()
        let lines = GenerationFollowUpTests.Lines()
        let run = TaskRun(
            tasks: outcome.tasks, consent: .granted, values: outcome.values, environment: ProcessInfo.processInfo.environment,
            interruption: Interruption(changingSignalActions: false), moment: .update, mask: outcome.secretMask
        )
        _ = run.run(in: scene.project, output: lines.add) { _ in }
        #expect(lines.all == ["token ***"])
    }

    /// The same version with the user's edits kept changes nothing ("already up to date"); a
    /// newer one, or the same whose files differ from the project's, does.
    @Test func anUpdateToTheSameRecipeChangesNothing() throws {
        let scene = try Scene(files: ["a.txt": "one\n", "b.txt": "bee\n"])
        try scene.edit("a.txt", "mine\n")
        let same = try scene.update().result.get()
        #expect(same.direction == .same && same.changesNothing)
        #expect(scene.text("a.txt") == "mine\n")
        try FileManager.default.removeItem(at: scene.project.appendingPathComponent("b.txt"))
        #expect(try scene.update().result.get().changesNothing, "a file the user deleted stays deleted")
        try scene.writeRecipe(version: "1.0.0", files: ["a.txt": "one\n", "c.txt": "new\n"])
        let added = try scene.update().result.get()
        #expect(added.direction == .same && !added.changesNothing)
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "one\n", "c.txt": "new\n"])
        #expect(try !scene.update().result.get().changesNothing, "a newer version is never 'up to date'")
    }

    /// A value given anew changes the record, even when no file changes (the user's edited file
    /// is kept, though the recipe no longer writes it): not "already up to date".
    @Test func aValueGivenAnewIsNeverAlreadyUpToDate() throws {
        let docs = "  DOCS:\n    from: set\n    type: bool\n    default: true\ninclude-if:\n  docs.md: DOCS\n"
            + "tasks:\n  - name: refresh\n    run: 'true'\n    on: [update]\n"
        let scene = try Scene(files: ["a.txt": "one\n", "docs.md": "docs\n"], placeholders: docs)
        try scene.edit("docs.md", "my docs\n")
        // A dry run says the same: the record would change, and the update's task would run.
        let dry = try scene.update(settings: [("docs", "false")], dryRun: true).result.get()
        #expect(dry.valuesChanged && !dry.changesNothing && dry.wouldRunTasks == ["refresh"], "\(dry.wouldRunTasks)")
        let off = try scene.update(settings: [("docs", "false")]).result.get()
        #expect(off.valuesChanged && !off.changesNothing)
        #expect(off.steps.first { $0.path == "docs.md" }?.action == .keepDropped)
        #expect(scene.text("docs.md") == "my docs\n")
        let again = try scene.update().result.get()
        #expect(!again.valuesChanged && again.changesNothing, "the value given last is the recorded one")
        #expect(try scene.update(dryRun: true).result.get().wouldRunTasks.isEmpty, "nothing to do runs no task")
    }

    /// `--set` on update is refused as on generation, with its exit code's kind: a key the recipe
    /// does not declare (with a did-you-mean) or given twice 64, a value too long 65.
    @Test func settingsAreRefusedAsGenerationRefusesThem() throws {
        let scene = try Scene(files: ["a.txt": "one\n"])
        let team = "  TEAM:\n    from: set\n    key: team\n    description: The team.\n    default: Core\n"
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "one __TEAM__\n"], placeholders: team)
        let before = try UpdateFixture.snapshot(of: scene.project)
        func refusal(_ settings: [(key: String, value: String)]) -> GenerationFailure? {
            guard case .failure(let failure) = scene.update(settings: settings).result else { return nil }
            return failure
        }
        let unknown = try #require(refusal([("teem", "Core")]))
        #expect(unknown.kind == .usage && unknown.message.contains("did you mean 'team'?"), "\(unknown.message)")
        let twice = try #require(refusal([("team", "A"), ("team", "B")]))
        #expect(twice.kind == .usage, "\(twice.message)")
        let long = try #require(refusal([("team", String(repeating: "a", count: PlaceholderValues.maximumValueBytes + 1))]))
        #expect(long.kind == .badValue, "\(long.message)")
        #expect(try UpdateFixture.snapshot(of: scene.project) == before, "a refused update changes nothing")
        _ = try scene.update(settings: [("team", "Tools")]).result.get()
        #expect(scene.text("a.txt") == "one Tools\n")
    }

    /// The record is anyone's file: the values it holds meet generation's rules before anything
    /// is stamped with them (a hand-edited AppName, bundle id, day, or a value too long or not
    /// among its choices is refused, 65), and nothing changes.
    @Test(arguments: [
        ("APP_NAME", "class", "app-name.swift-keyword"), ("APP_NAME", "Hello World", "app-name.characters"),
        ("BUNDLE_ID", "com..bad", "bundle-id.empty-segment"), ("YEAR", "\u{1B}[31m", "day.form"), ("YEAR", "26", "day.form"),
        ("DAY", "2026-02-30", "day.form"), ("STYLE", "fancy", "set.choice"), ("TEAM", String(repeating: "a", count: 1025), "1024 bytes"),
    ])
    func recordedValuesAreCheckedAsGenerationChecksThem(token: String, value: String, rule: String) throws {
        let scene = try Scene(files: ["a.txt": "one\n"])
        let more = """
              TEAM:
                from: set
                key: team
                default: Core
              STYLE:
                from: set
                key: style
                type: choice
                choices: [plain, boxed]
                default: plain
              YEAR:
                from: year
              DAY:
                from: date

            """
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "one __TEAM__ __STYLE__ __YEAR__ __DAY__\n"], placeholders: more)
        let record = scene.project.appendingPathComponent(".duo-new.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
        var values = try #require(json["values"] as? [String: String])
        values[token] = value
        json["values"] = values
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: record)
        let before = try UpdateFixture.snapshot(of: scene.project)
        guard case .failure(let failure) = scene.update().result else { Issue.record("\(token)='\(value)' was taken from the record"); return }
        #expect(failure.kind == .badValue, "\(failure.message)")
        #expect(failure.message.contains(rule), "\(failure.message)")
        #expect(try UpdateFixture.snapshot(of: scene.project) == before, "a refused update changes nothing")
    }

    /// A placeholder that was a `from: set` (a year range the user typed) and is a `from: year`
    /// in the new version cannot take its recorded text, and no `--set` can replace it: the
    /// refusal (65) says how to mend the record, and the mend it names works.
    @Test func aRecordedValueThatIsNoDaySaysHowToMendTheRecord() throws {
        let scene = try Scene(
            files: ["LICENSE": "(c) __YEAR__\n"], placeholders: "  YEAR:\n    from: set\n    default: \"2024\"\n", settings: [("year", "2020-2024")]
        )
        try scene.writeRecipe(version: "2.0.0", files: ["LICENSE": "(c) __YEAR__\n"], placeholders: "  YEAR:\n    from: year\n")
        guard case .failure(let failure) = scene.update().result else { Issue.record("'2020-2024' was taken as a year"); return }
        #expect(failure.kind == .badValue)
        #expect(failure.message == "the day 'YEAR' is '2020-2024', which is not a year of four digits, such as 2026 (kept in the project's record, where no '--set' can change it; write one there, or remove the entry from the record's 'values' to take today's) [day.form]")
        let record = scene.project.appendingPathComponent(".duo-new.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
        var values = try #require(json["values"] as? [String: String])
        values["YEAR"] = nil
        json["values"] = values
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: record)
        _ = try scene.update().result.get()
        let year = try #require(scene.text("LICENSE")?.dropFirst(4).prefix(4))
        #expect(year.count == 4 && year.allSatisfy(\.isNumber), "\(scene.text("LICENSE") ?? "")")
    }

    @Test func anOlderRecipeIsRefusedAndNothingChanges() throws {
        let scene = try Scene(files: ["a.txt": "one\n"])
        try scene.writeRecipe(version: "0.9.0", files: ["a.txt": "older\n"])
        let before = try UpdateFixture.snapshot(of: scene.project)
        let (result, outcome, events) = scene.update()
        guard case .failure(let failure) = result else { Issue.record("an older recipe was taken"); return }
        #expect(failure.kind == .badValue)
        #expect(failure.message.contains("and the recipe found is fix 0.9.0, an older version than the project's; nothing was changed"), "\(failure.message)")
        #expect(outcome.direction == .older && outcome.toVersion == "0.9.0" && !outcome.applied)
        #expect(!events.contains { if case .started = $0 { true } else { false } })
        #expect(try UpdateFixture.snapshot(of: scene.project) == before)
        // With --allow-downgrade it is done.
        _ = try scene.update(allowDowngrade: true).result.get()
        #expect(scene.text("a.txt") == "older\n")
    }

    @Test func anUpdateStoppedHalfWayIsRolledBackByTheNext() throws {
        let scene = try Scene(files: ["a.txt": "a1\n", "b.txt": "b1\n", "c.txt": "c1\n"])
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "a2\n", "b.txt": "b2\n", "c.txt": "c2\n"])
        let before = try UpdateFixture.snapshot(of: scene.project)
        let stopped = scene.update(observer: StopAfter(count: 2))
        guard case .failure(let failure) = stopped.result else { Issue.record("the observer did not stop it"); return }
        #expect(failure.message.contains("stopped after 2 operations"), "\(failure.message)")
        #expect(try UpdateFixture.snapshot(of: scene.project) != before, "half done, the journal left")
        let (result, outcome, events) = scene.update()
        _ = try result.get()
        #expect(outcome.recovered == "rolled-back")
        let note = events.compactMap { if case .earlierUpdate(let text) = $0 { text } else { nil } }
        #expect(note.count == 1 && note[0].hasPrefix("an earlier update of this project did not finish; its "), "\(note)")
        #expect(["a.txt", "b.txt", "c.txt"].map(scene.text) == ["a2\n", "b2\n", "c2\n"])
        #expect(try scene.recordedVersion() == "1.1.0")
    }

    /// A kill while the journal is written leaves no journal (a journal cut mid-line could be
    /// trusted by no run, and the project would stay refused): the next update removes the
    /// staging, nothing having changed, and updates.
    @Test func anUpdateStoppedWhileWritingItsJournalLeavesNoJournal() throws {
        let scene = try Scene(files: ["a.txt": "a1\n"])
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "a2\n"])
        guard case .failure = scene.update(observer: StopAtJournal()).result else { Issue.record("the observer did not stop it"); return }
        let work = scene.project.appendingPathComponent(UpdateApplier.workFolder)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent(UpdateApplier.journalFile).path), "a journal under its own name before it was whole")
        #expect(scene.text("a.txt") == "a1\n")
        let (result, outcome, _) = scene.update()
        _ = try result.get()
        #expect(outcome.recovered == "staging", "\(outcome.recovered ?? "nothing recovered")")
        #expect(scene.text("a.txt") == "a2\n")
        #expect(!FileManager.default.fileExists(atPath: work.path))
    }

    /// Stopped after any operation, the record's two steps included (moved aside, then the new
    /// one placed: in between the project has no record), the next update undoes it and updates,
    /// and a check meanwhile says the update did not finish (65), not that there is no project.
    @Test func anUpdateStoppedAfterAnyOperationIsRecoveredAndCheckSaysSo() throws {
        var stops = 0
        for count in 1...40 {
            let scene = try Scene(files: ["a.txt": "a1\n", "b.txt": "b1\n"])
            try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "a2\n", "b.txt": "b2\n", "c.txt": "c2\n"])
            guard case .failure = scene.update(observer: StopAfter(count: count)).result else { break }
            stops += 1
            let recipes = RecordedRecipe(templates: "T", offline: true, environment: scene.environment, workingDirectory: scene.root.path, catalog: scene.catalog)
            do {
                _ = try ProjectCheck(folder: "p", recipes: recipes, selection: CheckSelection())
                Issue.record("a check of a half-updated project (stopped after \(count)) went on")
            } catch {
                #expect(error.kind == .badValue && error.message.contains("did not finish"), "after \(count): \(error.message)")
            }
            let (result, outcome, _) = scene.update()
            #expect((try? result.get()) != nil, "after \(count): \(result)")
            #expect(outcome.recovered == "rolled-back", "after \(count)")
            #expect(["a.txt", "b.txt", "c.txt"].map(scene.text) == ["a2\n", "b2\n", "c2\n"], "after \(count)")
            #expect(try scene.recordedVersion() == "1.1.0")
        }
        #expect(stops >= 5, "the apply has a few operations to stop after: \(stops)")
    }

    /// Killed after moving the user's edited file into the backup, before placing the new one:
    /// the user then makes the file again (restores it from git, say). The roll-back cannot put
    /// the moved file back over it; until 2026-12-07 the work folder, backup and all, was then
    /// removed and the update said the project was as it was before: the edits were gone.
    @Test func aFileMadeAgainAfterAStoppedUpdateNeverCostsTheVersionMovedAside() throws {
        let scene = try Scene(files: ["a.txt": "a1\n"])
        try scene.edit("a.txt", "mine\na1\n")
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "a1\nrecipe\n"])
        guard case .failure = scene.update(observer: StopAfter(count: 1)).result else { Issue.record("the observer did not stop it"); return }
        #expect(scene.text("a.txt") == nil, "moved into the backup, not placed yet")
        try scene.edit("a.txt", "made again\n")
        let (result, _, _) = scene.update()
        guard case .failure(let failure) = result else { Issue.record("the update went on and lost the moved file"); return }
        #expect(failure.kind == .destination, "\(failure.kind)")
        #expect(failure.message.contains("'a.txt'") && failure.message.contains(".duo-new-update/backup"), "\(failure.message)")
        #expect(scene.text(".duo-new-update/backup/a.txt") == "mine\na1\n", "the user's edits kept")
        #expect(scene.text("a.txt") == "made again\n")
        // Settled by the user, the update goes on.
        try FileManager.default.removeItem(at: scene.project.appendingPathComponent(UpdateApplier.workFolder))
        _ = try scene.update().result.get()
        #expect(try scene.recordedVersion() == "1.1.0")
    }

    /// A file written at a path the apply has just moved aside (an editor saving it) fails the
    /// placing of the new version; the roll-back cannot put the moved file back over the new
    /// one, and the work folder that holds it is kept, not removed with it.
    @Test func aFileWrittenDuringTheApplyNeverCostsTheVersionMovedAside() throws {
        let scene = try Scene(files: ["a.txt": "a1\n"])
        try scene.edit("a.txt", "mine\na1\n")
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "a1\nrecipe\n"])
        let (result, _, _) = scene.update(observer: WriteDuringTheApply(project: scene.project, count: 1, path: "a.txt", text: "saved meanwhile\n"))
        guard case .failure(let failure) = result else { Issue.record("the apply placed the new version over a file written meanwhile"); return }
        #expect(failure.kind == .destination, "\(failure.kind): \(failure.message)")
        #expect(scene.text(".duo-new-update/backup/a.txt") == "mine\na1\n", "the user's edits kept")
        #expect(scene.text("a.txt") == "saved meanwhile\n")
    }

    /// An earlier update's work folder without a journal (only staged files, the journal removed
    /// by hand) is removed by the next update only while its backup holds no file.
    @Test func aWorkFolderWhoseBackupHoldsAFileIsNeverRemoved() throws {
        let scene = try Scene(files: ["a.txt": "a1\n"])
        let backup = scene.project.appendingPathComponent(".duo-new-update/backup/deep/er")
        try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
        try Data("only copy\n".utf8).write(to: backup.appendingPathComponent("b.txt"))
        do {
            _ = try UpdateApplier.recover(project: scene.project.path)
            Issue.record("the work folder was removed with a file in its backup")
        } catch {
            guard case .notPutBack(let paths) = error else { Issue.record("\(error)"); return }
            #expect(paths == ["deep/er/b.txt"])
        }
        #expect(scene.text(".duo-new-update/backup/deep/er/b.txt") == "only copy\n")
        // Folders alone, as an apply makes them before moving anything, are removed.
        try FileManager.default.removeItem(at: backup.appendingPathComponent("b.txt"))
        #expect(try UpdateApplier.recover(project: scene.project.path) == .staging)
        #expect(!FileManager.default.fileExists(atPath: scene.project.appendingPathComponent(UpdateApplier.workFolder).path))
    }

    /// A file the plan found untouched (so replaced), saved by the user while the update stages
    /// and merges (an editor's autosave), is still the user's when the apply comes to move it:
    /// the apply stops, the project as it was, instead of moving the fresh edit into the backup
    /// that the end of the update removes (until 2026-12-07 the edit was lost, exit 0).
    @Test(arguments: [
        // Untouched: replaced by the recipe's new version.
        ("a1\n", "a1\n", "a2\n"),
        // Edited on other lines than the recipe's: merged from the edit the plan read.
        ("a1\n", "mine\na1\n", "a1\nrecipe\n"),
    ])
    func aFileSavedWhileTheUpdateRunsIsNeverMovedAwayUnseen(generated: String, edited: String, recipe: String) throws {
        let scene = try Scene(files: ["a.txt": generated, "b.txt": "b1\n"])
        try scene.edit("a.txt", edited)
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": recipe, "b.txt": "b2\n"])
        let saving = WriteDuringTheApply(project: scene.project, count: 0, path: "a.txt", text: "saved meanwhile\n")
        let (result, _, _) = scene.update(observer: saving)
        guard case .failure(let failure) = result else { Issue.record("the apply moved away a file saved after the plan"); return }
        #expect(failure.kind == .busy, "\(failure.kind): \(failure.message)")
        #expect(failure.message.contains("'a.txt'"), "\(failure.message)")
        #expect(scene.text("a.txt") == "saved meanwhile\n")
        #expect(scene.text("b.txt") == "b1\n", "the project as it was")
        #expect(try scene.recordedVersion() == "1.0.0")
        #expect(!FileManager.default.fileExists(atPath: scene.project.appendingPathComponent(UpdateApplier.workFolder).path))
    }

    /// Plants a file at the `committed` marker's name once every operation is done, so the
    /// marker cannot be written, as a full disk or a quota could refuse it.
    struct BlockTheMarker: UpdateApplyObserver {
        let project: URL
        func applied(_ done: Int, of total: Int) throws(UpdateApplier.ApplyError) {
            guard done == total else { return }
            try? Data().write(to: project.appendingPathComponent(UpdateApplier.workFolder + "/" + UpdateApplier.committedFile))
        }
    }

    /// An apply whose `committed` marker cannot be written is rolled back, and says so (74), the
    /// project as before. Until 2026-12-07 it was left applied but not committed, and the update
    /// stopped (73) saying a roll-back could not put files back, which none had tried.
    @Test func anApplyThatCannotCommitIsRolledBack() throws {
        let scene = try Scene(files: ["a.txt": "a1\n", "b.txt": "b1\n"])
        try scene.edit("a.txt", "mine\na1\n")
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "a1\nrecipe\n", "b.txt": "b2\n"])
        let before = try UpdateFixture.snapshot(of: scene.project)
        let (result, _, _) = scene.update(observer: BlockTheMarker(project: scene.project))
        guard case .failure(let failure) = result else { Issue.record("the update said it was done"); return }
        #expect(failure.kind == .io, "\(failure.kind): \(failure.message)")
        #expect(failure.message.contains("put back as it was"), "\(failure.message)")
        #expect(try UpdateFixture.snapshot(of: scene.project) == before)
    }

    /// A link's conflict leaves the recipe's link at `NAME.duo-new`; left unsettled, the next
    /// update replaces it with the newer one as it does a file's, rather than stop (73) calling
    /// duo-new's own link "something of yours" as it did until 2026-12-07. The user's link stays.
    @Test func anUnsettledLinkBesideIsReplacedByTheNewerOne() throws {
        let scene = try Scene(files: ["a.txt": "a1\n"])
        let fm = FileManager.default
        func recipe(_ version: String, linkTo target: String) throws {
            try scene.writeRecipe(version: version, files: ["a.txt": "a1\n"])
            try fm.createSymbolicLink(atPath: scene.root.appendingPathComponent("T/fix/template/L").path, withDestinationPath: target)
        }
        let link = scene.project.appendingPathComponent("L").path
        try recipe("1.1.0", linkTo: "t1")
        _ = try scene.update().result.get()
        try fm.removeItem(atPath: link)
        try fm.createSymbolicLink(atPath: link, withDestinationPath: "mine")
        try recipe("1.2.0", linkTo: "t2")
        _ = try scene.update().result.get()
        #expect(try fm.destinationOfSymbolicLink(atPath: link + ".duo-new") == "t2")
        try recipe("1.3.0", linkTo: "t3")
        let (result, outcome, _) = scene.update()
        _ = try result.get()
        #expect(outcome.conflicts == ["L.duo-new"])
        #expect(try fm.destinationOfSymbolicLink(atPath: link + ".duo-new") == "t3")
        #expect(try fm.destinationOfSymbolicLink(atPath: link) == "mine")
    }

    /// The recipe's version an earlier update left at `NAME.duo-new` is moved aside for the newer
    /// one only while it still is what the plan saw: the user merging it, saved while the update
    /// runs, is never taken away unseen (until 2026-12-07 it was moved into the backup and removed
    /// with it, since only the planned paths themselves were looked at again).
    @Test func anEarlierVersionBesideSavedWhileTheUpdateRunsIsNeverMovedAwayUnseen() throws {
        let scene = try Scene(files: ["a.bin": "\u{0}one\n", "b.txt": "b1\n"])
        try scene.edit("a.bin", "\u{0}mine\n")
        try scene.writeRecipe(version: "1.1.0", files: ["a.bin": "\u{0}two\n", "b.txt": "b1\n"])
        _ = scene.update()
        #expect(scene.text("a.bin.duo-new") == "\u{0}two\n", "the first update leaves its version beside")
        try scene.writeRecipe(version: "1.2.0", files: ["a.bin": "\u{0}three\n", "b.txt": "b2\n"])
        let merging = WriteDuringTheApply(project: scene.project, count: 0, path: "a.bin.duo-new", text: "\u{0}my merge\n")
        let (result, _, _) = scene.update(observer: merging)
        guard case .failure(let failure) = result else { Issue.record("the apply moved away a file saved after the plan"); return }
        #expect(failure.kind == .busy, "\(failure.kind): \(failure.message)")
        #expect(failure.message.contains("'a.bin.duo-new'"), "\(failure.message)")
        #expect(scene.text("a.bin.duo-new") == "\u{0}my merge\n")
        #expect(scene.text("b.txt") == "b1\n", "the project as it was")
        #expect(try scene.recordedVersion() == "1.1.0")
    }

    /// A dry run says what the real update would do about an earlier one's work folder: with a
    /// file in its backup and no journal, the real update stops (73), so the dry run does too,
    /// instead of promising to remove it; and it touches nothing.
    @Test func aDryRunStopsWhereTheRealUpdateWouldKeepABackup() throws {
        let scene = try Scene(files: ["a.txt": "a1\n"])
        let backup = scene.project.appendingPathComponent(".duo-new-update/backup")
        try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
        try Data("only copy\n".utf8).write(to: backup.appendingPathComponent("a.txt"))
        let (result, _, _) = scene.update(dryRun: true)
        guard case .failure(let failure) = result else { Issue.record("the dry run promised what the update would not do"); return }
        #expect(failure.kind == .destination, "\(failure.kind): \(failure.message)")
        #expect(scene.text(".duo-new-update/backup/a.txt") == "only copy\n")
    }

    /// A file of the user's where the recipe now makes a folder gets the recipe's folder beside it,
    /// below `Docs.duo-new/`; a file of the user's standing at `Docs.duo-new` itself is in the
    /// way, named (73), as a folder or a link there is. Until 2026-12-07 it was found only when
    /// the apply failed to place below it: "cannot update '…/Docs/a.md': Not a directory" (74).
    @Test func aFileOfTheUsersWhereTheBesideFolderGoesIsNamed() throws {
        let scene = try Scene(files: ["Docs": "docs v1\n"])
        try scene.edit("Docs", "my docs\n")
        try scene.edit("Docs.duo-new", "my own notes\n")
        try scene.writeRecipe(version: "1.1.0", files: ["Docs/a.md": "doc a\n"])
        let before = try UpdateFixture.snapshot(of: scene.project)
        let (result, _, _) = scene.update()
        guard case .failure(let failure) = result else { Issue.record("the update went on"); return }
        #expect(failure.kind == .destination, "\(failure.kind): \(failure.message)")
        #expect(failure.message.contains("'Docs.duo-new'"), "\(failure.message)")
        #expect(try UpdateFixture.snapshot(of: scene.project) == before)
    }
}

