#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
    }

    /// Bytes read per system call; large enough that a typical source file takes one read.
    public static let chunkSize = 1 << 20
    /// How many leftover tokens are described; the total is always reported.
    public static let leftoverLimit = 50

    private let plan: Plan
    private let treeRoot: String
    private let destination: Destination
    private let stamper: Stamper
    private let record: GenerationRecord
    private let interruption: Interruption?

    private let buffer: UnsafeMutablePointer<UInt8>
    private let bufferCapacity: Int
    private var output: [UInt8] = []
    private var leftovers: [WriteError.Leftover] = []
    private var leftoverTotal = 0
    private var createdParents: [String] = []
    private var temporary: String?
    private var summary = Summary(files: 0, bytes: 0)

    public init(
        plan: Plan,
        treeRoot: URL,
        destination: Destination,
        values: [String: String],
        record: GenerationRecord,
        interruption: Interruption? = nil
    ) {
        self.plan = plan
        self.treeRoot = treeRoot.path
        self.destination = destination
        self.stamper = Stamper(values: values)
        self.record = record
        self.interruption = interruption
        bufferCapacity = Self.chunkSize + stamper.longestToken
        buffer = .allocate(capacity: bufferCapacity)
        output.reserveCapacity(Self.chunkSize * 2)
    }

    deinit {
        buffer.deallocate()
    }

    /// Writes the project; `progress` is called after each planned write.
    public func write(progress: (Progress) -> Void = { _ in }) throws(WriteError) -> Summary {
        do throws(WriteError) {
            try createParents()
            let folder = try makeTemporaryFolder()
            for (index, write) in plan.writes.enumerated() {
                try stopIfInterrupted()
                try perform(write, in: folder)
                progress(Progress(writesDone: index + 1, writeCount: plan.writes.count, bytesWritten: summary.bytes))
            }
            if leftoverTotal > 0 { throw WriteError.leftoverTokens(leftovers, total: leftoverTotal) }
            try writeRecord(in: folder)
            try applyFolderModes(in: folder)
            try stopIfInterrupted()
            try moveIntoPlace(folder)
            return summary
        } catch {
            cleanUp()
            throw error
        }
    }

    // MARK: - Folders

    private func createParents() throws(WriteError) {
        guard case .missing(let parents) = destination.state else { return }
        for parent in parents {
            guard mkdir(parent, 0o777) == 0 else {
                throw .destinationUnusable(path: parent, reason: POSIX.lastError)
            }
            createdParents.append(parent)
        }
    }

    /// For a missing destination, a hidden folder beside it, renamed onto it at the end. For an
    /// existing empty folder, a hidden folder inside it (same file system, no need to write to its
    /// parent), whose children are moved up at the end.
    private func makeTemporaryFolder() throws(WriteError) -> String {
        let name = (destination.path as NSString).lastPathComponent
        let pattern: String
        switch destination.state {
        case .missing:
            pattern = (destination.path as NSString).deletingLastPathComponent + "/.\(name).duo-new-XXXXXX"
        case .emptyFolder:
            pattern = destination.path + "/.duo-new-XXXXXX"
        }
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
            guard chmod(folder + "/" + write.destination, mode_t(write.mode)) == 0 else {
                throw .io(path: write.destination, reason: POSIX.lastError)
            }
        }
        if case .missing = destination.state, chmod(folder, mode_t(plan.rootMode)) != 0 {
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
            try? FileManager.default.removeItem(atPath: temporary)
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
        case .file(let contents, _):
            try copyFile(write, to: target, stamping: contents == .textUnlessBinary)
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

    // MARK: - Files

    private func copyFile(_ write: PlannedWrite, to target: String, stamping: Bool) throws(WriteError) {
        let source = open(treeRoot + "/" + write.source, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw .io(path: write.source, reason: "cannot read the template file: \(POSIX.lastError)") }
        defer { close(source) }
        let destination = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard destination >= 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
        var closed = false
        defer { if !closed { close(destination) } }

        if stamping {
            try stampText(from: source, to: destination, write: write)
        } else {
            try copyBytes(from: source, to: destination, write: write)
        }
        guard fchmod(destination, mode_t(write.mode)) == 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
        closed = true
        guard close(destination) == 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
        summary.files += 1
    }

    /// One pass: validate, stamp, scan for leftovers, write. A file that proves binary part-way
    /// is started again as a byte-for-byte copy.
    private func stampText(from source: Int32, to destination: Int32, write: PlannedWrite) throws(WriteError) {
        var validator = UTF8Validator()
        var scanner = LeftoverScanner()
        var carried = 0
        var bytesOut: Int64 = 0
        while true {
            try stopIfInterrupted()
            let count = POSIX.readChunk(source, buffer + carried, Self.chunkSize)
            guard count >= 0 else { throw .io(path: write.source, reason: "cannot read the template file: \(POSIX.lastError)") }
            // A short read of a regular file is its end: small files take one read, not two.
            let isFinal = count < Self.chunkSize
            validator.feed(UnsafeBufferPointer(start: buffer + carried, count: count))
            if isFinal { validator.finish() }
            if validator.isBinary {
                guard lseek(source, 0, SEEK_SET) == 0, ftruncate(destination, 0) == 0, lseek(destination, 0, SEEK_SET) == 0 else {
                    throw .io(path: write.destination, reason: POSIX.lastError)
                }
                try copyBytes(from: source, to: destination, write: write)
                return
            }
            let end = carried + count
            output.removeAll(keepingCapacity: true)
            let used = stamper.stamp(UnsafeBufferPointer(start: buffer, count: end), isFinal: isFinal, into: &output)
            let written = output.withUnsafeBufferPointer { chunk in
                scanner.scan(chunk)
                return POSIX.writeAll(destination, UnsafeRawBufferPointer(chunk))
            }
            guard written else { throw .io(path: write.destination, reason: POSIX.lastError) }
            bytesOut += Int64(output.count)
            carried = end - used
            if carried > 0 { buffer.update(from: buffer + used, count: carried) }
            if isFinal { break }
        }
        summary.bytes += bytesOut
        if scanner.findingCount > 0 { try recordLeftovers(scanner, write: write) }
    }

    /// A byte-for-byte copy that keeps holes, as `cp` does: the source's holes are skipped
    /// without being read (`SEEK_DATA`), and a whole chunk of zeros becomes a hole (a seek, not a
    /// write), so a sparse file stays sparse and costs neither time nor disk.
    private func copyBytes(from source: Int32, to destination: Int32, write: PlannedWrite) throws(WriteError) {
        var info = stat()
        guard fstat(source, &info) == 0 else { throw .io(path: write.source, reason: "cannot read the template file: \(POSIX.lastError)") }
        let size = Int64(info.st_size)
        var offset: Int64 = 0
        while offset < size {
            var start = Int64(lseek(source, off_t(offset), POSIX.seekData))
            if start < 0 {
                if errno == ENXIO { break }   // nothing but a hole up to the end
                start = offset                // no hole support here: everything is data
            }
            var end = Int64(lseek(source, off_t(start), POSIX.seekHole))
            if end < 0 { end = size }
            guard lseek(source, off_t(start), SEEK_SET) >= 0, lseek(destination, off_t(start), SEEK_SET) >= 0 else {
                throw .io(path: write.destination, reason: POSIX.lastError)
            }
            try copyRange(from: source, to: destination, length: end - start, write: write)
            offset = end
        }
        // Sets the length when the file ends in a hole; changes nothing otherwise.
        guard ftruncate(destination, off_t(size)) == 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
        summary.bytes += size
    }

    private func copyRange(from source: Int32, to destination: Int32, length: Int64, write: PlannedWrite) throws(WriteError) {
        var left = length
        while left > 0 {
            try stopIfInterrupted()
            let count = POSIX.readChunk(source, buffer, Int(min(left, Int64(Self.chunkSize))))
            guard count >= 0 else { throw .io(path: write.source, reason: "cannot read the template file: \(POSIX.lastError)") }
            if count == 0 { return }   // the file shrank while being copied
            if POSIX.isAllZero(UnsafeRawBufferPointer(start: buffer, count: count)) {
                guard lseek(destination, off_t(count), SEEK_CUR) >= 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
            } else {
                guard POSIX.writeAll(destination, UnsafeRawBufferPointer(start: buffer, count: count)) else {
                    throw .io(path: write.destination, reason: POSIX.lastError)
                }
            }
            left -= Int64(count)
        }
    }

    /// Reads the written file back to turn the scanner's offsets into line numbers; this only
    /// happens when generation is about to fail anyway.
    private func recordLeftovers(_ scanner: LeftoverScanner, write: PlannedWrite) throws(WriteError) {
        leftoverTotal += scanner.findingCount
        var locator = LineLocator(offsets: scanner.findings.map(\.offset))
        let reader = open(temporary.map { $0 + "/" + write.destination } ?? "", O_RDONLY | O_CLOEXEC)
        guard reader >= 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
        defer { close(reader) }
        while !locator.isDone {
            let count = POSIX.readChunk(reader, buffer, Self.chunkSize)
            guard count > 0 else { break }
            locator.feed(UnsafeBufferPointer(start: buffer, count: count))
        }
        for finding in scanner.findings where leftovers.count < Self.leftoverLimit {
            let position = locator.positions[finding.offset] ?? LineLocator.Position(line: 0, column: 0)
            leftovers.append(WriteError.Leftover(path: write.source, line: position.line, column: position.column, token: finding.token))
        }
    }
}
