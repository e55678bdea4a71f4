import DuoNewCore
import DuoNewKit

/// What `update` does about an earlier update that did not finish: the real run undoes it and
/// says which it found; `--dry-run` only says what the real run would do.
extension UpdateCommand {
    mutating func recoverEarlierUpdate(_ project: String) throws(Failure) {
        let recovery: UpdateApplier.Recovery
        do {
            recovery = try UpdateApplier.recover(project: project)
        } catch {
            throw ProjectAccess.failure(error)
        }
        switch recovery {
        case .nothing: return
        case .rolledBack(let count, let kept) where kept.isEmpty:
            report.recovered = "rolled-back"
            console.say("note: an earlier update of this project did not finish; its \(Formatting.plural(count, "done operation")) were undone, so the project is as it was before it; now updating")
        case .rolledBack(let count, let kept):
            report.recovered = "rolled-back"
            let names = kept.map { "'\(DisplayPath.escaped($0))'" }.joined(separator: ", ")
            console.say("note: an earlier update of this project did not finish; \(Formatting.plural(count, "done operation")) were undone, and \(Formatting.plural(kept.count, "path")) its journal names were left as they are, since they do not hold what the journal says it placed there (changed since, or never placed by duo-new): \(names); now updating")
        case .finished:
            report.recovered = "finished"
            console.say("note: an earlier update had finished; its leftover work folder was removed")
        case .staging:
            report.recovered = "staging"
            console.say("note: an earlier update stopped before changing anything; its staged files were removed")
        }
    }

    /// For `--dry-run`: says what a real update would do first about an earlier one, changing
    /// nothing; false when an unfinished apply makes a plan meaningless until it is undone.
    mutating func describeEarlierUpdate(_ project: String) throws(Failure) -> Bool {
        let leftover: UpdateApplier.Leftover
        do {
            leftover = try UpdateApplier.inspect(project: project)
        } catch {
            throw ProjectAccess.failure(error)
        }
        switch leftover {
        case .nothing:
            return true
        case .unfinished(let operations):
            report.dryRun = true
            report.recovered = "would-roll-back"
            console.say("note: an earlier update of this project did not finish (\(Formatting.plural(operations.count, "journalled operation"))); 'duo-new update \(request.folder)' without --dry-run undoes it first, then plans again")
            console.say("Nothing written (--dry-run).")
            return false
        case .finished, .staging:
            report.recovered = leftover == .finished ? "would-remove-finished" : "would-remove-staging"
            console.say("note: an earlier update left its work folder '\(UpdateApplier.workFolder)'; the project was not changed by it, and 'duo-new update' without --dry-run removes it")
            return true
        }
    }
}
