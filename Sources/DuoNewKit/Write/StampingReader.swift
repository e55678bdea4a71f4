#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// The one loop that reads a text file a chunk at a time and stamps it. A copy writes what it
/// hands out, a dry run only scans it, and locating leftovers reads it again to count lines: all
/// three go through `pass`, so the handling of a token cut by a chunk's end is written once.
/// The writer's copier owns one, with its buffers.
final class StampingReader {
    /// How far a pass got.
    struct Progress {
        var bytesIn: Int64 = 0
        var bytesOut: Int64 = 0
        /// The size of the last read, and whether it was the file's last.
        var lastCount = 0
        var isFinal = false
    }

    let chunkSize: Int
    /// Room for a chunk and a token carried over from the one before; byte copies use it too.
    let buffer: UnsafeMutablePointer<UInt8>
    private let stamper: Stamper
    private let interruption: Interruption?
    private var output: [UInt8] = []
    /// Where in `output` each value went: the leftover scan reads the template's text between them.
    private var values: [Range<Int>] = []

    init(chunkSize: Int, stamper: Stamper, interruption: Interruption?) {
        self.chunkSize = chunkSize
        self.stamper = stamper
        self.interruption = interruption
        buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize + stamper.longestToken)
        output.reserveCapacity(chunkSize * 2)
    }

    deinit {
        buffer.deallocate()
    }

    func stopIfInterrupted() throws(WriteError) {
        if let signal = interruption?.received { throw .interrupted(signal: signal) }
    }

    /// Whether a read of `count` bytes, bringing the total to `read` of a file planned at `size`,
    /// was the last. A short read at the planned size ends the file without a second read (most
    /// files take one); a short read before it (a network file system, a file that grew) reads on.
    func isLast(_ count: Int, read: Int64, size: Int64) -> Bool {
        count == 0 || (count < chunkSize && read >= size)
    }

    /// Reads `source` from its offset to its end (planned at `size` bytes; `path` names it in
    /// errors) and stamps it. `inspect` sees each chunk as it is read, with whether it is the
    /// last, and returns false to end the pass there (a file found binary); `emit` gets the
    /// stamped bytes a chunk's worth at most at a time, so however many tokens and however long
    /// their values, the output held in memory stays near one chunk, with where in those bytes
    /// each value went. Returns whether the pass reached the end, and how far it got.
    func pass(
        _ source: Int32,
        size: Int64,
        path: String,
        inspect: (UnsafeBufferPointer<UInt8>, Bool) -> Bool = { _, _ in true },
        emit: (UnsafeBufferPointer<UInt8>, [Range<Int>]) throws(WriteError) -> Void
    ) throws(WriteError) -> (completed: Bool, progress: Progress) {
        var progress = Progress()
        var carried = 0
        while true {
            try stopIfInterrupted()
            let count = POSIX.readChunk(source, buffer + carried, chunkSize)
            guard count >= 0 else { throw .io(path: path, reason: "cannot read the template file: \(POSIX.lastError)") }
            progress.bytesIn += Int64(count)
            progress.lastCount = count
            progress.isFinal = isLast(count, read: progress.bytesIn, size: size)
            guard inspect(UnsafeBufferPointer(start: buffer + carried, count: count), progress.isFinal) else {
                return (false, progress)
            }
            let end = carried + count
            var used = 0
            var finished = false
            while !finished {
                output.removeAll(keepingCapacity: true)
                values.removeAll(keepingCapacity: true)
                let step = stamper.stamp(
                    UnsafeBufferPointer(start: buffer + used, count: end - used), isFinal: progress.isFinal, into: &output, values: &values, outputLimit: chunkSize
                )
                used += step.used
                finished = step.finished
                try output.withUnsafeBufferPointer { chunk throws(WriteError) in try emit(chunk, values) }
                progress.bytesOut += Int64(output.count)
                if !finished { try stopIfInterrupted() }
            }
            carried = end - used
            if carried > 0 { buffer.update(from: buffer + used, count: carried) }
            if progress.isFinal { return (true, progress) }
        }
    }
}
