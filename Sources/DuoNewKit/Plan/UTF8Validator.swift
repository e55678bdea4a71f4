/// Decides, chunk by chunk, whether bytes are text: valid UTF-8 with no NUL byte.
///
/// Anything else is binary and copied byte for byte. Multi-byte sequences may straddle chunks.
public struct UTF8Validator: Sendable {
    public private(set) var isBinary = false
    private var needed = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    public init() {}

    public static func isText(_ bytes: [UInt8]) -> Bool {
        var validator = UTF8Validator()
        bytes.withUnsafeBufferPointer { validator.feed($0) }
        validator.finish()
        return !validator.isBinary
    }

    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard !isBinary, let base = chunk.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let count = chunk.count
        var index = 0
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        while index < count {
            // Fastest path: 32 ASCII bytes, none of them NUL, tested as four words at once (most
            // of a template is ASCII, and this loop was the copy's busiest code).
            if needed == 0, count - index >= 32 {
                let a = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let b = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                let c = raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                let d = raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                let zeros = ((a &- ones) & ~a) | ((b &- ones) & ~b) | ((c &- ones) & ~c) | ((d &- ones) & ~d)
                if (a | b | c | d | zeros) & high == 0 {
                    index += 32
                    continue
                }
                // Go straight to the first byte that is not plain ASCII and take it: most text
                // that is not ASCII has one such character among many plain ones.
                index += Self.plainPrefix(a, b, c, d)
                if !accept(base[index]) {
                    isBinary = true
                    return
                }
                index += 1
                continue
            }
            // Fast path: eight ASCII bytes, none of them NUL.
            if needed == 0, count - index >= 8 {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let hasZero = (word &- ones) & ~word & high
                if word & high == 0, hasZero == 0 {
                    index += 8
                    continue
                }
            }
            if !accept(base[index]) {
                isBinary = true
                return
            }
            index += 1
        }
    }

    /// How many bytes, from the first of the four words (in memory order), come before the first
    /// NUL or byte with its high bit set; there is one. In each word (little-endian), a byte is
    /// flagged when it is NUL or high; a NUL may also flag the byte after it, never one before,
    /// so the lowest flagged byte is the first offending one.
    private static func plainPrefix(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> Int {
        func flags(_ word: UInt64) -> UInt64 {
            let word = UInt64(littleEndian: word)
            return (((word &- 0x0101_0101_0101_0101) & ~word) | word) & 0x8080_8080_8080_8080
        }
        if case let flagged = flags(a), flagged != 0 { return flagged.trailingZeroBitCount / 8 }
        if case let flagged = flags(b), flagged != 0 { return 8 + flagged.trailingZeroBitCount / 8 }
        if case let flagged = flags(c), flagged != 0 { return 16 + flagged.trailingZeroBitCount / 8 }
        return 24 + flags(d).trailingZeroBitCount / 8
    }

    /// Call at the end of the text: a sequence cut short makes it binary.
    public mutating func finish() {
        if needed != 0 { isBinary = true }
    }

    private mutating func accept(_ byte: UInt8) -> Bool {
        if needed > 0 {
            guard byte >= lower, byte <= upper else { return false }
            lower = 0x80
            upper = 0xBF
            needed -= 1
            return true
        }
        switch byte {
        case 0x00: return false
        case 0x01...0x7F: return true
        case 0xC2...0xDF: needed = 1
        case 0xE0: needed = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: needed = 2
        case 0xED: needed = 2; upper = 0x9F
        case 0xF0: needed = 3; lower = 0x90
        case 0xF1...0xF3: needed = 3
        case 0xF4: needed = 3; upper = 0x8F
        default: return false
        }
        return true
    }
}
