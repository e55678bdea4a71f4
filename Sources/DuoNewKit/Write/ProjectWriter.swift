#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Writes a plan into a temporary folder, checks that no token is left, records what made the
/// project, and moves it into place in one step. On any failure or interruption it removes
/// everything it created, so the destination is as it was.
public final class ProjectWriter {
    public struct Progress: Sendable {
        public var writesDone: Int
        public var writeCount: Int
        public var bytesWritten: Int64
    }

    public struct Summary: Sendable, Hashable {
        /// Regular files written from the template (the record file not counted).
        public var files: Int
        public var bytes: Int64
        /// The record's files (path, mode, digest), handed on so the bases of line merges are
        /// kept without reading the record back (`BaseStore.keep`).
        public var recorded: [String: GenerationRecord.File] = [:]
    }

    /// Bytes read per system call; large enough that a typical source file takes one read.
    public static let chunkSize = 1 << 20
    /// How many leftover tokens are described; the total is always reported.
    public static let leftoverLimit = 50

    private let plan: Plan
    private let treeRoots: [String]
    private let destination: Destination
    private let stamper: Stamper
    private var record: GenerationRecord
    private let interruption: Interruption?
    /// Permission bits the user's umask takes away from every file and folder written, as `cp` does.
    private let umask: mode_t

    private var leftovers: [WriteError.Leftover] = []
    private var leftoverTotal = 0
    private var createdParents: [String] = []
    private var temporary: String?
    private var summary = Summary(files: 0, bytes: 0)

    public convenience init(
        plan: Plan,
        treeRoot: URL,
        destination: Destination,
        values: [String: String],
        record: GenerationRecord,
        interruption: Interruption? = nil
    ) {
        self.init(plan: plan, treeRoots: [treeRoot], destination: destination, values: values, record: record, interruption: interruption)
    }

    /// `treeRoots` are the trees the plan's writes are read from, by `PlannedWrite.origin`: a
    /// layered recipe's layers first, its own tree last.
    public init(
        plan: Plan,
        treeRoots: [URL],
        destination: Destination,
        values: [String: String],
        record: GenerationRecord,
        interruption: Interruption? = nil
    ) {
        self.plan = plan
        self.treeRoots = treeRoots.map(\.path)
        self.destination = destination
        self.stamper = Stamper(values: values)
        self.record = record
        self.interruption = interruption
        self.umask = POSIX.currentUmask()
    }

    /// Writes the project; `progress` is called after each planned write.
    public func write(progress: (Progress) -> Void = { _ in }) throws(WriteError) -> Summary {
        do throws(WriteError) {
            removeStaleTemporaries()
            try createParents()
            let folder = try makeTemporaryFolder()
            // Folders and links first, in plan order (parents before children); then the files,
            // which depend on nothing but their folder, on every core.
            var done = 0
            for write in plan.writes where !write.isFile {
                try stopIfInterrupted()
                try perform(write, in: folder)
                done += 1
            }
            progress(Progress(writesDone: done, writeCount: plan.writes.count, bytesWritten: 0))
            try copyFiles(into: folder) { files, bytes in
                progress(Progress(writesDone: done + files, writeCount: plan.writes.count, bytesWritten: bytes))
            }
            if leftoverTotal > 0 { throw WriteError.leftoverTokens(leftovers, total: leftoverTotal) }
            recordLinksAndEmptyFolders()
            try writeRecord(in: folder)
            try applyFolderModes(in: folder)
            try stopIfInterrupted()
            try moveIntoPlace(folder)
            summary.recorded = record.files ?? [:]
            return summary
        } catch {
            cleanUp()
            throw error
        }
    }

    // MARK: - Folders

    /// Temporary folders that killed runs left where this one writes (their process is gone).
    private func removeStaleTemporaries() {
        for folder in destination.staleTemporaries { TreeRemover.remove(folder) }
    }

    /// Creates the missing parents. Another run may create the same ones at the same moment: a
    /// parent that is a folder by the time `mkdir` runs is used, and not removed on failure.
    private func createParents() throws(WriteError) {
        guard case .missing(let parents) = destination.state else { return }
        for parent in parents {
            if mkdir(parent, 0o777) == 0 {
                createdParents.append(parent)
                continue
            }
            let reason = POSIX.lastError
            guard errno == EEXIST, let info = POSIX.info(parent), POSIX.isDirectory(info) else {
                throw .destinationUnusable(path: parent, reason: reason)
            }
        }
    }

    /// For a missing destination, a hidden folder beside it, renamed onto it at the end. For an
    /// existing empty folder, a hidden folder inside it (same file system, no need to write to its
    /// parent), whose children are moved up at the end. Its name holds this process's id, so a
    /// later run can tell it from a live run's once this process is gone (`StaleTemporaries`).
    private func makeTemporaryFolder() throws(WriteError) -> String {
        let inside = destination.state == .emptyFolder
        let pattern = StaleTemporaries.pattern(for: destination.path, inside: inside)
        var template = Array(pattern.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap(mkdtemp) }
        guard made != nil else { throw .destinationUnusable(path: destination.path, reason: POSIX.lastError) }
        let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        temporary = folder
        return folder
    }

    private func applyFolderModes(in folder: String) throws(WriteError) {
        // Deepest first, so a folder without write permission is closed only after its children.
        for write in plan.writes.reversed() where write.kind == .directory {
            guard chmod(folder + "/" + write.destination, mode_t(write.mode) & ~umask) == 0 else {
                throw .io(path: write.destination, reason: POSIX.lastError)
            }
        }
        if case .missing = destination.state, chmod(folder, mode_t(plan.rootMode) & ~umask) != 0 {
            throw .io(path: destination.path, reason: POSIX.lastError)
        }
    }

