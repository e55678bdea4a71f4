#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Copies one template file into the project: stamped in one pass when it is text, byte for
/// byte (zero chunks kept as holes) when it is not. Each writing thread owns one, with its
/// buffers, so files are copied on every core without sharing anything mutable.
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

    private let chunkSize: Int
    /// The trees files are read from, by `PlannedWrite.origin`: one, or a layered recipe's trees.
    private let treeRoots: [String]
    private let folder: String
    /// The trees and the temporary folder, opened once: `openat` from them spares the kernel
    /// walking the same leading folders twice for every file. -1 when they could not be opened.
    private let treeRootFDs: [Int32]
    private let folderFD: Int32
    private let stamper: Stamper
    private let interruption: Interruption?
    private let umask: mode_t
    private let buffer: UnsafeMutablePointer<UInt8>
    private var output: [UInt8] = []
    /// The digest of the file being copied, fed as its bytes are written (holes as zeros).
    private var hasher = SHA256()
    private var hashed: Int64 = 0

    init(chunkSize: Int, treeRoots: [String], folder: String, stamper: Stamper, interruption: Interruption?, umask: mode_t = 0) {
        self.chunkSize = chunkSize
        self.treeRoots = treeRoots
        self.folder = folder
        treeRootFDs = treeRoots.map { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        self.stamper = stamper
        self.interruption = interruption
        self.umask = umask
        buffer = POSIX.allocateReadBuffer(chunkSize + stamper.longestToken)
        output.reserveCapacity(chunkSize * 2)
    }

    deinit {
        POSIX.freeReadBuffer(buffer)
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
        hasher.restart()
        hashed = 0
        if contents == .textUnlessBinary {
            copied = try stampText(from: source, to: destination, target: target, write: write, size: size)
        } else {
            copied = Copied(bytes: try copyBytes(from: source, to: destination, write: write))
        }
        copied.sha256 = hasher.finish()
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

    private func stopIfInterrupted() throws(WriteError) {
        if let signal = interruption?.received { throw .interrupted(signal: signal) }
    }

    /// Whether a read of `count` bytes, bringing the total to `read` of a file planned at `size`,
    /// was the last. A short read at the planned size ends the file without a second read (most
    /// files take one); a short read before it (a network file system, a file that grew) reads on.
    private func isLast(_ count: Int, read: Int64, size: Int64) -> Bool {
        count == 0 || (count < chunkSize && read >= size)
    }

    /// One pass: validate, stamp, scan for leftovers, write. A file that proves binary part-way
    /// is started again as a byte-for-byte copy.
    /// With `destination` -1 nothing is written (a dry run) and leftovers are located by
    /// stamping the source again rather than reading the output back.
    private func stampText(from source: Int32, to destination: Int32, target: String?, write: PlannedWrite, size: Int64) throws(WriteError) -> Copied {
        var validator = UTF8Validator()
        var scanner = LeftoverScanner()
        var carried = 0
        var bytesIn: Int64 = 0
        var bytesOut: Int64 = 0
        while true {
            try stopIfInterrupted()
            let count = POSIX.readChunk(source, buffer + carried, chunkSize)
            guard count >= 0 else { throw .io(path: write.source, reason: "cannot read the template file: \(POSIX.lastError)") }
            bytesIn += Int64(count)
            let isFinal = isLast(count, read: bytesIn, size: size)
            validator.feed(UnsafeBufferPointer(start: buffer + carried, count: count))
            if isFinal { validator.finish() }
            if validator.isBinary {
                if destination < 0 { return Copied(bytes: size) }
                if bytesOut == 0, bytesIn == Int64(count), isFinal {
                    // The whole file came in this first read and nothing is written yet: copy
                    // these bytes rather than read them again (a binary found by its first NUL).
                    return Copied(bytes: try writeWhole(buffer, count: count, to: destination, write: write))
                }
                guard lseek(source, 0, SEEK_SET) == 0 else { throw .io(path: write.source, reason: POSIX.lastError) }
                if bytesOut > 0 {
                    guard ftruncate(destination, 0) == 0, lseek(destination, 0, SEEK_SET) == 0 else {
                        throw .io(path: write.destination, reason: POSIX.lastError)
                    }
                }
                hasher.restart()
                hashed = 0
                return Copied(bytes: try copyBytes(from: source, to: destination, write: write))
            }
            let end = carried + count
            // Written a chunk's worth at a time: however many tokens and however long their
            // values, the output held in memory stays near one chunk.
            var used = 0
            var finished = false
            while !finished {
                output.removeAll(keepingCapacity: true)
                let step = stamper.stamp(UnsafeBufferPointer(start: buffer + used, count: end - used), isFinal: isFinal, into: &output, outputLimit: chunkSize)
                used += step.used
                finished = step.finished
                let written = output.withUnsafeBufferPointer { chunk in
                    scanner.scan(chunk)
                    hasher.update(UnsafeRawBufferPointer(chunk))
                    return destination < 0 || POSIX.writeAll(destination, UnsafeRawBufferPointer(chunk))
                }
                guard written else { throw .io(path: write.destination, reason: POSIX.lastError) }
                bytesOut += Int64(output.count)
                if !finished { try stopIfInterrupted() }
            }
            carried = end - used
            if carried > 0 { buffer.update(from: buffer + used, count: carried) }
            if isFinal { break }
        }
        scanner.finish()
        var copied = Copied(bytes: bytesOut)
        if scanner.findingCount > 0 {
            copied.leftoverCount = scanner.findingCount
            copied.leftovers = try locate(scanner, in: target, restamping: source, write: write)
        }
        return copied
    }

    /// A byte-for-byte copy that keeps holes, as `cp` does: the source's holes are skipped
    /// without being read (`SEEK_DATA`), and a whole chunk of zeros becomes a hole (a seek, not a
    /// write), so a sparse file stays sparse and costs neither time nor disk. Returns the size.
    private func copyBytes(from source: Int32, to destination: Int32, write: PlannedWrite) throws(WriteError) -> Int64 {
        var info = stat()
        guard fstat(source, &info) == 0 else { throw .io(path: write.source, reason: "cannot read the template file: \(POSIX.lastError)") }
        let size = Int64(info.st_size)
        // Both descriptors are at offset 0. A file that fits in one chunk takes one read and one
        // write (a zero chunk is a hole anyway): asking where its holes are would cost four seeks.
        if size <= Int64(chunkSize) {
            let written = try copyRange(from: source, to: destination, length: size, write: write)
            if written < size {
                guard ftruncate(destination, off_t(size)) == 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
            }
            if hashed < size { hasher.updateZeros(size - hashed) }
            return size
        }
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
            if start > hashed { hasher.updateZeros(start - hashed) }
            hashed = start
            _ = try copyRange(from: source, to: destination, length: end - start, write: write)
            offset = end
        }
        if hashed < size { hasher.updateZeros(size - hashed) }
        // Sets the length when the file ends in a hole; changes nothing otherwise.
        guard ftruncate(destination, off_t(size)) == 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
        return size
    }

    /// Writes a whole binary file held in memory into the empty `destination`, a hole when it is
    /// all zeros (as `copyBytes` would). Returns the size.
    private func writeWhole(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, to destination: Int32, write: PlannedWrite) throws(WriteError) -> Int64 {
        let data = UnsafeRawBufferPointer(start: bytes, count: count)
        hasher.restart()
        hasher.update(data)
        hashed = Int64(count)
        let stored = POSIX.isAllZero(data)
            ? ftruncate(destination, off_t(count)) == 0
            : POSIX.writeAll(destination, data)
        guard stored else { throw .io(path: write.destination, reason: POSIX.lastError) }
        return Int64(count)
    }

    /// Copies `length` bytes from the current offsets; returns how many bytes of the range the
    /// destination holds as written data, counted to the end of the last chunk written (a range
    /// that ends in a hole, or in a file that shrank, returns less than `length`).
    private func copyRange(from source: Int32, to destination: Int32, length: Int64, write: PlannedWrite) throws(WriteError) -> Int64 {
        var left = length
        var written: Int64 = 0
        while left > 0 {
            try stopIfInterrupted()
            let count = POSIX.readChunk(source, buffer, Int(min(left, Int64(chunkSize))))
            guard count >= 0 else { throw .io(path: write.source, reason: "cannot read the template file: \(POSIX.lastError)") }
            if count == 0 { break }   // the file shrank while being copied
            hasher.update(UnsafeRawBufferPointer(start: buffer, count: count))
            hashed += Int64(count)
            if POSIX.isAllZero(UnsafeRawBufferPointer(start: buffer, count: count)) {
                guard lseek(destination, off_t(count), SEEK_CUR) >= 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
            } else {
                guard POSIX.writeAll(destination, UnsafeRawBufferPointer(start: buffer, count: count)) else {
                    throw .io(path: write.destination, reason: POSIX.lastError)
                }
                written = length - left + Int64(count)
            }
            left -= Int64(count)
        }
        return written
    }

    /// Reads the written file back to turn the scanner's offsets into line numbers; this only
    /// happens when generation is about to fail anyway.
    private func locate(_ scanner: LeftoverScanner, in target: String?, restamping source: Int32, write: PlannedWrite) throws(WriteError) -> [WriteError.Leftover] {
        var locator = LineLocator(offsets: scanner.findings.map(\.offset))
        if let target {
            let reader = open(target, O_RDONLY | O_CLOEXEC)
            guard reader >= 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
            defer { close(reader) }
            while !locator.isDone {
                let count = POSIX.readChunk(reader, buffer, chunkSize)
                guard count > 0 else { break }
                locator.feed(UnsafeBufferPointer(start: buffer, count: count))
            }
        } else {
            guard lseek(source, 0, SEEK_SET) == 0 else { throw .io(path: write.source, reason: POSIX.lastError) }
            var carried = 0
            while !locator.isDone {
                let count = POSIX.readChunk(source, buffer + carried, chunkSize)
                guard count >= 0 else { throw .io(path: write.source, reason: POSIX.lastError) }
                let end = carried + count
                var used = 0
                var finished = false
                while !finished {
                    output.removeAll(keepingCapacity: true)
                    let step = stamper.stamp(UnsafeBufferPointer(start: buffer + used, count: end - used), isFinal: count == 0, into: &output, outputLimit: chunkSize)
                    used += step.used
                    finished = step.finished
                    output.withUnsafeBufferPointer { locator.feed($0) }
                }
                carried = end - used
                if carried > 0 { buffer.update(from: buffer + used, count: carried) }
                if count == 0 { break }
            }
        }
        return scanner.findings.prefix(ProjectWriter.leftoverLimit).map { finding in
            let position = locator.positions[finding.offset] ?? LineLocator.Position(line: 0, column: 0)
            return WriteError.Leftover(path: write.source, line: position.line, column: position.column, token: finding.token, origin: write.origin)
        }
    }
}
