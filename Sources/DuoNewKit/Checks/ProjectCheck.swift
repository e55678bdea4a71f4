import DuoNewCore
import Foundation

/// `duo-new check` up to its checks: the project taken in hand (its folder, a shared lock, its
/// record read as untrusted input), an update left half done refused, the recipe found where the
/// record says, and the conflict markers an update left counted as a failed check of their own.
/// The checks themselves then run through `CheckRun`, as generation's do; the caller shows both.
public struct ProjectCheck {
    /// The project folder, absolute.
    public let project: URL
    public let record: GenerationRecord
    public let recipe: LoadedRecipe
    /// The folder only the record names, when the recipe was found there, with its tree: what
    /// `RecipeTrust` judges before the checks run unasked.
    public let recordedFolder: (folder: String, tree: RecipeTree)?
    /// How the recipe found stands to the one the project was made from.
    public let direction: UpdateDirection
    /// Files holding the conflict markers an update left: the failed check `markersReason` names.
    public let markers: [ConflictMarkerScan.Found]
    /// Held until this value goes: checks may run side by side, but not while an update changes
    /// the project.
    private let lock: ProjectLock?

    /// The name the markers' check is shown and reported under.
    public static let markersCheckName = "conflict markers"

    /// Opens the project in `folder` (as the user gave it, for messages): 66 when it is not a
    /// folder or holds no record, 65 for a record or journal that breaks a rule or an update
    /// left half done, 75 while an update holds the lock, 64 for a `--with` naming no check, and
    /// the recipe's own refusals (`RecordedRecipe.load`).
    public init(folder: String, recipes: RecordedRecipe, selection: CheckSelection) throws(GenerationFailure) {
        project = try RecordedProject.folder(folder, workingDirectory: recipes.workingDirectory)
        lock = try RecordedProject.lock(project.path, folder: folder, exclusive: false)
        // Before the record: an update killed between moving the record aside and placing the
        // new one leaves the project with no record but its journal, which says what happened.
        try Self.refuseUnfinishedUpdate(project.path, shownAs: folder)
        record = try RecordedProject.record(in: project, shownAs: folder)
        recipe = try recipes.load(record, project: project.path, shownAs: folder)
        let manifest = recipe.manifest
        if let unknown = selection.unknownOptIn(in: manifest.checks, recipe: manifest.name) {
            throw GenerationFailure(.usage, unknown)
        }
        recordedFolder = recipes.recordedFolder(record).map { [recipe] in (folder: $0, tree: recipe.tree) }
        direction = UpdateDirection.between(recordedName: record.recipe, recordedVersion: record.version, name: manifest.name, version: manifest.version)
        markers = ConflictMarkerScan.scan(project: project.path, recorded: record.files ?? [:])
    }

    /// Why the markers' check failed, or nil when no file holds markers.
    public var markersReason: String? {
        markers.isEmpty ? nil : "conflict markers from an update are still in \(ConflictMarkerScan.described(markers)); settle them, then check again"
    }

    /// `tally`, of the recipe's checks, with the markers' check counted with them (failed, when
    /// files hold markers), and why the run failed, if it did: the markers alone fail it with their
    /// own sentence, which says what to do; any other failure with the tally's summary.
    public func counted(_ tally: CheckTally) -> (tally: CheckTally, failure: String?) {
        var counted = tally
        guard let markersReason else { return (counted, counted.succeeded ? nil : counted.failureSummary) }
        counted.add(failedWithout: markersReason)
        return (counted, tally.succeeded ? markersReason : counted.failureSummary)
    }

    /// A project an update left half done (its journal is there) is neither as before nor as
    /// after: checks passing on it would say nothing (65).
    private static func refuseUnfinishedUpdate(_ project: String, shownAs folder: String) throws(GenerationFailure) {
        let leftover: UpdateApplier.Leftover
        do {
            leftover = try UpdateApplier.inspect(project: project)
        } catch {
            throw RecordedProject.failure(error)
        }
        guard case .unfinished = leftover else { return }
        throw GenerationFailure(
            .badValue,
            "an update of '\(folder)' did not finish ('\(UpdateApplier.workFolder)/\(UpdateApplier.journalFile)' is there), so the project is half updated; run \(ShellQuoting.inSentence("duo-new update " + ShellQuoting.argument(folder))) to undo it and update again, then check"
        )
    }
}
