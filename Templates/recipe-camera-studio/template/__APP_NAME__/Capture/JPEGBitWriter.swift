import Foundation

/// Packs Huffman codes into bytes, most significant bit first, with JPEG's byte stuffing
/// (every 0xFF byte of entropy-coded data is followed by 0x00).
nonisolated struct JPEGBitWriter: Sendable {
    private(set) var bytes: [UInt8]
    private var buffer: UInt32 = 0
    private var count: Int = 0

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ bits: UInt32, length: Int) {
        if length == 0 {
            return
        }
        buffer = (buffer << UInt32(length)) | (bits & ((1 << UInt32(length)) - 1))
        count += length
        while count >= 8 {
            count -= 8
            let byte: UInt8 = UInt8(truncatingIfNeeded: buffer >> UInt32(count))
            bytes.append(byte)
            if byte == 0xFF {
                bytes.append(0)
            }
        }
        buffer &= (1 << UInt32(count)) - 1
    }

    /// Pads the last byte with 1 bits, as the standard asks.
    mutating func flush() {
        if count > 0 {
            write(0x7F, length: 8 - count)
        }
    }
}
