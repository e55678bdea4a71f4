import Foundation

/// A small baseline JPEG encoder in portable Swift: the stand-in's photos and the frames of its
/// Motion-JPEG movies, on every platform, with no image framework.
///
/// Baseline sequential DCT, 8-bit, YCbCr with the chroma halved both ways (4:2:0), the standard
/// quantisation tables scaled by quality as libjpeg does, and the standard Huffman tables.
/// The output is a JFIF file with no alpha channel.
nonisolated struct JPEGEncoder: Sendable {
    let quality: Int
    /// Quantisation tables in zigzag order, as written in the file.
    private let lumaTable: [UInt8]
    private let chromaTable: [UInt8]
    /// Divisors in natural order, with the fast DCT's scale factors folded in.
    private let lumaDivisors: [Float]
    private let chromaDivisors: [Float]

    init(quality: Int = AppFacts.jpegQuality) {
        let clamped: Int = min(100, max(1, quality))
        self.quality = clamped
        lumaTable = JPEGEncoder.scaled(JPEGEncoder.baseLuma, quality: clamped)
        chromaTable = JPEGEncoder.scaled(JPEGEncoder.baseChroma, quality: clamped)
        lumaDivisors = JPEGEncoder.divisors(zigzagTable: lumaTable)
        chromaDivisors = JPEGEncoder.divisors(zigzagTable: chromaTable)
    }

    func encode(_ image: RGBImage) -> Data {
        let planes: Planes = Planes(image)
        var out: [UInt8] = []
        out.reserveCapacity(image.width * image.height / 4 + 1024)
        writeHeaders(into: &out, width: image.width, height: image.height)
        var bits: JPEGBitWriter = JPEGBitWriter(capacity: image.width * image.height / 4)
        var previousDC: [Int] = [0, 0, 0]
        var block: [Float] = [Float](repeating: 0, count: 64)
        var quantised: [Int] = [Int](repeating: 0, count: 64)
        let mcuColumns: Int = planes.lumaWidth / 16
        let mcuRows: Int = planes.lumaHeight / 16
        for mcuY in 0..<mcuRows {
            for mcuX in 0..<mcuColumns {
                for part in 0..<4 {
                    let x: Int = mcuX * 16 + (part % 2) * 8
                    let y: Int = mcuY * 16 + (part / 2) * 8
                    let flat: Bool = load(planes.luma, width: planes.lumaWidth, x: x, y: y, into: &block)
                    encodeBlock(&block, flat: flat, divisors: lumaDivisors, dc: JPEGHuffmanTable.luminanceDC,
                                ac: JPEGHuffmanTable.luminanceAC, previousDC: &previousDC[0], quantised: &quantised, bits: &bits)
                }
                let flatBlue: Bool = load(planes.cb, width: planes.chromaWidth, x: mcuX * 8, y: mcuY * 8, into: &block)
                encodeBlock(&block, flat: flatBlue, divisors: chromaDivisors, dc: JPEGHuffmanTable.chrominanceDC,
                            ac: JPEGHuffmanTable.chrominanceAC, previousDC: &previousDC[1], quantised: &quantised, bits: &bits)
                let flatRed: Bool = load(planes.cr, width: planes.chromaWidth, x: mcuX * 8, y: mcuY * 8, into: &block)
                encodeBlock(&block, flat: flatRed, divisors: chromaDivisors, dc: JPEGHuffmanTable.chrominanceDC,
                            ac: JPEGHuffmanTable.chrominanceAC, previousDC: &previousDC[2], quantised: &quantised, bits: &bits)
            }
        }
        bits.flush()
        out.append(contentsOf: bits.bytes)
        out.append(contentsOf: [0xFF, 0xD9])
        return Data(out)
    }

    // MARK: - Blocks

    /// Copies an 8 × 8 block, shifted to be centred on zero; true when every sample is the same.
    private func load(_ plane: [Float], width: Int, x: Int, y: Int, into block: inout [Float]) -> Bool {
        var flat: Bool = true
        plane.withUnsafeBufferPointer { source in
            block.withUnsafeMutableBufferPointer { target in
                let first: Float = source[y * width + x]
                for row in 0..<8 {
                    let start: Int = (y + row) * width + x
                    for column in 0..<8 {
                        let sample: Float = source[start + column]
                        flat = flat && sample == first
                        target[row * 8 + column] = sample - 128
                    }
                }
            }
        }
        return flat
    }

    /// Transforms, quantises and Huffman-codes one block. A flat block, most of the stand-in's
    /// test card, skips the transform: its only coefficient is the average, which the fast DCT
    /// leaves as 64 times the sample.
    private func encodeBlock(
        _ block: inout [Float], flat: Bool, divisors: [Float], dc: JPEGHuffmanTable, ac: JPEGHuffmanTable,
        previousDC: inout Int, quantised: inout [Int], bits: inout JPEGBitWriter
    ) {
        if flat {
            quantised[0] = Int((block[0] * 64 / divisors[0]).rounded())
        } else {
            block.withUnsafeMutableBufferPointer { values in
                JPEGEncoder.forwardDCT(values)
                divisors.withUnsafeBufferPointer { divide in
                    JPEGEncoder.zigzag.withUnsafeBufferPointer { order in
                        for index in 0..<64 {
                            let natural: Int = order[index]
                            let value: Int = Int((values[natural] / divide[natural]).rounded())
                            // Baseline codes AC values of at most 10 bits; rounding must not reach 1024.
                            quantised[index] = index == 0 ? value : max(-1023, min(1023, value))
                        }
                    }
                }
            }
        }
        let difference: Int = quantised[0] - previousDC
        previousDC = quantised[0]
        let dcSize: Int = JPEGEncoder.bitCount(difference)
        bits.write(UInt32(dc.codes[dcSize]), length: Int(dc.lengths[dcSize]))
        bits.write(JPEGEncoder.valueBits(difference, size: dcSize), length: dcSize)
        if flat {
            bits.write(UInt32(ac.codes[0]), length: Int(ac.lengths[0]))
            return
        }
        var run: Int = 0
        for index in 1..<64 {
            let value: Int = quantised[index]
            if value == 0 {
                run += 1
                continue
            }
            while run > 15 {
                bits.write(UInt32(ac.codes[0xF0]), length: Int(ac.lengths[0xF0]))
                run -= 16
            }
            let size: Int = JPEGEncoder.bitCount(value)
            let symbol: Int = run << 4 | size
            bits.write(UInt32(ac.codes[symbol]), length: Int(ac.lengths[symbol]))
            bits.write(JPEGEncoder.valueBits(value, size: size), length: size)
            run = 0
        }
        if run > 0 {
            bits.write(UInt32(ac.codes[0]), length: Int(ac.lengths[0]))
        }
    }

    /// The number of bits of a coefficient's magnitude (its "size category").
    private static func bitCount(_ value: Int) -> Int {
        var magnitude: Int = abs(value)
        var count: Int = 0
        while magnitude > 0 {
            magnitude >>= 1
            count += 1
        }
        return count
    }

    /// A negative coefficient is sent as its one's complement in `size` bits.
    private static func valueBits(_ value: Int, size: Int) -> UInt32 {
        let adjusted: Int = value < 0 ? value - 1 : value
        return UInt32(truncatingIfNeeded: adjusted) & ((1 << UInt32(size)) - 1)
    }

    /// The Arai–Agui–Nakajima fast DCT on rows, then on columns, in place. Its outputs carry
    /// per-coefficient scale factors that `divisors(zigzagTable:)` removes.
    private static func forwardDCT(_ d: UnsafeMutableBufferPointer<Float>) {
        for pass in 0..<2 {
            let stride: Int = pass == 0 ? 1 : 8
            let step: Int = pass == 0 ? 8 : 1
            for line in 0..<8 {
                let base: Int = line * step
                let i0: Int = base, i1: Int = base + stride, i2: Int = base + 2 * stride, i3: Int = base + 3 * stride
                let i4: Int = base + 4 * stride, i5: Int = base + 5 * stride, i6: Int = base + 6 * stride, i7: Int = base + 7 * stride
                let tmp0: Float = d[i0] + d[i7]
                let tmp7: Float = d[i0] - d[i7]
                let tmp1: Float = d[i1] + d[i6]
                let tmp6: Float = d[i1] - d[i6]
                let tmp2: Float = d[i2] + d[i5]
                let tmp5: Float = d[i2] - d[i5]
                let tmp3: Float = d[i3] + d[i4]
                let tmp4: Float = d[i3] - d[i4]
                // Even part.
                let tmp10: Float = tmp0 + tmp3
                let tmp13: Float = tmp0 - tmp3
                let tmp11: Float = tmp1 + tmp2
                let tmp12: Float = tmp1 - tmp2
                d[i0] = tmp10 + tmp11
                d[i4] = tmp10 - tmp11
                let z1: Float = (tmp12 + tmp13) * 0.707106781
                d[i2] = tmp13 + z1
                d[i6] = tmp13 - z1
                // Odd part.
                let odd10: Float = tmp4 + tmp5
                let odd11: Float = tmp5 + tmp6
                let odd12: Float = tmp6 + tmp7
                let z5: Float = (odd10 - odd12) * 0.382683433
                let z2: Float = 0.541196100 * odd10 + z5
                let z4: Float = 1.306562965 * odd12 + z5
                let z3: Float = odd11 * 0.707106781
                let z11: Float = tmp7 + z3
                let z13: Float = tmp7 - z3
                d[i5] = z13 + z2
                d[i3] = z13 - z2
                d[i1] = z11 + z4
                d[i7] = z11 - z4
            }
        }
    }

    // MARK: - File structure

    private func writeHeaders(into out: inout [UInt8], width: Int, height: Int) {
        out.append(contentsOf: [0xFF, 0xD8])
        // APP0: JFIF 1.01, no units, 1:1 pixels, no thumbnail.
        out.append(contentsOf: [0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        // DQT: table 0 (luma), table 1 (chroma), 8-bit entries in zigzag order.
        out.append(contentsOf: [0xFF, 0xDB, 0, 132, 0])
        out.append(contentsOf: lumaTable)
        out.append(1)
        out.append(contentsOf: chromaTable)
        // SOF0: baseline, 8 bits, three components; Y sampled 2 × 2, Cb and Cr 1 × 1.
        out.append(contentsOf: [0xFF, 0xC0, 0, 17, 8])
        JPEGEncoder.appendUInt16(height, to: &out)
        JPEGEncoder.appendUInt16(width, to: &out)
        out.append(contentsOf: [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        JPEGEncoder.appendHuffman(JPEGHuffmanTable.luminanceDC, id: 0x00, to: &out)
        JPEGEncoder.appendHuffman(JPEGHuffmanTable.luminanceAC, id: 0x10, to: &out)
        JPEGEncoder.appendHuffman(JPEGHuffmanTable.chrominanceDC, id: 0x01, to: &out)
        JPEGEncoder.appendHuffman(JPEGHuffmanTable.chrominanceAC, id: 0x11, to: &out)
        // SOS: the three components, Y with tables 0/0, chroma with tables 1/1, full spectrum.
        out.append(contentsOf: [0xFF, 0xDA, 0, 12, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
    }

    private static func appendHuffman(_ table: JPEGHuffmanTable, id: UInt8, to out: inout [UInt8]) {
        out.append(contentsOf: [0xFF, 0xC4])
        appendUInt16(2 + 1 + 16 + table.symbols.count, to: &out)
        out.append(id)
        out.append(contentsOf: table.counts)
        out.append(contentsOf: table.symbols)
    }

    private static func appendUInt16(_ value: Int, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: value >> 8))
        out.append(UInt8(truncatingIfNeeded: value))
    }

    // MARK: - Tables

    /// Zigzag position → natural (row-major) position.
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]

    /// The standard's example tables (Annex K.1), in natural order.
    private static let baseLuma: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]

    private static let baseChroma: [Int] = [
        17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
        24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
    ]

    /// The fast DCT's scale factor for each of the eight frequencies.
    private static let aanScale: [Float] = [
        1.0, 1.387039845, 1.306562965, 1.175875602, 1.0, 0.785694958, 0.541196100, 0.275899379,
    ]

    /// libjpeg's quality scaling, returned in zigzag order.
    private static func scaled(_ base: [Int], quality: Int) -> [UInt8] {
        let factor: Int = quality < 50 ? 5000 / quality : 200 - quality * 2
        var table: [UInt8] = []
        for index in 0..<64 {
            let value: Int = (base[zigzag[index]] * factor + 50) / 100
            table.append(UInt8(min(255, max(1, value))))
        }
        return table
    }

    private static func divisors(zigzagTable: [UInt8]) -> [Float] {
        var natural: [Float] = [Float](repeating: 1, count: 64)
        for index in 0..<64 {
            let position: Int = zigzag[index]
            let row: Int = position / 8
            let column: Int = position % 8
            natural[position] = Float(zigzagTable[index]) * aanScale[row] * aanScale[column] * 8
        }
        return natural
    }

    // MARK: - Colour planes

    /// Y at full size and Cb, Cr from the average colour of each 2 × 2 square, padded to whole
    /// 16 × 16 units by repeating the last row and column so the edges do not ring.
    private nonisolated struct Planes {
        let lumaWidth: Int
        let lumaHeight: Int
        let chromaWidth: Int
        let luma: [Float]
        let cb: [Float]
        let cr: [Float]

        init(_ image: RGBImage) {
            let width: Int = (image.width + 15) / 16 * 16
            let height: Int = (image.height + 15) / 16 * 16
            let halfWidth: Int = width / 2
            let halfHeight: Int = height / 2
            var luma: [Float] = [Float](repeating: 0, count: width * height)
            var cb: [Float] = [Float](repeating: 0, count: halfWidth * halfHeight)
            var cr: [Float] = [Float](repeating: 0, count: halfWidth * halfHeight)
            // Column offsets into a source row, with the padding repeating the last column.
            var columns: [Int] = []
            for x in 0..<width {
                columns.append(min(x, image.width - 1) * 3)
            }
            image.bytes.withUnsafeBufferPointer { rgb in
                luma.withUnsafeMutableBufferPointer { y in
                    cb.withUnsafeMutableBufferPointer { blue in
                        cr.withUnsafeMutableBufferPointer { red in
                            columns.withUnsafeBufferPointer { offsets in
                                for row in 0..<halfHeight {
                                    let top: Int = min(2 * row, image.height - 1) * image.width * 3
                                    let bottom: Int = min(2 * row + 1, image.height - 1) * image.width * 3
                                    let topLine: Int = 2 * row * width
                                    let bottomLine: Int = topLine + width
                                    for column in 0..<halfWidth {
                                        let left: Int = 2 * column
                                        let a: Int = top + offsets[left]
                                        let b: Int = top + offsets[left + 1]
                                        let c: Int = bottom + offsets[left]
                                        let d: Int = bottom + offsets[left + 1]
                                        let r0: Float = Float(Int(rgb[a])), g0: Float = Float(Int(rgb[a + 1])), b0: Float = Float(Int(rgb[a + 2]))
                                        let r1: Float = Float(Int(rgb[b])), g1: Float = Float(Int(rgb[b + 1])), b1: Float = Float(Int(rgb[b + 2]))
                                        let r2: Float = Float(Int(rgb[c])), g2: Float = Float(Int(rgb[c + 1])), b2: Float = Float(Int(rgb[c + 2]))
                                        let r3: Float = Float(Int(rgb[d])), g3: Float = Float(Int(rgb[d + 1])), b3: Float = Float(Int(rgb[d + 2]))
                                        y[topLine + left] = 0.299 * r0 + 0.587 * g0 + 0.114 * b0
                                        y[topLine + left + 1] = 0.299 * r1 + 0.587 * g1 + 0.114 * b1
                                        y[bottomLine + left] = 0.299 * r2 + 0.587 * g2 + 0.114 * b2
                                        y[bottomLine + left + 1] = 0.299 * r3 + 0.587 * g3 + 0.114 * b3
                                        let sumR: Float = r0 + r1 + r2 + r3
                                        let sumG: Float = g0 + g1 + g2 + g3
                                        let sumB: Float = b0 + b1 + b2 + b3
                                        let target: Int = row * halfWidth + column
                                        blue[target] = (-0.168736 * sumR - 0.331264 * sumG + 0.5 * sumB) / 4 + 128
                                        red[target] = (0.5 * sumR - 0.418688 * sumG - 0.081312 * sumB) / 4 + 128
                                    }
                                }
                            }
                        }
                    }
                }
            }
            lumaWidth = width
            lumaHeight = height
            chromaWidth = halfWidth
            self.luma = luma
            self.cb = cb
            self.cr = cr
        }
    }
}
