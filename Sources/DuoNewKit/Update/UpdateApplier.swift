#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
    public static let workFolder = ".duo-new-update"
    public static let stagedFolder = "new"
    public static let backupFolder = "backup"
    public static let journalFile = "journal"
    public static let committedFile = "committed"

    /// One step of the apply, with paths relative to the project.
    public enum Operation: Sendable, Hashable {
        case makeFolder(String)
        case move(from: String, to: String)
        /// `rmdir` of a folder the removals emptied; undone by making it again with `mode`.
        case removeFolder(String, mode: Int)
    }

    public enum Failure: Error, Sendable {
        case io(path: String, reason: String)
        case interrupted(signal: Int32)
        /// Stopped on purpose after some operations (the test hook), leaving the journal.
        case stoppedForTest(after: Int)

        public var message: String {
            switch self {
            case .io(let path, let reason): "cannot update '\(path)': \(reason); the project was put back as it was"
            case .interrupted: "interrupted while updating; the project was put back as it was"
            case .stoppedForTest(let count): "stopped after \(count) operations, as DUO_NEW_UPDATE_STOP_AFTER asked; the journal was left for the next run"
            }
        }
    }

    public let project: String
    public let operations: [Operation]

    public init(project: String, operations: [Operation]) {
        self.project = project
        self.operations = operations
    }

    /// The operations that carry out `steps`, given the staged tree in the work folder.
    /// `exists` tells whether a project path exists now (folders included), `mode` a folder's
    /// permission bits. Backup folders are created here, inside the work folder, since they are
    /// removed with it.
    public static func operations(for steps: [UpdatePlanner.Step], exists: (String) -> Bool, mode: (String) -> Int = { _ in 0o755 }) -> [Operation] {
        let staged = workFolder + "/" + stagedFolder + "/"
        let backup = workFolder + "/" + backupFolder + "/"
        var operations: [Operation] = []
        var madeFolders: Set<String> = []
        func makeParents(of path: String) {
            var parents: [String] = []
            var parent = RelativePath.folder(of: path)
            while !parent.isEmpty, !madeFolders.contains(parent), !exists(parent) {
                parents.append(parent)
                parent = RelativePath.folder(of: parent)
            }
            for folder in parents.reversed() {
                madeFolders.insert(folder)
                operations.append(.makeFolder(folder))
            }
        }
        for step in steps {
            switch step.action {
            case .replace:
                operations.append(.move(from: step.path, to: backup + step.path))
                operations.append(.move(from: staged + step.path, to: step.path))
            case .add:
                makeParents(of: step.path)
                operations.append(.move(from: staged + step.path, to: step.path))
            case .conflict:
                let beside = step.path + UpdatePlanner.conflictSuffix
                if exists(beside) { operations.append(.move(from: beside, to: backup + beside)) }
                operations.append(.move(from: staged + step.path, to: beside))
            case .remove:
                operations.append(.move(from: step.path, to: backup + step.path))
            case .removeFolder:
                operations.append(.removeFolder(step.path, mode: mode(step.path)))
            case .unchanged, .keepEdited, .keepDropped, .userDeleted:
                break
            }
        }
        // The record last, so an update that did not finish is still described by the old one.
        let record = Planner.recordFileName
        if exists(record) { operations.append(.move(from: record, to: backup + record)) }
        operations.append(.move(from: staged + record, to: record))
        return operations
    }

    /// Writes the journal, then runs every operation; on a failure or a signal, undoes what was
    /// done and throws. For tests only: `stopAfter` stops after that many operations without
    /// undoing, as a power cut would, and `pauseMilliseconds` waits after each operation so a
    /// real signal can land in the middle.
    public func apply(interruption: Interruption? = nil, stopAfter: Int? = nil, pauseMilliseconds: Int = 0) throws(Failure) {
        try prepareBackupFolders()
        try writeJournal()
        for (index, operation) in operations.enumerated() {
            if let stopAfter, index >= stopAfter { throw .stoppedForTest(after: index) }
            if let signal = interruption?.received {
                rollBack()
                throw .interrupted(signal: signal)
            }
            do throws(Failure) {
                try perform(operation)
            } catch {
                rollBack()
                throw error
            }
            if pauseMilliseconds > 0 { usleep(useconds_t(pauseMilliseconds) * 1000) }
        }
        if let stopAfter, stopAfter == operations.count { throw .stoppedForTest(after: stopAfter) }
        try commit()
    }

    // MARK: - Recovery

    /// What an earlier update left, if anything, and what `recover` did about it.
    public enum Recovery: Sendable, Equatable {
        case nothing
        /// The update had not finished: every done operation was undone.
        case rolledBack(operations: Int)
        /// The update had finished: only its work folder was left, and is now gone.
        case finished
        /// Only staged files were left (stopped before the journal): removed.
        case staging
    }

    /// Undoes an unfinished update found in `project`, or finishes removing a finished one's
    /// work folder. Safe to run any number of times.
    public static func recover(project: String) throws(Failure) -> Recovery {
        let work = project + "/" + workFolder
        guard POSIX.linkInfo(work) != nil else { return .nothing }
        let recovery: Recovery
        if POSIX.linkInfo(work + "/" + committedFile) != nil {
            recovery = .finished
        } else if let text = try? String(contentsOfFile: work + "/" + journalFile, encoding: .utf8) {
            guard let operations = Self.parse(text) else {
                throw .io(path: workFolder + "/" + journalFile, reason: "the journal of an earlier update is damaged; look at it, restore files from '\(workFolder)/\(backupFolder)' if needed, then remove '\(workFolder)'")
            }
            let undone = UpdateApplier(project: project, operations: operations).rollBack()
            recovery = .rolledBack(operations: undone)
        } else {
            recovery = .staging
        }
        do {
            try FileManager.default.removeItem(atPath: work)
        } catch {
            throw .io(path: workFolder, reason: error.localizedDescription)
        }
        return recovery
    }

    // MARK: - Journal

    private func writeJournal() throws(Failure) {
        let text = operations.map(Self.line).joined(separator: "\n") + "\n"
        try writeDurably(text, to: Self.workFolder + "/" + Self.journalFile)
    }

    private func commit() throws(Failure) {
        // Once this marker is on disk the update counts as done; a failure removing the work
        // folder after it is harmless (the next run removes it).
        try writeDurably("", to: Self.workFolder + "/" + Self.committedFile)
        try? FileManager.default.removeItem(atPath: project + "/" + Self.workFolder)
    }

    private func writeDurably(_ text: String, to relative: String) throws(Failure) {
        let path = project + "/" + relative
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io(path: relative, reason: POSIX.lastError) }
        let written = Data(text.utf8).withUnsafeBytes { POSIX.writeAll(fd, $0) }
        let synced = fsync(fd) == 0
        let reason = POSIX.lastError
        guard close(fd) == 0, written, synced else { throw .io(path: relative, reason: reason) }
    }

    /// `mkdir<TAB>path`, `move<TAB>from<TAB>to` or `rmdir<TAB>path<TAB>octal mode`; paths hold
    /// no tab or newline (checked).
    static func line(_ operation: Operation) -> String {
        switch operation {
        case .makeFolder(let path): "mkdir\t\(path)"
        case .move(let from, let to): "move\t\(from)\t\(to)"
        case .removeFolder(let path, let mode): "rmdir\t\(path)\t\(String(mode, radix: 8))"
        }
    }

    static func parse(_ text: String) -> [Operation]? {
        var operations: [Operation] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("mkdir", 2): operations.append(.makeFolder(fields[1]))
            case ("move", 3): operations.append(.move(from: fields[1], to: fields[2]))
            case ("rmdir", 3):
                guard let mode = Int(fields[2], radix: 8) else { return nil }
                operations.append(.removeFolder(fields[1], mode: mode))
            default: return nil
            }
        }
        return operations
    }

    // MARK: - Operations

    private func prepareBackupFolders() throws(Failure) {
        let backup = Self.workFolder + "/" + Self.backupFolder + "/"
        for case .move(_, let to) in operations where to.hasPrefix(backup) {
            let parent = project + "/" + (to as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw .io(path: (to as NSString).deletingLastPathComponent, reason: error.localizedDescription)
            }
        }
        for operation in operations {
            let paths: [String] = switch operation {
            case .makeFolder(let path), .removeFolder(let path, _): [path]
            case .move(let from, let to): [from, to]
            }
            if paths.contains(where: { $0.contains("\t") || $0.contains("\n") }) {
                throw .io(path: paths[0], reason: "a path holding a tab or a line break cannot be journalled")
            }
        }
    }

    private func perform(_ operation: Operation) throws(Failure) {
        switch operation {
        case .makeFolder(let path):
            guard mkdir(project + "/" + path, 0o755) == 0 else { throw .io(path: path, reason: POSIX.lastError) }
        case .move(let from, let to):
            guard POSIX.renameWithoutReplacing(project + "/" + from, project + "/" + to) else {
                throw .io(path: from, reason: POSIX.lastError)
            }
        case .removeFolder(let path, _):
            guard rmdir(project + "/" + path) == 0 else { throw .io(path: path, reason: POSIX.lastError) }
        }
    }

    /// Undoes, newest first, every operation the disk shows as done; returns how many.
    @discardableResult
    func rollBack() -> Int {
        var undone = 0
        for operation in operations.reversed() {
            switch operation {
            case .makeFolder(let path):
                if rmdir(project + "/" + path) == 0 { undone += 1 }
            case .move(let from, let to):
                if POSIX.linkInfo(project + "/" + from) == nil, POSIX.linkInfo(project + "/" + to) != nil,
                   rename(project + "/" + to, project + "/" + from) == 0 {
                    undone += 1
                }
            case .removeFolder(let path, let mode):
                // The folder existed before the apply: absent now means removed by it.
                if POSIX.linkInfo(project + "/" + path) == nil, mkdir(project + "/" + path, 0o700) == 0 {
                    chmod(project + "/" + path, mode_t(mode))
                    undone += 1
                }
            }
        }
        return undone
    }
}
