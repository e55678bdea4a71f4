#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Applies an update plan to a project with a journal, so that a failure or an interruption
/// leaves the project exactly as it was before or exactly as after, never half.
///
/// Everything new is first staged inside the project, in `.duo-new-update/new` (written by the
/// generator), and every file about to be replaced or removed gets a place in
/// `.duo-new-update/backup`. The journal lists every operation before the first runs; each is
/// one `rename` or one `mkdir` inside the project's file system. Whether an operation happened
/// can be read from the disk (its source is gone and its target is there), so undoing the done
/// ones in reverse order restores the project whatever the moment it stopped. A `committed`
/// marker is written after the last operation; only then is the work folder removed.
public struct UpdateApplier {
    /// The work folder inside the project; its presence at the start of an update means an
    /// earlier one did not finish.
    public static let workFolder = ReservedProjectName.updateWorkFolder
    public static let stagedFolder = "new"
    public static let backupFolder = "backup"
    public static let journalFile = "journal"
    public static let committedFile = "committed"

    /// One step of the apply, with paths relative to the project.
    public enum Operation: Sendable, Hashable {
        case makeFolder(String)
        /// A project entry moved into the backup folder (undone by moving it back while its
        /// place is free).
        case move(from: String, to: String)
        /// A staged entry moved into the project. `digest` is what was staged
        /// (`ProjectScan.digest`): a roll-back takes the entry back out of the project only
        /// while it still holds exactly that, so a journal that names a file the update never
        /// put there (planted, or edited since) can never carry the user's bytes away.
        case place(from: String, to: String, digest: String)
        /// `rmdir` of a folder the removals emptied; undone by making it again with `mode`.
        case removeFolder(String, mode: Int)
    }

    public enum ApplyError: Error, Sendable {
        case io(path: String, reason: String)
        case interrupted(signal: Int32)
        /// Stopped by the observer after some operations, leaving the journal.
        case stopped(after: Int)
        /// What an earlier update left cannot be trusted (a planted or damaged journal, a work
        /// folder that is a link): nothing was touched.
        case refused(reason: String)
        /// A roll-back could not put these entries back (paths in the project), since something
        /// stands at their places now: their versions from before the update are kept in the
        /// backup, with the work folder, for the user to settle.
        case notPutBack(paths: [String])
        /// A project entry about to be moved aside no longer holds what the plan saw (saved by
        /// an editor while the update ran): the update was rolled back rather than take it away.
        case changed(path: String)

        private static func notPutBack(_ paths: [String]) -> String {
            let one = paths.count == 1
            let names = paths.map { "'\(DisplayPath.escaped($0))'" }.joined(separator: ", ")
            let backup = workFolder + "/" + backupFolder + "/"
            return "an update that did not finish moved \(names) aside, and its roll-back could not put \(one ? "it" : "them") back: something stands at \(one ? "its place" : "their places") now (made or changed since), and duo-new replaces neither; the version from before the update is kept in '\(backup)' under the same path; compare, keep what you want in the project, then remove '\(workFolder)' and update again"
        }

        public var message: String {
            switch self {
            case .io(let path, let reason): "cannot update '\(path)': \(reason); the project was put back as it was"
            case .interrupted: "interrupted while updating; the project was put back as it was"
            case .refused(let reason): reason
            case .stopped(let count): "stopped after \(count) operations, as the update's observer asked; the journal was left for the next run"
            case .notPutBack(let paths):
                Self.notPutBack(paths)
            case .changed(let path):
                "'\(DisplayPath.escaped(path))' changed while the update ran (saved meanwhile?), after the update had planned from it, and an update never moves away what it has not seen; the project was put back as it was; update again"
            }
        }
    }

    public let project: String
    public let operations: [Operation]
    /// What the plan saw at each project path (`ProjectScan.current`): an entry is moved aside
    /// only while it still is that, so an edit saved after the plan is never taken away unseen.
    public let seen: [String: UpdatePlanner.Current]

    public init(project: String, operations: [Operation], seen: [String: UpdatePlanner.Current] = [:]) {
        self.project = project
        self.operations = operations
        self.seen = seen
    }

