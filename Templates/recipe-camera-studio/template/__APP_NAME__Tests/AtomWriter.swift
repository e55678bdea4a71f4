import Foundation
@testable import __APP_NAME__

/// Builds QuickTime atoms: big-endian fields, each atom prefixed by its size and four-letter type.
nonisolated struct AtomWriter: Sendable {
    private(set) var bytes: [UInt8] = []

    init() {}

    /// Writes an atom whose size is known once its body is written.
    mutating func atom(_ type: String, body: (inout AtomWriter) -> Void) {
        let start: Int = bytes.count
        uint32(0)
        fourCC(type)
        body(&self)
        let size: Int = bytes.count - start
        bytes[start] = UInt8(truncatingIfNeeded: size >> 24)
        bytes[start + 1] = UInt8(truncatingIfNeeded: size >> 16)
        bytes[start + 2] = UInt8(truncatingIfNeeded: size >> 8)
        bytes[start + 3] = UInt8(truncatingIfNeeded: size)
    }

    mutating func uint32(_ value: Int) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func uint16(_ value: Int) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func fourCC(_ code: String) {
        bytes.append(contentsOf: Array(code.utf8.prefix(4)))
    }

    mutating func zeros(_ count: Int) {
        bytes.append(contentsOf: [UInt8](repeating: 0, count: count))
    }

    /// The unit matrix in 16.16 and 2.30 fixed point: no rotation, no scaling.
    mutating func identityMatrix() {
        let matrix: [Int] = [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000]
        for value in matrix {
            uint32(value)
        }
    }

    /// A length byte then the text, padded with zeros to `fieldLength` bytes in all.
    mutating func pascalString(_ text: String, fieldLength: Int) {
        let utf8: [UInt8] = Array(text.utf8.prefix(fieldLength - 1))
        bytes.append(UInt8(utf8.count))
        bytes.append(contentsOf: utf8)
        zeros(fieldLength - 1 - utf8.count)
    }

    /// An `hdlr` atom as QuickTime writes it.
    mutating func handler(type: String, subtype: String, name: String) {
        atom("hdlr") { hdlr in
            hdlr.uint32(0)
            hdlr.fourCC(type)
            hdlr.fourCC(subtype)
            hdlr.zeros(12)
            hdlr.pascalString(name, fieldLength: name.utf8.count + 1)
        }
    }
}
