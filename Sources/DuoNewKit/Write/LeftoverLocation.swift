#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Turns the leftover scanner's byte offsets in a stamped file into lines and columns. This only
/// happens when generation is about to fail anyway, so it reads the bytes again rather than
/// count lines on the way.
enum LeftoverLocation {
    /// The first `ProjectWriter.leftoverLimit` findings of `scanner`, placed by reading the
    /// written file at `target` back or, in a dry run (`target` nil), by stamping `source` again.
    static func locate(_ scanner: LeftoverScanner, in target: String?, restamping source: Int32, size: Int64, write: PlannedWrite, reader: StampingReader) throws(WriteError) -> [WriteError.Leftover] {
        var locator = LineLocator(offsets: scanner.findings.map(\.offset))
        if let target {
            let written = open(target, O_RDONLY | O_CLOEXEC)
            guard written >= 0 else { throw .io(path: write.destination, reason: POSIX.lastError) }
            defer { close(written) }
            while !locator.isDone {
                let count = POSIX.readChunk(written, reader.buffer, reader.chunkSize)
                guard count > 0 else { break }
                locator.feed(UnsafeBufferPointer(start: reader.buffer, count: count))
            }
        } else {
            guard lseek(source, 0, SEEK_SET) == 0 else { throw .io(path: write.source, reason: POSIX.lastError) }
            _ = try reader.pass(source, size: size, path: write.source, inspect: { _, _ in !locator.isDone }) { chunk, _ in
                locator.feed(chunk)
            }
        }
        return scanner.findings.prefix(ProjectWriter.leftoverLimit).map { finding in
            let position = locator.positions[finding.offset] ?? LineLocator.Position(line: 0, column: 0)
            return WriteError.Leftover(path: write.source, line: position.line, column: position.column, token: finding.token, origin: write.origin)
        }
    }
}