    private func moveIntoPlace(_ folder: String) throws(WriteError) {
        switch destination.state {
        case .missing:
            guard POSIX.renameWithoutReplacing(folder, destination.path) else {
                throw Self.moveError(destination.path, shownAs: destination.path)
            }
        case .emptyFolder:
            guard let names = POSIX.entries(of: folder) else { throw .io(path: folder, reason: POSIX.lastError) }
            var moved: [String] = []
            for bytes in names {
                let name = String(decoding: bytes, as: UTF8.self)
                guard POSIX.renameWithoutReplacing(folder + "/" + name, destination.path + "/" + name) else {
                    let error = Self.moveError(destination.path + "/" + name, shownAs: destination.path)
                    for back in moved.reversed() { rename(destination.path + "/" + back, folder + "/" + back) }
                    throw error
                }
                moved.append(name)
            }
            rmdir(folder)
        }
        temporary = nil
        createdParents = []
    }

    /// Something appeared where the project goes while it was being written: the destination
    /// is no longer usable (73) and is left as the other writer made it.
    private static func moveError(_ path: String, shownAs destination: String) -> WriteError {
        let reason = POSIX.lastError
        switch errno {
        case EEXIST, ENOTEMPTY, ENOTDIR, EISDIR:
            let what = path == destination ? "it" : "'\((path as NSString).lastPathComponent)'"
            return .destinationUnusable(path: destination, reason: "\(what) appeared there while the project was being written, and was left as it is")
        default:
            return .io(path: path, reason: reason)
        }
    }

    private func cleanUp() {
        if let temporary {
            TreeRemover.remove(temporary)
            self.temporary = nil
        }
        for parent in createdParents.reversed() { rmdir(parent) }
        createdParents = []
    }

    private func stopIfInterrupted() throws(WriteError) {
        if let signal = interruption?.received { throw .interrupted(signal: signal) }
    }

    // MARK: - Entries

    private func perform(_ write: PlannedWrite, in folder: String) throws(WriteError) {
        let target = folder + "/" + write.destination
        switch write.kind {
        case .directory:
            guard mkdir(target, 0o700) == 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
        case .symlink(let linkTarget):
            guard symlink(linkTarget, target) == 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
        case .file:
            break
        }
    }

    private func writeRecord(in folder: String) throws(WriteError) {
        let path = folder + "/" + Planner.recordFileName
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io(path: Planner.recordFileName, reason: POSIX.lastError) }
        let written = record.encoded().withUnsafeBytes { POSIX.writeAll(fd, $0) }
        let reason = POSIX.lastError
        guard close(fd) == 0, written else { throw .io(path: Planner.recordFileName, reason: reason) }
    }

    /// Links with their targets, and folders the plan puts nothing in, so that `duo-new update`
    /// can treat them as it treats files.
    private func recordLinksAndEmptyFolders() {
        var links: [String: String] = [:]
        var holders: Set<String> = []
        for write in plan.writes {
            if case .symlink(let target) = write.kind { links[write.destination] = target }
            var parent = RelativePath.folder(of: write.destination)
            while !parent.isEmpty, holders.insert(parent).inserted {
                parent = RelativePath.folder(of: parent)
            }
        }
        let empty = plan.writes.filter { $0.kind == .directory && !holders.contains($0.destination) }.map(\.destination).sorted()
        if record.files == nil { record.files = [:] }   // a recipe of folders and links only
        record.links = links.isEmpty ? nil : links
        record.folders = empty.isEmpty ? nil : empty
    }

    // MARK: - Files

    /// Copies every planned file (`FileCopyQueue`: a large plan on a few threads). The first
    /// failure stops the copy. `progress` is called with the files and bytes done so far.
    private func copyFiles(into folder: String, progress: (Int, Int64) -> Void) throws(WriteError) {
        let files = plan.writes.filter(\.isFile)
        guard !files.isEmpty else { return }
        let results = try FileCopyQueue.copy(
            files, threads: FileCopyQueue.threads(for: files.count),
            makeCopier: { [treeRoots, stamper, words = plan.tokenLikeWords, interruption, umask] in
                FileCopier(chunkSize: Self.chunkSize, treeRoots: treeRoots, folder: folder, stamper: stamper, words: words, interruption: interruption, umask: umask)
            },
            progress: progress
        )

        summary.files += results.count
        var recorded: [String: GenerationRecord.File] = [:]
        recorded.reserveCapacity(results.count)
        // The recipe's intent, executable or not, never the umask's result: a project generated
        // under one umask and updated under another is not edited (`UpdatePlanner.Fingerprint`).
        for (write, copied) in zip(files, results) {
            let intent = UpdatePlanner.Fingerprint.intent(of: Int(write.mode) & 0o7777)
            recorded[write.destination] = GenerationRecord.File(mode: intent, sha256: copied.sha256)
        }
        record.files = recorded
        for copied in results {
            summary.bytes += copied.bytes
            leftoverTotal += copied.leftoverCount
            leftovers += copied.leftovers.prefix(Self.leftoverLimit - leftovers.count)
        }
    }
}

private extension PlannedWrite {
    var isFile: Bool {
        if case .file = kind { return true }
        return false
    }
}
