import Foundation
@testable import __APP_NAME__

/// A small baseline JPEG encoder in portable Swift, for the model tests: the stand-in's photos
/// and the frames of its Motion-JPEG movies wherever the tests run, Linux included, with no
/// image framework. The app itself encodes with ImageIO (`SystemStandInEncoding`).
///
/// Baseline sequential DCT, 8-bit, YCbCr with the chroma halved both ways (4:2:0), the standard
/// quantisation tables scaled by quality as libjpeg does, and the standard Huffman tables.
/// The output is a JFIF file with no alpha channel.
///
/// The model tests run this unoptimised (`-Onone`) on about a hundred frames of the test card,
/// so it is written for that: plain pointers rather than arrays in the per-sample loops (their
/// subscripts are inlined at `-Onone`, an array's are calls), `while` loops rather than `for`
/// over ranges (an iterator call per step), and work that repeats is not done twice. The test
/// card's bars run top to bottom, so a row of 16 × 16 units is usually the row above again, and
/// most blocks are one flat colour: a repeated row reuses the coefficients already worked out,
/// and a flat block is recognised with a few `memcmp` calls. The shortcuts change nothing in
/// the file, which the model tests check against `encode(_:reusingRepeats: false)`.
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
        encode(image, reusingRepeats: true)
    }

    /// With `reusingRepeats` off, every row of pixels is converted and every block transformed:
    /// the plain path, which the model tests hold the shortcuts to, byte for byte.
    func encode(_ image: RGBImage, reusingRepeats: Bool) -> Data {
        let planes: JPEGPlanes = JPEGPlanes(image, reusingRepeats: reusingRepeats)
        var out: [UInt8] = []
        out.reserveCapacity(image.width * image.height / 4 + 1024)
        writeHeaders(into: &out, width: image.width, height: image.height)
        var bits: JPEGBitWriter = JPEGBitWriter(capacity: image.width * image.height / 4)
        let coder: BlockCoder = BlockCoder(self, planes: planes, reusingRepeats: reusingRepeats)
        planes.samples.withUnsafeBufferPointer { buffer in
            if let samples = buffer.baseAddress {
                coder.code(samples, into: &bits)
            }
        }
        bits.flush()
        out.append(contentsOf: bits.bytes)
        out.append(contentsOf: [0xFF, 0xD9])
        return Data(out)
    }

    // MARK: - Blocks

    /// Transforms, quantises and Huffman-codes every block of one image, a row of 16 × 16 units
    /// (MCUs: four Y blocks, one Cb, one Cr) at a time, in working memory of its own.
    private nonisolated final class BlockCoder {
        private let planes: JPEGPlanes
        private let reusingRepeats: Bool
        private let blocksPerRow: Int
        /// Luma divisors, then chroma divisors, natural order.
        private let divisors: UnsafeMutablePointer<Float>
        /// Zigzag position → natural position.
        private let order: UnsafeMutablePointer<Int>
        /// Code and length (`code << 8 | length`) of every symbol: luma DC, luma AC, chroma DC,
        /// chroma AC, 256 each.
        private let codes: UnsafeMutablePointer<UInt32>
        /// Quantised coefficients in zigzag order, 64 a block, of the last row of units worked
        /// out: a row that repeats the one above codes them again as they are.
        private let coefficients: UnsafeMutablePointer<Int>
        /// Each block's last non-zero coefficient in zigzag order; 0 when only the DC is left.
        private let lasts: UnsafeMutablePointer<Int>
        private let block: UnsafeMutablePointer<Float>

        init(_ encoder: JPEGEncoder, planes: JPEGPlanes, reusingRepeats: Bool) {
            self.planes = planes
            self.reusingRepeats = reusingRepeats
            blocksPerRow = planes.lumaWidth / 16 * 6
            divisors = .allocate(capacity: 128)
            order = .allocate(capacity: 64)
            codes = .allocate(capacity: 4 * 256)
            coefficients = .allocate(capacity: blocksPerRow * 64)
            lasts = .allocate(capacity: blocksPerRow)
            block = .allocate(capacity: 64)
            var index: Int = 0
            while index < 64 {
                divisors[index] = encoder.lumaDivisors[index]
                divisors[64 + index] = encoder.chromaDivisors[index]
                order[index] = JPEGEncoder.zigzag[index]
                index += 1
            }
            let tables: [JPEGHuffmanTable] = [.luminanceDC, .luminanceAC, .chrominanceDC, .chrominanceAC]
            for (number, table) in tables.enumerated() {
                for symbol in 0..<256 {
                    codes[number * 256 + symbol] = UInt32(table.codes[symbol]) << 8 | UInt32(table.lengths[symbol])
                }
            }
        }

        deinit {
            divisors.deallocate()
            order.deallocate()
            codes.deallocate()
            coefficients.deallocate()
            lasts.deallocate()
            block.deallocate()
        }

        func code(_ samples: UnsafePointer<Float>, into bits: inout JPEGBitWriter) {
            var previousDC: (luma: Int, blue: Int, red: Int) = (0, 0, 0)
            var row: Int = 0
            while row < planes.lumaHeight / 16 {
                if !reusingRepeats || row == 0 || !repeatsRowAbove(row, samples) {
                    transform(row: row, samples)
                }
                emit(previousDC: &previousDC, into: &bits)
                row += 1
            }
        }

        /// True when the units of `row` hold exactly the samples of the row above (a repeated
        /// row's bits still differ: the DC is coded as a difference from the block before).
        private func repeatsRowAbove(_ row: Int, _ samples: UnsafePointer<Float>) -> Bool {
            let lumaRow: Int = 16 * planes.lumaWidth
            let chromaRow: Int = 8 * planes.chromaWidth
            let luma: UnsafePointer<Float> = samples + row * lumaRow
            let blue: UnsafePointer<Float> = samples + planes.blueStart + row * chromaRow
            let red: UnsafePointer<Float> = samples + planes.redStart + row * chromaRow
            let size: Int = MemoryLayout<Float>.size
            return memcmp(luma, luma - lumaRow, lumaRow * size) == 0
                && memcmp(blue, blue - chromaRow, chromaRow * size) == 0
                && memcmp(red, red - chromaRow, chromaRow * size) == 0
        }

        private func transform(row: Int, _ samples: UnsafePointer<Float>) {
            let width: Int = planes.lumaWidth
            let chromaWidth: Int = planes.chromaWidth
            var unit: Int = 0
            while unit < width / 16 {
                let index: Int = unit * 6
                var part: Int = 0
                while part < 4 {
                    let x: Int = unit * 16 + (part % 2) * 8
                    let y: Int = row * 16 + (part / 2) * 8
                    lasts[index + part] = quantise(samples + y * width + x, stride: width, divisors: divisors,
                                                   into: coefficients + (index + part) * 64)
                    part += 1
                }
                let chroma: Int = row * 8 * chromaWidth + unit * 8
                lasts[index + 4] = quantise(samples + planes.blueStart + chroma, stride: chromaWidth,
                                            divisors: divisors + 64, into: coefficients + (index + 4) * 64)
                lasts[index + 5] = quantise(samples + planes.redStart + chroma, stride: chromaWidth,
                                            divisors: divisors + 64, into: coefficients + (index + 5) * 64)
                unit += 1
            }
        }

        /// Quantises one 8 × 8 block into zigzag order; returns its last non-zero position. A
        /// flat block skips the transform: its only coefficient is the average, which the fast
        /// DCT leaves as 64 times the sample.
        private func quantise(
            _ start: UnsafePointer<Float>, stride: Int, divisors: UnsafePointer<Float>, into out: UnsafeMutablePointer<Int>
        ) -> Int {
            let flat: Bool = (reusingRepeats && BlockCoder.isFlat(start, stride: stride)) || load(start, stride: stride)
            // `rounded(.toNearestOrAwayFromZero)` is `rounded()`, named so that -Onone calls
            // Float's own method rather than going through the protocol.
            if flat {
                out[0] = Int(((start[0] - 128) * 64 / divisors[0]).rounded(.toNearestOrAwayFromZero))
                return 0
            }
            JPEGEncoder.forwardDCT(block)
            out[0] = Int((block[0] / divisors[0]).rounded(.toNearestOrAwayFromZero))
            var last: Int = 0
            var index: Int = 1
            while index < 64 {
                let natural: Int = order[index]
                var value: Int = Int((block[natural] / divisors[natural]).rounded(.toNearestOrAwayFromZero))
                // Baseline codes AC values of at most 10 bits; rounding must not reach 1024.
                // (Comparisons, not min and max: those are generic calls at -Onone.)
                if value > 1023 {
                    value = 1023
                } else if value < -1023 {
                    value = -1023
                }
                out[index] = value
                if value != 0 {
                    last = index
                }
                index += 1
            }
            return last
        }

        /// Copies a block into `block`, shifted to be centred on zero; true when every sample
        /// is the same.
        private func load(_ start: UnsafePointer<Float>, stride: Int) -> Bool {
            let first: Float = start[0]
            var flat: Bool = true
            var row: Int = 0
            while row < 8 {
                let source: UnsafePointer<Float> = start + row * stride
                let target: UnsafeMutablePointer<Float> = block + row * 8
                var column: Int = 0
                while column < 8 {
                    let sample: Float = source[column]
                    if sample != first {
                        flat = false
                    }
                    target[column] = sample - 128
                    column += 1
                }
                row += 1
            }
            return flat
        }

        /// Flat in a few calls: the first row equals itself moved by one sample (so all eight
        /// are the same) and every other row equals the first. Equal bytes are equal samples.
        private static func isFlat(_ start: UnsafePointer<Float>, stride: Int) -> Bool {
            let size: Int = MemoryLayout<Float>.size
            if memcmp(start, start + 1, 7 * size) != 0 {
                return false
            }
            var row: Int = 1
            while row < 8 {
                if memcmp(start, start + row * stride, 8 * size) != 0 {
                    return false
                }
                row += 1
            }
            return true
        }

        /// Huffman-codes one row of units, in the order the scan holds them.
        private func emit(previousDC: inout (luma: Int, blue: Int, red: Int), into bits: inout JPEGBitWriter) {
            var index: Int = 0
            while index < blocksPerRow {
                let block: UnsafePointer<Int> = UnsafePointer(coefficients + index * 64)
                let part: Int = index % 6
                let difference: Int
                if part < 4 {
                    difference = block[0] - previousDC.luma
                    previousDC.luma = block[0]
                } else if part == 4 {
                    difference = block[0] - previousDC.blue
                    previousDC.blue = block[0]
                } else {
                    difference = block[0] - previousDC.red
                    previousDC.red = block[0]
                }
                let tables: UnsafePointer<UInt32> = UnsafePointer(codes + (part < 4 ? 0 : 512))
                BlockCoder.emit(block, last: lasts[index], difference: difference,
                                dc: tables, ac: tables + 256, into: &bits)
                index += 1
            }
        }

        /// One block: the DC as a difference from the previous block of its component, then
        /// runs of zeros and values, then end-of-block unless the last coefficient is non-zero.
        private static func emit(
            _ block: UnsafePointer<Int>, last: Int, difference: Int, dc: UnsafePointer<UInt32>,
            ac: UnsafePointer<UInt32>, into bits: inout JPEGBitWriter
        ) {
            // A code goes out with the bits that follow it in one call: at most 16 + 11 bits.
            let dcSize: Int = JPEGEncoder.bitCount(difference)
            let dcCode: UInt32 = dc[dcSize]
            bits.write((dcCode &>> 8) &<< UInt32(dcSize) | JPEGEncoder.valueBits(difference, size: dcSize),
                       length: Int(dcCode & 0xFF) + dcSize)
            var run: Int = 0
            var index: Int = 1
            while index <= last {
                let value: Int = block[index]
                if value == 0 {
                    run += 1
                } else {
                    while run > 15 {
                        bits.write(ac[0xF0] &>> 8, length: Int(ac[0xF0] & 0xFF))
                        run -= 16
                    }
                    let size: Int = JPEGEncoder.bitCount(value)
                    let code: UInt32 = ac[(run &<< 4) | size]
                    bits.write((code &>> 8) &<< UInt32(size) | JPEGEncoder.valueBits(value, size: size),
                               length: Int(code & 0xFF) + size)
                    run = 0
                }
                index += 1
            }
            if last < 63 {
                bits.write(ac[0] &>> 8, length: Int(ac[0] & 0xFF))
            }
        }
    }

    /// The number of bits of a coefficient's magnitude (its "size category").
    private static func bitCount(_ value: Int) -> Int {
        value == 0 ? 0 : Int.bitWidth - value.magnitude.leadingZeroBitCount
    }

    /// A negative coefficient is sent as its one's complement in `size` bits.
    private static func valueBits(_ value: Int, size: Int) -> UInt32 {
        let adjusted: Int = value < 0 ? value - 1 : value
        return UInt32(truncatingIfNeeded: adjusted) & ((1 &<< UInt32(size)) &- 1)
    }

    /// The Arai–Agui–Nakajima fast DCT on rows, then on columns, in place. Its outputs carry
    /// per-coefficient scale factors that `divisors(zigzagTable:)` removes.
    private static func forwardDCT(_ d: UnsafeMutablePointer<Float>) {
        var pass: Int = 0
        while pass < 2 {
            let stride: Int = pass == 0 ? 1 : 8
            let step: Int = pass == 0 ? 8 : 1
            var line: Int = 0
            while line < 8 {
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
                line += 1
            }
            pass += 1
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
}
