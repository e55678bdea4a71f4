import DuoNewCore
import Foundation

/// Cuts a check's output into lines, in time and memory that grow with the output, never faster.
///
/// A line ends at `\n`. A `\r` not followed by `\n` (a progress bar redrawing itself) means the
/// text before it was overwritten: only what follows is kept. A line longer than
/// `maximumLineBytes` is handed on in pieces of that size, so output without any newline is
/// still shown, and held in memory one piece at a time. Invalid UTF-8 is repaired, not dropped.
struct LineSplitter {
    static let maximumLineBytes = 16 * 1024

    private var pending: [UInt8] = []
    /// A `\r` was the last byte seen: the line is redrawn unless a `\n` comes next.
    private var carriageReturn = false

    init() {
        pending.reserveCapacity(Self.maximumLineBytes)
    }

    mutating func append(_ data: Data) -> [String] {
        data.withUnsafeBytes { append(UnsafeRawBufferPointer($0)) }
    }

    /// Each byte is looked at once.
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"):
                lines.append(Self.text(pending))
                pending.removeAll(keepingCapacity: true)
                carriageReturn = false
            case UInt8(ascii: "\r"):
                carriageReturn = true
            default:
                if carriageReturn {
                    pending.removeAll(keepingCapacity: true)
                    carriageReturn = false
                }
                pending.append(byte)
                if pending.count >= Self.maximumLineBytes {
                    lines.append(Self.text(pending))
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        return lines
    }

    mutating func finish() -> [String] {
        defer {
            pending.removeAll()
            carriageReturn = false
        }
        return pending.isEmpty ? [] : [Self.text(pending)]
    }

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