    /// The operations that carry out `steps`, given the staged tree in the work folder.
    /// `exists` tells whether a project path exists now (folders included), `mode` a folder's
    /// permission bits. Backup folders are created here, inside the work folder, since they are
    /// removed with it.
    ///
    /// Removals come first, then the folders they empty, then what is written: a file that
    /// becomes a folder (or a folder that becomes a file) is out of the way before its
    /// replacement arrives, and a folder a removal took is made again when something goes below it.
    /// `digest` gives a staged path's digest (`ProjectScan.digest`), or throws when it has none.
    public static func operations<Problem: Error>(
        for steps: [UpdatePlanner.Step], exists: (String) -> Bool, digest: (String) throws(Problem) -> String, mode: (String) -> Int = { _ in 0o755 }
    ) throws(Problem) -> [Operation] {
        let staged = workFolder + "/" + stagedFolder + "/"
        let backup = workFolder + "/" + backupFolder + "/"
        var operations: [Operation] = []
        var madeFolders: Set<String> = []
        var removed: Set<String> = []
        func place(_ stagedPath: String, to path: String) throws(Problem) -> Operation {
            .place(from: staged + stagedPath, to: path, digest: try digest(staged + stagedPath))
        }
        func isThere(_ path: String) -> Bool { !removed.contains(path) && (madeFolders.contains(path) || exists(path)) }
        func makeParents(of path: String) {
            var parents: [String] = []
            var parent = RelativePath.folder(of: path)
            while !parent.isEmpty, !isThere(parent) {
                parents.append(parent)
                parent = RelativePath.folder(of: parent)
            }
            for folder in parents.reversed() {
                madeFolders.insert(folder)
                removed.remove(folder)
                operations.append(.makeFolder(folder))
            }
        }
        for step in steps where step.action == .remove {
            operations.append(.move(from: step.path, to: backup + step.path))
            removed.insert(step.path)
        }
        for step in steps where step.action == .removeFolder {
            operations.append(.removeFolder(step.path, mode: mode(step.path)))
            removed.insert(step.path)
        }
        for step in steps {
            switch step.action {
            case .replace, .merge, .conflictMarked:
                // A merged file was written over the staged one: it is placed as a new version is.
                operations.append(.move(from: step.path, to: backup + step.path))
                operations.append(try place(step.path, to: step.path))
            case .add:
                makeParents(of: step.path)
                operations.append(try place(step.path, to: step.path))
            case .conflict:
                let beside = step.conflictPath
                makeParents(of: beside)
                if isThere(beside) { operations.append(.move(from: beside, to: backup + beside)) }
                operations.append(try place(step.path, to: beside))
            case .remove, .removeFolder, .unchanged, .keepEdited, .keepDropped, .userDeleted:
                break
            }
        }
        // The record last, so an update that did not finish is still described by the old one.
        let record = Planner.recordFileName
        if exists(record) { operations.append(.move(from: record, to: backup + record)) }
        operations.append(try place(record, to: record))
        return operations
    }

    /// Writes the journal, then runs every operation; on a failure or a signal, undoes what was
    /// done and throws. `observer` is told before each operation and after the last how many
    /// are done; when it throws, the apply stops there without undoing, as a power cut would.
    public func apply(interruption: Interruption? = nil, observer: (any UpdateApplyObserver)? = nil) throws(ApplyError) {
        try prepareBackupFolders()
        try writeJournal(observer: observer)
        for (index, operation) in operations.enumerated() {
            try observer?.applied(index, of: operations.count)
            if let signal = interruption?.received {
                rollBack()
                throw .interrupted(signal: signal)
            }
            do throws(ApplyError) {
                try perform(operation, interruption: interruption)
            } catch {
                rollBack()
                throw error
            }
        }
        try observer?.applied(operations.count, of: operations.count)
        do throws(ApplyError) {
            try commit()
        } catch {
            // Not committed, the update did not happen: undone, as after a failed operation.
            rollBack()
            throw error
        }
    }

    // MARK: - Journal

