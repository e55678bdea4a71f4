import DuoNewCore
import Foundation

/// `duo-new update`'s whole sequence, as values: under the project's lock, recover (or, for a
/// dry run, describe) an earlier update, read the record, load the recipe it names, resolve the
/// values, stage the new version inside the project (`.duo-new-update/new`), decide file by file
/// what to do (`UpdatePlanner`), merge line by line what both sides changed, then apply the plan
/// with a journal (`UpdateApplier`). The record is replaced last.
///
/// What a caller prints comes as `UpdateEvent`s, in order, while it runs; what it reports is
/// the `UpdateOutcome`, filled as far as the update got (`outcome`, after a failure too).
public struct ProjectUpdate {
    /// What the user asked.
    public struct Request {
        /// The project folder as the user gave it, used in messages.
        public var folder: String
        /// `--templates`.
        public var templates: String?
        /// `--offline`: a recipe from git is taken from the cache alone.
        public var offline = false
        /// `--dry-run`: plan only, in a private temporary folder; nothing changes.
        public var dryRun = false
        /// `--allow-downgrade`: an older version of the recipe, or another recipe, is taken.
        public var allowDowngrade = false
        /// `--conflicts-beside`: the recipe's version beside the file, not markers in it.
        public var conflictsBeside = false
        /// `--set KEY=VALUE`, in the order given (the last of a key wins).
        public var settings: [(key: String, value: String)] = []

        public init(folder: String) {
            self.folder = folder
        }
    }

    /// What the update reads from and does to the world besides the project.
    public struct World {
        public var environment: [String: String]
        public var workingDirectory: String
        /// Signals caught from the first staged write to the last operation.
        public var interruption: Interruption
        /// Told of each operation of the apply (tests stop or pause it).
        public var observer: (any UpdateApplyObserver)?
        /// What the staged record names as its generator (`duo-new 1.2.3`).
        public var generator: String
        /// The catalog for a `--templates`-like value (git fetched through it).
        public var catalog: RecordedRecipe.CatalogProvider
        /// The day a placeholder new in the recipe stamps with `from: year` or `from: date`
        /// (the recorded ones keep theirs); nil for `GenerationClock`'s.
        public var today: CalendarDay?
        /// Asks for a secret the record does not keep and `--set` did not give (a terminal's
        /// prompt, without echo); nil where nobody can be asked.
        public var askSecret: ((Placeholder) -> String?)?

        public init(
            environment: [String: String], workingDirectory: String, interruption: Interruption, observer: (any UpdateApplyObserver)? = nil,
            generator: String, catalog: @escaping RecordedRecipe.CatalogProvider
        ) {
            self.environment = environment
            self.workingDirectory = workingDirectory
            self.interruption = interruption
            self.observer = observer
            self.generator = generator
            self.catalog = catalog
        }
    }

    public let request: Request
    public let world: World
    /// As far as the update got; complete once `run` returns.
    public internal(set) var outcome = UpdateOutcome()
    /// Once applied: where the recipe came from (its git checkout, or the folder its record
    /// names, with its tree), which decides whether its tasks may run (`RecipeTrust`).
    public internal(set) var origin: (recipe: LoadedRecipe, recorded: (folder: String, tree: RecipeTree)?)?
    /// The project's lock, from the start of `run()` until this value is gone: the tasks the
    /// caller runs after the apply are part of the update.
    private var heldLock: ProjectLock?
    let events: (UpdateEvent) -> Void

    public init(_ request: Request, world: World, events: @escaping (UpdateEvent) -> Void = { _ in }) {
        self.request = request
        self.world = world
        self.events = events
    }

    /// Where the record's recipe is looked for, as `check` looks.
    var recipes: RecordedRecipe {
        RecordedRecipe(
            templates: request.templates, offline: request.offline, environment: world.environment,
            workingDirectory: world.workingDirectory, catalog: world.catalog
        )
    }

