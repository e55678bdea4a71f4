#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns byte offsets into 1-based line numbers over text fed chunk by chunk.
public struct LineLocator: Sendable {
    private var pending: [Int64]
    public private(set) var lines: [Int64: Int] = [:]
    private var scanned: Int64 = 0
    private var line = 1

    /// `offsets` are the places to locate; `lines` fills in as the text goes by.
    public init(offsets: [Int64]) {
        pending = offsets.sorted()
    }

    public var isDone: Bool { pending.isEmpty }

    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard let base = chunk.baseAddress else { return }
        let end = scanned + Int64(chunk.count)
        var index = 0
        while let next = pending.first, next < end {
            let target = Int(next - scanned)
            line += newlines(base + index, target - index)
            index = target
            lines[next] = line
            pending.removeFirst()
        }
        line += newlines(base + index, chunk.count - index)
        scanned = end
    }

    private func newlines(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var found = 0
        var cursor = start
        var left = count
        while left > 0, let hit = memchr(cursor, Int32(UInt8(ascii: "\n")), left) {
            let after = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) + 1
            found += 1
            left -= after - cursor
            cursor = after
        }
        return found
    }
}
