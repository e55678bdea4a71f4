import Foundation
@testable import __APP_NAME__

/// One of the four standard Huffman tables of the JPEG standard (ITU T.81, Annex K.3),
/// with the code of every symbol worked out once.
nonisolated struct JPEGHuffmanTable: Sendable {
    /// How many codes there are of each length, 1 to 16 bits.
    let counts: [UInt8]
    /// The symbols in order of their codes.
    let symbols: [UInt8]
    /// Code and length for each symbol value (length 0: the symbol has no code).
    let codes: [UInt16]
    let lengths: [UInt8]

    init(counts: [UInt8], symbols: [UInt8]) {
        self.counts = counts
        self.symbols = symbols
        var codes: [UInt16] = [UInt16](repeating: 0, count: 256)
        var lengths: [UInt8] = [UInt8](repeating: 0, count: 256)
        // Annex C: codes of one length are consecutive; the next length starts at twice the last code.
        var code: UInt16 = 0
        var next: Int = 0
        for length in 1...16 {
            for _ in 0..<Int(counts[length - 1]) {
                let symbol: Int = Int(symbols[next])
                codes[symbol] = code
                lengths[symbol] = UInt8(length)
                code += 1
                next += 1
            }
            code <<= 1
        }
        self.codes = codes
        self.lengths = lengths
    }

    static let luminanceDC: JPEGHuffmanTable = JPEGHuffmanTable(
        counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
        symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    )

    static let chrominanceDC: JPEGHuffmanTable = JPEGHuffmanTable(
        counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
        symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    )

    /// The standard lists the 162 AC symbols with an irregular head; the rest follow in
    /// ascending order, so only the head is written out.
    static let luminanceAC: JPEGHuffmanTable = JPEGHuffmanTable(
        counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 125],
        symbols: acSymbols(head: [
            0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13,
            0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42,
            0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0, 0x24, 0x33, 0x62, 0x72, 0x82,
        ])
    )

    static let chrominanceAC: JPEGHuffmanTable = JPEGHuffmanTable(
        counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 119],
        symbols: acSymbols(head: [
            0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51,
            0x07, 0x61, 0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1,
            0xC1, 0x09, 0x23, 0x33, 0x52, 0xF0, 0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24,
            0x34, 0xE1, 0x25, 0xF1,
        ])
    )

    /// The head, then every other AC symbol (end of block, sixteen zeros, run/size pairs) ascending.
    private static func acSymbols(head: [UInt8]) -> [UInt8] {
        var all: [UInt8] = [0x00, 0xF0]
        for run in 0..<16 {
            for size in 1...10 {
                all.append(UInt8(run << 4 | size))
            }
        }
        let listed: Set<UInt8> = Set(head)
        return head + all.filter { !listed.contains($0) }.sorted()
    }
}
