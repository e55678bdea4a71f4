import Foundation
@testable import __APP_NAME__

/// Packs Huffman codes into bytes, most significant bit first, with JPEG's byte stuffing
/// (every 0xFF byte of entropy-coded data is followed by 0x00).
///
/// The shifts are masking shifts (`&<<`): the amounts are always in range, and at `-Onone`,
/// where the model tests run this, the ordinary `<<` checks its amount in a generic call.
nonisolated struct JPEGBitWriter: Sendable {
    private(set) var bytes: [UInt8]
    /// Bits not yet written out, in the low `count` bits; fewer than 8 between calls, so a
    /// write of up to 32 bits always fits.
    private var buffer: UInt64 = 0
    private var count: Int = 0

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `length` bits of `bits`; `length` is at most 32.
    mutating func write(_ bits: UInt32, length: Int) {
        if length == 0 {
            return
        }
        let width: UInt64 = UInt64(length)
        buffer = (buffer &<< width) | (UInt64(bits) & ((1 &<< width) &- 1))
        count += length
        while count >= 8 {
            count -= 8
            let byte: UInt8 = UInt8(truncatingIfNeeded: buffer &>> UInt64(count))
            bytes.append(byte)
            if byte == 0xFF {
                bytes.append(0)
            }
        }
        buffer &= (1 &<< UInt64(count)) &- 1
    }

    /// Pads the last byte with 1 bits, as the standard asks.
    mutating func flush() {
        if count > 0 {
            write(0x7F, length: 8 - count)
        }
    }
}
