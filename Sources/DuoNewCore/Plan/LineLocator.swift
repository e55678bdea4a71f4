import Foundation

/// Turns byte offsets into 1-based lines and columns over text fed chunk by chunk.
public struct LineLocator: Sendable {
    public struct Position: Sendable, Hashable {
        public var line: Int
        /// In bytes from the start of the line, as compilers count.
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    private var pending: [Int64]
    public private(set) var positions: [Int64: Position] = [:]
    private var scanned: Int64 = 0
    private var line = 1
    private var lineStart: Int64 = 0

    /// `offsets` are the places to locate; `positions` fills in as the text goes by.
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
            countLines(base, from: index, to: target)
            index = target
            positions[next] = Position(line: line, column: Int(next - lineStart) + 1)
            pending.removeFirst()
        }
        countLines(base, from: index, to: chunk.count)
        scanned = end
    }

    private mutating func countLines(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
        var cursor = start
        while cursor < end, let hit = memchr(base + cursor, Int32(UInt8(ascii: "\n")), end - cursor) {
            cursor = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base + 1
            line += 1
            lineStart = scanned + Int64(cursor)
        }
    }
}