    /// The journal is written whole under another name, synced, then linked to its own: a kill
    /// while it is written leaves no journal, only a staging the next run removes (nothing has
    /// been changed yet), never a journal cut mid-line that no run could trust.
    private func writeJournal(observer: (any UpdateApplyObserver)?) throws(ApplyError) {
        let journal = Self.workFolder + "/" + Self.journalFile
        let written = journal + ".partial"
        do {
            try writeDurably(UpdateJournal.text(operations), to: written)
        } catch {
            // Named as the journal it is: the temporary name is an implementation's detail.
            if case .io(_, let reason) = error { throw .io(path: journal, reason: reason) }
            throw error
        }
        try observer?.journalWritten()
        // `link` fails on a name already taken: whatever stands at the journal's name is not replaced.
        guard link(project + "/" + written, project + "/" + journal) == 0 else { throw .io(path: journal, reason: POSIX.lastError) }
        unlink(project + "/" + written)
        POSIX.syncFolder(project + "/" + Self.workFolder)
    }

    private func commit() throws(ApplyError) {
        // Once this marker is on disk the update counts as done; a failure removing the work
        // folder after it is harmless (the next run removes it).
        try writeDurably("", to: Self.workFolder + "/" + Self.committedFile)
        // The backup before the journal: a run stopped in between leaves the journal, which
        // shows the apply finished, or a backup with no file in it (`recover`).
        let work = project + "/" + Self.workFolder
        guard TreeRemover.remove(work + "/" + Self.backupFolder) else { return }
        TreeRemover.remove(work + "/" + Self.journalFile)
        TreeRemover.remove(work)
    }

    /// Creates `relative` (in the work folder, never there before) and syncs it. Exclusive
    /// create without following a link: whatever stands at that name (a link out of the project,
    /// a FIFO) fails the update rather than being written through, and nothing outside is truncated.
    private func writeDurably(_ text: String, to relative: String) throws(ApplyError) {
        let path = project + "/" + relative
        if let found = ProjectScan.firstBelowALink(project: project, paths: [relative]) {
            throw .io(path: relative, reason: "'\(DisplayPath.escaped(found.link))' is a symbolic link, which duo-new never writes through")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(path: relative, reason: POSIX.lastError) }
        let written = Data(text.utf8).withUnsafeBytes { POSIX.writeAll(fd, $0) }
        let synced = fsync(fd) == 0
        let reason = POSIX.lastError
        guard close(fd) == 0, written, synced else { throw .io(path: relative, reason: reason) }
    }

    // MARK: - Operations

    /// Makes the folders the moves into the backup need, one `mkdir` at a time (0700: the
    /// backup holds the project's files), each found folder checked to be a real folder: a link
    /// placed in the work folder never sends a backup elsewhere.
    private func prepareBackupFolders() throws(ApplyError) {
        let backup = Self.workFolder + "/" + Self.backupFolder + "/"
        var made: Set<String> = []
        for case .move(_, let to) in operations where to.hasPrefix(backup) {
            var folder = ""
            for name in to.split(separator: "/").dropLast() {
                folder = folder.isEmpty ? String(name) : folder + "/" + name
                guard made.insert(folder).inserted else { continue }
                if mkdir(project + "/" + folder, 0o700) == 0 { continue }
                guard errno == EEXIST, let info = POSIX.linkInfo(project + "/" + folder), POSIX.isDirectory(info) else {
                    throw .io(path: DisplayPath.escaped(folder), reason: errno == EEXIST ? "it is not a folder (a symbolic link or a file), and duo-new never writes through one" : POSIX.lastError)
                }
            }
        }
        for operation in operations {
            let paths = UpdateJournal.paths(of: operation)
            if let path = paths.first(where: { ContainedPath.problem(in: $0) != nil }), let problem = ContainedPath.problem(in: path) {
                throw .io(path: DisplayPath.escaped(path), reason: "it cannot be journalled: \(problem.message)")
            }
        }
    }