    /// Runs the update; returns what it did (`outcome.applied` false for a dry run).
    @discardableResult
    public mutating func run() throws(GenerationFailure) -> UpdateOutcome {
        let project = try RecordedProject.folder(request.folder, workingDirectory: world.workingDirectory).path
        outcome.folder = project
        // Taken before the record is read and held as long as this update is (its caller's tasks
        // run under it too): a second update, or a check, of this project meanwhile is refused,
        // and the record read is the one this update replaces.
        heldLock = try RecordedProject.lock(project, folder: request.folder, exclusive: !request.dryRun)
        // An earlier update's journal first: killed between moving the record aside and placing
        // the new one, it left no record to read until it is undone.
        if request.dryRun {
            guard try describeEarlierUpdate(project) else { return outcome }
        } else {
            try recoverEarlierUpdate(project)
        }
        let record = try RecordedProject.record(in: URL(fileURLWithPath: project, isDirectory: true), shownAs: request.folder)
        outcome.recipe = record.recipe
        outcome.fromVersion = record.version
        let recorded = try recordedEntries(record, project: project)
        warnAboutUncommittedChanges(project)
        warnAboutLeftoverMarkers(record, project: project)

        // The recipes a git source was recorded from are fetched again from it, unless told otherwise.
        let loaded = try recipes.load(record, project: project, shownAs: request.folder)
        let manifest = loaded.manifest
        outcome.toVersion = manifest.version
        let direction = try checkDirection(record, manifest: manifest)
        events(.started(recipe: record.recipe, version: record.version, newRecipe: manifest.name, newVersion: manifest.version, direction: direction))
        let values = try resolveValues(recipe: loaded, record: record)
        let listing = try RecipeLoading.readListing(loaded, recipe: record.recipe)
        let plan = try GenerationPipeline.plan(listing: listing, recipe: loaded, values: values, name: record.recipe)
        // Searched once: named in a note, and left out of the bases' cache when staging.
        let secretHolders = SecretHolders.files(plan, recipe: loaded)
        noteFilesHoldingSecrets(secretHolders)
        let work = try workFolder(project: project)
        // Signals are caught from the first staged write to the last operation, with no gap
        // between the phases in which one would end duo-new with the work folder left behind.
        try world.interruption.catching { () throws(GenerationFailure) in
            defer { if request.dryRun { TreeRemover.remove(work) } }
            let staged = try stage(plan, recipe: loaded, values: values, work: work, secretFiles: Set(secretHolders.flatMap(\.files)))
            let (planned, seen) = try planSteps(project: project, work: work, recorded: recorded, staged: staged)
            let (steps, besideSeen) = try mergeConflicts(
                planned, record: record, recorded: recorded, project: project, work: work, manifest: manifest,
                secrets: values.filter { name, _ in manifest.placeholders.contains { $0.name == name && $0.secret } }
            )
            UpdateMerge.keepUsersModes(steps, recorded: recorded, project: project, staged: work + "/" + UpdateApplier.stagedFolder)
            try stopIfInterrupted(work)
            outcome.steps = steps
            events(.planned(steps))
            guard !request.dryRun else {
                outcome.dryRun = true
                // What the real update would run after it: none when it would change nothing.
                if !outcome.changesNothing { outcome.wouldRunTasks = manifest.tasks(at: .update).map(\.name) }
                return
            }
            try stopIfInterrupted(work)
            // An earlier version at a conflict's `NAME.duo-new` is moved aside only while it is what was seen.
            try apply(steps, project: project, seen: seen.merging(besideSeen) { planned, _ in planned })
            outcome.applied = true
            outcome.tasks = manifest.tasks(at: .update)
            outcome.values = values
            outcome.secretVariables = manifest.secretVariables
            origin = (loaded, recipes.recordedFolder(record).map { (folder: $0, tree: loaded.tree) })
        }
        return outcome
    }

    /// Where the new version is staged: inside the project, or for a dry run a temporary folder
    /// only the user can read (a dry run killed before it removes the folder leaves no copy of
    /// the project for others).
    private func workFolder(project: String) throws(GenerationFailure) -> String {
        guard request.dryRun else { return project + "/" + UpdateApplier.workFolder }
        guard let temporary = PrivateFolder.makeTemporary(prefix: "duo-new-update") else {
            throw GenerationFailure(.io, "no folder could be made in the temporary folder for the dry run; the project was not changed")
        }
        return temporary
    }
}

