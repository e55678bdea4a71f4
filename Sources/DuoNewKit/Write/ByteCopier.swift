#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Copies a file byte for byte and keeps its holes, as `cp` does: the source's holes are skipped
/// without being read (`SEEK_DATA`), and a whole chunk of zeros becomes a hole (a seek, not a
/// write), so a sparse file stays sparse and costs neither time nor disk. It reads into the
/// buffer of the `StampingReader` it is given, which the same thread owns.
struct ByteCopier {
    let reader: StampingReader

    private var chunkSize: Int { reader.chunkSize }
    private var buffer: UnsafeMutablePointer<UInt8> { reader.buffer }

    /// Copies `source` from offset 0 into the empty `destination`, hashing into `digest`.
    /// Returns the size.
    func copy(from source: Int32, to destination: Int32, write: PlannedWrite, digest: inout FileDigest) throws(WriteError) -> Int64 {
        var info = stat()
        guard fstat(source, &info) == 0 else { throw .io(path: write.source, reason: "cannot read the template file: \(POSIX.lastError)") }
        let size = Int64(info.st_size)
        // Both descriptors are at offset 0. A file that fits in one chunk takes one read and one
        // write (a zero chunk is a hole anyway): asking where its holes are would cost four seeks.
        if size <= Int64(chunkSize) {
            let written = try copyRange(from: source, to: destination, length: size, write: write, digest: &digest)
            if written < size {
                guard ftruncate(destination, off_t(size)) == 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
            }
            digest.addZeros(upTo: size)
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
            digest.addZeros(upTo: start)
            _ = try copyRange(from: source, to: destination, length: end - start, write: write, digest: &digest)
            offset = end
        }
        digest.addZeros(upTo: size)
        // Sets the length when the file ends in a hole; changes nothing otherwise.
        guard ftruncate(destination, off_t(size)) == 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
        return size
    }

    /// Writes a whole file held in memory into the empty `destination`, a hole when it is all
    /// zeros (as `copy` would), hashing it afresh. Returns the size.
    func writeWhole(_ bytes: UnsafeRawBufferPointer, to destination: Int32, write: PlannedWrite, digest: inout FileDigest) throws(WriteError) -> Int64 {
        digest.restart()
        digest.add(bytes)
        let stored = POSIX.isAllZero(bytes)
            ? ftruncate(destination, off_t(bytes.count)) == 0
            : POSIX.writeAll(destination, bytes)
        guard stored else { throw .io(path: write.destination, reason: POSIX.lastError) }
        return Int64(bytes.count)
    }

    /// Copies `length` bytes from the current offsets; returns how many bytes of the range the
    /// destination holds as written data, counted to the end of the last chunk written (a range
    /// that ends in a hole, or in a file that shrank, returns less than `length`).
    private func copyRange(from source: Int32, to destination: Int32, length: Int64, write: PlannedWrite, digest: inout FileDigest) throws(WriteError) -> Int64 {
        var left = length
        var written: Int64 = 0
        while left > 0 {
            try reader.stopIfInterrupted()
            let count = POSIX.readChunk(source, buffer, Int(min(left, Int64(chunkSize))))
            guard count >= 0 else { throw .io(path: write.source, reason: "cannot read the template file: \(POSIX.lastError)") }
            if count == 0 { break }   // the file shrank while being copied
            let chunk = UnsafeRawBufferPointer(start: buffer, count: count)
            digest.add(chunk)
            if POSIX.isAllZero(chunk) {
                guard lseek(destination, off_t(count), SEEK_CUR) >= 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
            } else {
                guard POSIX.writeAll(destination, chunk) else { throw .io(path: write.destination, reason: POSIX.lastError) }
                written = length - left + Int64(count)
            }
            left -= Int64(count)
        }
        return written
    }
}
