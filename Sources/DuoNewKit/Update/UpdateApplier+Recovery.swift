#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

// MARK: - Recovery: what an earlier update left, and undoing it.

extension UpdateApplier {
    /// What an earlier update left, if anything, and what `recover` did about it.
    public enum Recovery: Sendable, Equatable {
        case nothing
        /// The update had not finished: every done operation was undone, except placed entries
        /// that no longer held what was staged (`kept`, left in the project untouched).
        case rolledBack(operations: Int, kept: [String])
        /// The update had finished: only its work folder was left, and is now gone.
        case finished
        /// Only staged files were left (stopped before the journal): removed.
        case staging
    }

    /// What an earlier update left in `project`, found without changing anything: for
    /// `--dry-run` and `check`. Refuses (`.refused`) a work folder that is a link or not a folder.
    public static func inspect(project: String) throws(ApplyError) -> Leftover {
        let work = project + "/" + workFolder
        guard POSIX.linkInfo(work) != nil else { return .nothing }
        guard POSIX.linkInfo(work).map(POSIX.isDirectory) == true else {
            throw .refused(reason: "'\(workFolder)' is a symbolic link or not a folder; duo-new keeps an update's work there and never follows a link out of the project; remove it, then update again")
        }
        let journalled = isJournalled(project: project)
        if POSIX.linkInfo(work + "/" + committedFile) != nil {
            // The marker is one empty file anyone can make: believed only while the journal's
            // every placed entry has left the work folder, else the backup may hold the only copy
            // of a file moved aside. Without a journal, `recover` keeps a backup that holds a file.
            guard journalled else { return .finished }
            let operations = try readJournal(project: project)
            return allPlaced(operations, project: project) ? .finished : .unfinished(operations: operations)
        }
        guard journalled else { return .staging }
        return .unfinished(operations: try readJournal(project: project))
    }

    /// Whether an earlier update's work folder holds a journal (of any shape).
    static func isJournalled(project: String) -> Bool {
        POSIX.linkInfo(project + "/" + workFolder + "/" + journalFile) != nil
    }

    /// Whether the disk shows every entry the operations place as placed: gone from the work
    /// folder (what the user did with it in the project since is theirs).
    private static func allPlaced(_ operations: [Operation], project: String) -> Bool {
        operations.allSatisfy { operation in
            guard case .place(let from, _, _) = operation else { return true }
            return POSIX.linkInfo(project + "/" + from) == nil
        }
    }

    /// What an earlier update left, as `inspect` finds it.
    public enum Leftover: Sendable, Equatable {
        case nothing
        /// Only staged files (stopped before the journal): nothing in the project changed.
        case staging
        /// The journal of an apply that did not finish.
        case unfinished(operations: [Operation])
        /// The apply had finished; only its work folder is left.
        case finished
    }

    /// Undoes an unfinished update found in `project`, or finishes removing a finished one's
    /// work folder. Safe to run any number of times. A journal that is not one an update writes,
    /// or that names a path below a symbolic link, is refused (`.refused`) before anything is
    /// undone, and the work folder is left for the user to look at.
    public static func recover(project: String) throws(ApplyError) -> Recovery {
        let recovery: Recovery
        switch try inspect(project: project) {
        case .nothing: return .nothing
        case .finished:
            // Committed, the journal showing every entry placed: what the backup holds was
            // replaced or removed on purpose. A committed apply removes its backup before its
            // journal, so without a journal the backup holds no file, unless the marker was
            // planted over an unfinished apply's: then it is kept.
            guard isJournalled(project: project) else {
                try removeWorkFolder(project: project)
                return .finished
            }
            guard TreeRemover.remove(project + "/" + workFolder) else {
                throw .io(path: workFolder, reason: POSIX.lastError)
            }
            return .finished
        case .staging: recovery = .staging
        case .unfinished(let operations):
            let result = UpdateApplier(project: project, operations: operations).rollBack()
            recovery = .rolledBack(operations: result.undone, kept: result.kept)
        }
        try removeWorkFolder(project: project)
        return recovery
    }

    /// Throws `.notPutBack` when the work folder's backup holds an entry other than a folder:
    /// what `removeWorkFolder` keeps, and a dry run says the real update would stop at.
    static func refuseAHeldBackup(project: String) throws(ApplyError) {
        let held = ProjectScan.entriesOtherThanFolders(below: project + "/" + workFolder + "/" + backupFolder)
        guard held.isEmpty else { throw .notPutBack(paths: held) }
    }

    /// Removes the work folder of an update that did not commit (rolled back, or stopped before
    /// its journal), unless its backup still holds an entry other than a folder: one the
    /// roll-back could not put back, since something stands at its place now (the file made
    /// again, or the placed one edited, since it was moved aside). That entry is the project's
    /// version from before the update, the user's edits with it: the work folder is kept and
    /// the entries named (`.notPutBack`). An apply makes the backup's folders before moving
    /// anything, so folders alone are nothing of the user's.
    static func removeWorkFolder(project: String) throws(ApplyError) {
        try refuseAHeldBackup(project: project)
        guard TreeRemover.remove(project + "/" + workFolder) else {
            throw .io(path: workFolder, reason: POSIX.lastError)
        }
    }

    /// The journal's operations, each path checked on disk: no symbolic link among its folders.
    private static func readJournal(project: String) throws(ApplyError) -> [Operation] {
        let relative = workFolder + "/" + journalFile
        let damaged = { (reason: String) in
            ApplyError.refused(reason: "the journal of an earlier update cannot be trusted: \(reason); nothing was undone; look at '\(workFolder)', restore files from '\(workFolder)/\(backupFolder)' if needed, then remove '\(workFolder)'")
        }
        let bytes: [UInt8]
        switch POSIX.readRegularFile(project + "/" + relative, limit: Int(RecordReader.maximumBytes)) {
        case .bytes(let read): bytes = read
        case .notRegular: throw damaged("'\(relative)' is not a regular file")
        case .tooLarge(let size): throw damaged("'\(relative)' is \(size) bytes or more, larger than any journal an update writes")
        case .failed(let reason): throw .io(path: relative, reason: reason)
        }
        let operations: [Operation]
        do {
            operations = try UpdateJournal.parse(bytes: bytes)
        } catch {
            throw damaged(error.message)
        }
        if let found = ProjectScan.firstBelowALink(project: project, paths: operations.flatMap(UpdateJournal.paths)) {
            throw damaged("'\(DisplayPath.escaped(found.path))' lies below '\(DisplayPath.escaped(found.link))', a symbolic link, which a roll-back would follow out of the project")
        }
        return operations
    }
}
