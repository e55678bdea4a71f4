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
        while index < count {
            // Fastest path: 32 ASCII bytes, none of them NUL, tested as four words at once (most
            // of a template is ASCII, and this loop was the copy's busiest code).
            if needed == 0, count - index >= 32 {
                let a = Self.flagged(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let b = Self.flagged(raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
                let c = Self.flagged(raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
                let d = Self.flagged(raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
                if a | b | c | d == 0 {
                    index += 32
                    continue
                }
                // Go straight to the first byte that is not plain ASCII and take it: most text
                // that is not ASCII has one such character among many plain ones. The lowest
                // flagged byte of the first flagged word is that byte.
                index += a != 0 ? a.trailingZeroBitCount / 8
                    : b != 0 ? 8 + b.trailingZeroBitCount / 8
                    : c != 0 ? 16 + c.trailingZeroBitCount / 8
                    : 24 + d.trailingZeroBitCount / 8
                if !accept(base[index]) {
                    isBinary = true
                    return
                }
                index += 1
                continue
            }
            // Fast path: eight ASCII bytes, none of them NUL.
            if needed == 0, count - index >= 8, Self.flagged(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) == 0 {
                index += 8
                continue
            }
            if !accept(base[index]) {
                isBinary = true
                return
            }
            index += 1
        }
    }

    /// The high bit of each byte of `word` (eight bytes as loaded from memory) that is NUL or has
    /// its own high bit set, with the first byte in memory as the lowest. A NUL may also flag the
    /// byte after it, never one before, so the lowest flag is always the first offending byte.
    @inline(__always)
    private static func flagged(_ word: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: word)
        return (((word &- 0x0101_0101_0101_0101) & ~word) | word) & 0x8080_8080_8080_8080
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