    /// Runs one operation, after checking that no folder along its paths has become a link
    /// since the plan (the work folder is inside the project, where anything may write), and
    /// that an entry it moves aside is still what the plan saw (`seen`); hashing that again
    /// stops at a signal, as planning's does.
    private func perform(_ operation: Operation, interruption: Interruption?) throws(ApplyError) {
        if let found = ProjectScan.firstBelowALink(project: project, paths: UpdateJournal.paths(of: operation)) {
            throw .io(path: DisplayPath.escaped(found.path), reason: "'\(DisplayPath.escaped(found.link))' is a symbolic link, which duo-new never follows out of the project")
        }
        if case .move(let from, _) = operation, let expected = seen[from] {
            let now: UpdatePlanner.Current?
            do {
                now = try ProjectScan.current(project: project, paths: [from], interruption: interruption)[from]
            } catch {
                if case .interrupted = error { throw error }
                now = nil
            }
            guard now == expected else { throw .changed(path: from) }
        }
        switch operation {
        case .makeFolder(let path):
            guard mkdir(project + "/" + path, 0o755) == 0 else { throw Self.failure(errno, path: path, writing: [path]) }
        case .move(let from, let to), .place(let from, let to, _):
            guard POSIX.renameWithoutReplacing(project + "/" + from, project + "/" + to) else {
                throw Self.failure(errno, path: from, writing: [from, to])
            }
        case .removeFolder(let path, _):
            guard rmdir(project + "/" + path) == 0 else { throw Self.failure(errno, path: path, writing: [path]) }
        }
    }

    /// An operation on `path` that failed with `code`. When permissions refused it, the reason
    /// names the project's folders it writes in (those of `writing`, the work folder's left out:
    /// duo-new made them) and says to make them writable.
    static func failure(_ code: Int32, path: String, writing paths: [String]) -> ApplyError {
        let reason = String(cString: strerror(code))
        let folders = Set(paths.map(RelativePath.folder(of:))).filter { $0 != workFolder && !$0.hasPrefix(workFolder + "/") }
        guard code == EACCES || code == EPERM, !folders.isEmpty else { return .io(path: path, reason: reason) }
        let names = folders.sorted().map { $0.isEmpty ? "the project's folder" : "'\(DisplayPath.escaped($0))'" }
        let one = names.count == 1
        return .io(path: path, reason: "\(reason): an update moves files in and out of \(SentenceList.joined(names)), which \(one ? "is" : "are") not writable; make \(one ? "it" : "them") writable (chmod u+w), then update again")
    }

    /// What a roll-back did: how many operations it undid, and the placed entries it left where
    /// they are because they no longer hold what the update had staged.
    public struct RollBack: Sendable, Equatable {
        public var undone = 0
        public var kept: [String] = []
    }

    /// Undoes, newest first, every operation the disk shows as done.
    @discardableResult
    func rollBack() -> RollBack {
        var result = RollBack()
        for operation in operations.reversed() {
            // A folder along its paths turned into a link since: undoing it would follow the link.
            if ProjectScan.firstBelowALink(project: project, paths: UpdateJournal.paths(of: operation)) != nil { continue }
            switch operation {
            case .makeFolder(let path):
                if rmdir(project + "/" + path) == 0 { result.undone += 1 }
            case .move(let from, let to):
                // Without replacing: a file made at `from` since it was looked at stays, and
                // the moved one stays in the backup (`removeWorkFolder` then keeps it).
                if POSIX.linkInfo(project + "/" + from) == nil, POSIX.linkInfo(project + "/" + to) != nil,
                   POSIX.renameWithoutReplacing(project + "/" + to, project + "/" + from) {
                    result.undone += 1
                }
            case .place(let from, let to, let digest):
                guard POSIX.linkInfo(project + "/" + from) == nil, POSIX.linkInfo(project + "/" + to) != nil else { continue }
                guard let now = ProjectScan.digest(project + "/" + to), now == digest else {
                    result.kept.append(to)
                    continue
                }
                if rename(project + "/" + to, project + "/" + from) == 0 { result.undone += 1 }
            case .removeFolder(let path, let mode):
                // The folder existed before the apply: absent now means removed by it.
                if POSIX.linkInfo(project + "/" + path) == nil, mkdir(project + "/" + path, 0o700) == 0 {
                    chmod(project + "/" + path, mode_t(mode))
                    result.undone += 1
                }
            }
        }
        return result
    }
}