/// What an update says while it runs, in order, for its caller to print.
public enum UpdateEvent: Sendable, Equatable {
    /// What an earlier update left, and what was (or, in a dry run, would be) done about it.
    case earlierUpdate(String)
    /// Something the user should know before the update goes on (printed as a warning).
    case warning(String)
    /// The recipe was found: from the recorded recipe and version to the found ones.
    case started(recipe: String, version: String, newRecipe: String, newVersion: String, direction: UpdateDirection)
    /// A placeholder new in the recipe takes its default.
    case newValue(placeholder: String, key: String, value: String)
    /// A note on how the conflicts were merged.
    case note(String)
    /// The plan, every step, the unchanged included.
    case planned([UpdatePlanner.Step])
}

/// What an update did, or as far as it got.
public struct UpdateOutcome: Sendable, Equatable {
    /// The project as an absolute path.
    public var folder: String?
    public var recipe: String?
    public var fromVersion: String?
    public var toVersion: String?
    public var direction: UpdateDirection?
    /// A dry run that planned, or that stopped at an earlier update it would undo first.
    public var dryRun = false
    /// The plan was carried out.
    public var applied = false
    /// Every step of the plan, the unchanged included.
    public var steps: [UpdatePlanner.Step] = []
    /// The line of each `<<<<<<<` in the files merged with conflict markers.
    public var conflictLines: [String: [Int]] = [:]
    /// Placeholders new in the recipe and the values they took.
    public var newValues: [String: String] = [:]
    /// Once applied: the recipe's tasks that run on update (`on: [..., update]`), the values they
    /// see (`ProjectUpdate.origin` says where the recipe came from, for their consent).
    public var tasks: [SetupTask] = []
    public var values: [String: String] = [:]
    /// Each secret token with the variable a printed command reads it from instead of its value.
    public var secretVariables: [String: String] = [:]
    /// The secrets given this run, hidden in what the update's tasks print.
    public var secretMask: SecretMask { SecretMask(secretVariables.keys.compactMap { values[$0] }) }
    /// `rolled-back`, `finished`, `staging`; with `--dry-run`, what the real update would do:
    /// `would-roll-back`, `would-remove-finished`, `would-remove-staging`.
    public var recovered: String?
    public var warnings: [String] = []

    public init() {}

    /// The `NAME.duo-new` files written beside files both sides changed.
    public var conflicts: [String] { steps.filter { $0.action == .conflict }.map(\.conflictPath) }
    /// The files merged with conflict markers in them.
    public var marked: [String] { steps.filter { $0.action == .conflictMarked }.map(\.path) }
    /// What the user does about the conflicts the update leaves, each kind named file by file
    /// (with `--quiet` the plan's lines, which list them, are not shown); nil when it leaves none.
    public var conflictsToSettle: (count: Int, ways: String)? {
        var ways: [String] = []
        if !conflicts.isEmpty {
            let named = conflicts.map { "'\(DisplayPath.escaped($0))'" }.joined(separator: ", ")
            ways.append("merge \(conflicts.count == 1 ? "" : "each of ")\(named) into the file beside it, then remove it")
        }
        if !marked.isEmpty {
            let found = marked.map { ConflictMarkerScan.Found(path: $0, lines: conflictLines[$0] ?? []) }
            ways.append("settle the conflict markers in \(ConflictMarkerScan.described(found))")
        }
        return ways.isEmpty ? nil : (conflicts.count + marked.count, ways.joined(separator: "; "))
    }

    /// The values differ from the recorded ones (a `--set` given anew, a placeholder renamed).
    public var valuesChanged = false
    /// With `--dry-run`: the tasks the real update would run after it (`on: [..., update]`).
    public var wouldRunTasks: [String] = []
    /// The same version of the recipe and the same values, whose plan changes no file of the
    /// project: "already up to date".
    public var changesNothing: Bool {
        direction == .same && !valuesChanged && changesNoFile
    }

    /// The plan writes, moves and removes nothing of the project (what it keeps is the user's).
    public var changesNoFile: Bool {
        let leaving: Set<UpdatePlanner.Action> = [.unchanged, .keepEdited, .keepDropped, .userDeleted]
        return steps.allSatisfy { leaving.contains($0.action) }
    }
}
