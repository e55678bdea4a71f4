#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Copies one template file into the project: stamped in one pass when it is text, byte for
/// byte (zero chunks kept as holes) when it is not. The writer owns one, with its buffers,
/// reused from file to file.
final class FileCopier {
    /// What one copy produced.
    struct Copied {
        var bytes: Int64
        /// Tokens left in the file, with line and column, at most `ProjectWriter.leftoverLimit`.
        var leftovers: [WriteError.Leftover] = []
        var leftoverCount = 0
        /// The SHA-256 of the bytes written, for the record.
        var sha256 = ""
    }

    /// The trees files are read from, by `PlannedWrite.origin`: one, or a layered recipe's trees.
    private let treeRoots: [String]
    private let folder: String
    /// The trees and the temporary folder, opened once: `openat` from them spares the kernel
    /// walking the same leading folders twice for every file. -1 when they could not be opened.
    private let treeRootFDs: [Int32]
    private let folderFD: Int32
    private let umask: mode_t
    private let reader: StampingReader
    private let bytes: ByteCopier
    /// What the leftover scan leaves alone: the compilers' words and the recipe's `not-tokens`.
    private let words: TokenLikeWords
    private var digest = FileDigest()

    init(chunkSize: Int, treeRoots: [String], folder: String, stamper: Stamper, words: TokenLikeWords, interruption: Interruption?, umask: mode_t = 0) {
        self.words = words
        self.treeRoots = treeRoots
        self.folder = folder
        treeRootFDs = treeRoots.map { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        self.umask = umask
        reader = StampingReader(chunkSize: chunkSize, stamper: stamper, interruption: interruption)
        bytes = ByteCopier(reader: reader)
    }

    deinit {
        for fd in treeRootFDs where fd >= 0 { close(fd) }
        if folderFD >= 0 { close(folderFD) }
    }

    /// Copies `write` from the tree into the same path, stamped, below the temporary folder.
    func copy(_ write: PlannedWrite) throws(WriteError) -> Copied {
        guard case .file(let contents, let size) = write.kind else { return Copied(bytes: 0) }
        let target = folder + "/" + write.destination
        let source = try openSource(write)
        defer { close(source) }
        // Created with its final mode, as `cp` does: `open` takes the umask away itself, and the
        // temporary folder (0700) keeps everyone else out until the project is moved into place.
        let mode = mode_t(write.mode) & 0o7777 & ~umask
        let destination = folderFD >= 0
            ? openat(folderFD, write.destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            : open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard destination >= 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
        var closed = false
        defer { if !closed { close(destination) } }

        var copied: Copied
        digest.restart()
        if contents == .textUnlessBinary {
            copied = try stampText(from: source, to: destination, target: target, write: write, size: size)
        } else {
            copied = Copied(bytes: try bytes.copy(from: source, to: destination, write: write, digest: &digest))
        }
        copied.sha256 = digest.finish()
        closed = true
        guard close(destination) == 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
        return copied
    }

    /// Stamps `write` without writing it anywhere, for a dry run: the leftovers a real run
    /// would find (and refuse), and its size.
    func scan(_ write: PlannedWrite) throws(WriteError) -> Copied {
        guard case .file(let contents, let size) = write.kind else { return Copied(bytes: 0) }
        guard contents == .textUnlessBinary else { return Copied(bytes: size) }
        let source = try openSource(write)
        defer { close(source) }
        return try stampText(from: source, to: -1, target: nil, write: write, size: size)
    }

    /// The template file of `write`, open for reading, from the tree it comes from.
    private func openSource(_ write: PlannedWrite) throws(WriteError) -> Int32 {
        let treeRootFD = treeRootFDs[write.origin]
        let source = treeRootFD >= 0
            ? openat(treeRootFD, write.source, O_RDONLY | O_CLOEXEC)
            : open(treeRoots[write.origin] + "/" + write.source, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw .io(path: write.source, reason: "cannot read the template file: \(POSIX.lastError)") }
        return source
    }

    /// One pass: validate, stamp, scan the template's text between the values for leftovers, write. A file that proves binary part-way
    /// is started again as a byte-for-byte copy.
    /// With `destination` -1 nothing is written (a dry run) and leftovers are located by
    /// stamping the source again rather than reading the output back.
    private func stampText(from source: Int32, to destination: Int32, target: String?, write: PlannedWrite, size: Int64) throws(WriteError) -> Copied {
        var validator = UTF8Validator()
        var scanner = LeftoverScanner(leaving: words)
        let (completed, progress) = try reader.pass(source, size: size, path: write.source, inspect: { chunk, isFinal in
            validator.feed(chunk)
            if isFinal { validator.finish() }
            return !validator.isBinary
        }, emit: { chunk, values throws(WriteError) in
            scanner.scan(chunk, values: values)
            let raw = UnsafeRawBufferPointer(chunk)
            digest.add(raw)
            guard destination < 0 || POSIX.writeAll(destination, raw) else { throw .io(path: write.destination, reason: POSIX.lastError) }
        })
        guard completed else {
            return Copied(bytes: try copyBinary(from: source, to: destination, write: write, size: size, progress: progress))
        }
        scanner.finish()
        var copied = Copied(bytes: progress.bytesOut)
        if scanner.findingCount > 0 {
            copied.leftoverCount = scanner.findingCount
            copied.leftovers = try LeftoverLocation.locate(scanner, in: target, restamping: source, size: size, write: write, reader: reader)
        }
        return copied
    }

    /// A file that `stampText` found binary after `progress`: copied byte for byte from its
    /// start (nothing at all in a dry run). Returns the size.
    private func copyBinary(from source: Int32, to destination: Int32, write: PlannedWrite, size: Int64, progress: StampingReader.Progress) throws(WriteError) -> Int64 {
        if destination < 0 { return size }
        if progress.bytesOut == 0, progress.bytesIn == Int64(progress.lastCount), progress.isFinal {
            // The whole file came in the first read and nothing is written yet: copy these
            // bytes rather than read them again (a binary found by its first NUL).
            let whole = UnsafeRawBufferPointer(start: reader.buffer, count: progress.lastCount)
            return try bytes.writeWhole(whole, to: destination, write: write, digest: &digest)
        }
        guard lseek(source, 0, SEEK_SET) == 0 else { throw .io(path: write.source, reason: POSIX.lastError) }
        if progress.bytesOut > 0 {
            guard ftruncate(destination, 0) == 0, lseek(destination, 0, SEEK_SET) == 0 else {
                throw .io(path: write.destination, reason: POSIX.lastError)
            }
        }
        digest.restart()
        return try bytes.copy(from: source, to: destination, write: write, digest: &digest)
    }
}
