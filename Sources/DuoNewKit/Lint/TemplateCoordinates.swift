#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Moves leftover-token positions from the stamped text back to the template's own lines and
/// columns, so that a diagnostic points where the author has to edit.
///
/// Stamping keeps lines but moves columns: each reported line is stamped again here with the
/// origin of every output character kept, and each leftover is placed by its own offset (two on
/// one line get their own columns).
public enum TemplateCoordinates {
    /// The same leftovers with `column` counted in Unicode scalars of the template's line (as lint
    /// counts); a leftover whose line cannot be read again keeps its position.
    /// `treeRoots` are the recipe's trees, which each leftover's `origin` indexes (its layers', then its own).
    public static func locate(_ leftovers: [WriteError.Leftover], treeRoots: [URL], values: [String: String]) -> [WriteError.Leftover] {
        var lines: [String: String?] = [:]
        return leftovers.map { leftover in
            guard leftover.origin < treeRoots.count else { return leftover }
            let key = "\(leftover.origin)/\(leftover.line)/\(leftover.path)"
            if lines[key] == nil {
                lines[key] = line(leftover.line, of: treeRoots[leftover.origin].appendingPathComponent(leftover.path).path)
            }
            guard let found = lines[key], let text = found else { return leftover }
            let (stamped, origins) = TokenScanner.stamp(Substring(text), values: values)
            // Line 1's byte-order mark is counted by the writer, but is no column of the template's.
            let mark = leftover.line == 1 && text.unicodeScalars.first == TokenScanner.byteOrderMark ? 1 : 0
            // The writer counts columns in bytes of the stamped line.
            var byteColumn = 1
            for (index, scalar) in stamped.enumerated() {
                if byteColumn == leftover.column {
                    var placed = leftover
                    placed.column = origins[index] - mark
                    return placed
                }
                byteColumn += UTF8.width(scalar)
            }
            return leftover
        }
    }

    /// Line `number` (1-based) of a file, read a chunk at a time (the file may be hundreds of
    /// megabytes); nil past the end, or for a line longer than anyone reads a column of.
    static func line(_ number: Int, of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0, number >= 1 else { return nil }
        defer { close(fd) }
        let chunk = 1 << 16
        let buffer = POSIX.allocateReadBuffer(chunk)
        defer { POSIX.freeReadBuffer(buffer) }
        var current = 1
        var bytes: [UInt8] = []
        while true {
            let count = POSIX.readChunk(fd, buffer, chunk)
            guard count > 0 else { return current == number ? String(decoding: bytes, as: UTF8.self) : nil }
            for byte in UnsafeBufferPointer(start: buffer, count: count) {
                if byte == UInt8(ascii: "\n") {
                    if current == number { return String(decoding: bytes, as: UTF8.self) }
                    current += 1
                } else if current == number {
                    bytes.append(byte)
                    if bytes.count > 1 << 20 { return nil }
                }
            }
        }
    }
}
