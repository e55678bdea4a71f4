import Foundation
@testable import __APP_NAME__

/// The colour planes a JPEG encodes: Y at full size and Cb, Cr from the average colour of each
/// 2 × 2 square (4:2:0), padded to whole 16 × 16 units by repeating the last row and column so
/// the edges do not ring. All three live in one buffer: Y, then Cb, then Cr.
///
/// The model tests compile this at `-Onone`, where every sample costs a few calls, and they
/// encode about a hundred frames of the stand-in's test card. Most of that card repeats (bars
/// run top to bottom; only the tag and the dot break a row), so when `reusingRepeats` is on, a
/// pair of source rows identical to the pair above, and a 2 × 2 square identical to the one on
/// its left, copy what was worked out there instead of converting again. The copy is the same
/// arithmetic's result, so the planes are identical either way; the checks compare both.
nonisolated struct JPEGPlanes: Sendable {
    let lumaWidth: Int
    let lumaHeight: Int
    let chromaWidth: Int
    let chromaHeight: Int
    /// Y (`lumaWidth × lumaHeight`), then Cb and Cr (`chromaWidth × chromaHeight` each).
    let samples: [Float]

    var blueStart: Int {
        lumaWidth * lumaHeight
    }

    var redStart: Int {
        blueStart + chromaWidth * chromaHeight
    }

    init(_ image: RGBImage, reusingRepeats: Bool = true) {
        let width: Int = (image.width + 15) / 16 * 16
        let height: Int = (image.height + 15) / 16 * 16
        let halfWidth: Int = width / 2
        let halfHeight: Int = height / 2
        lumaWidth = width
        lumaHeight = height
        chromaWidth = halfWidth
        chromaHeight = halfHeight
        let lumaCount: Int = width * height
        let chromaCount: Int = halfWidth * halfHeight
        // Byte offsets of each column into a source row, the padding repeating the last column.
        var columns: [Int] = [Int](repeating: 0, count: width)
        var x: Int = 0
        while x < width {
            columns[x] = min(x, image.width - 1) * 3
            x += 1
        }
        let rowBytes: Int = image.width * 3
        let total: Int = lumaCount + 2 * chromaCount
        // Every sample is written below, converted or copied, so the array need not be zeroed.
        samples = [Float](unsafeUninitializedCapacity: total) { planeBuffer, initialised in
            image.bytes.withUnsafeBufferPointer { rgbBuffer in
                columns.withUnsafeBufferPointer { columnBuffer in
                    // Plain pointers: their subscripts are inlined even at -Onone, where a buffer's are calls.
                    guard let rgb = rgbBuffer.baseAddress, let luma = planeBuffer.baseAddress,
                          let offsets = columnBuffer.baseAddress else { return }
                    let blue: UnsafeMutablePointer<Float> = luma + lumaCount
                    let red: UnsafeMutablePointer<Float> = blue + chromaCount
                    var previousTop: Int = 0
                    var previousBottom: Int = 0
                    var row: Int = 0
                    while row < halfHeight {
                        let top: Int = min(2 * row, image.height - 1) * rowBytes
                        let bottom: Int = min(2 * row + 1, image.height - 1) * rowBytes
                        let topLine: UnsafeMutablePointer<Float> = luma + 2 * row * width
                        let chromaLine: Int = row * halfWidth
                        if reusingRepeats, row > 0, memcmp(rgb + top, rgb + previousTop, rowBytes) == 0,
                           memcmp(rgb + bottom, rgb + previousBottom, rowBytes) == 0 {
                            topLine.initialize(from: topLine - 2 * width, count: 2 * width)
                            (blue + chromaLine).initialize(from: blue + chromaLine - halfWidth, count: halfWidth)
                            (red + chromaLine).initialize(from: red + chromaLine - halfWidth, count: halfWidth)
                        } else {
                            JPEGPlanes.convert(
                                top: rgb + top, bottom: rgb + bottom, offsets: offsets, sourceWidth: image.width,
                                luma: topLine, lumaWidth: width, blue: blue + chromaLine, red: red + chromaLine,
                                reusingRepeats: reusingRepeats
                            )
                        }
                        previousTop = top
                        previousBottom = bottom
                        row += 1
                    }
                }
            }
            initialised = total
        }
    }

    /// Converts one pair of source rows into two rows of Y and one of Cb and Cr.
    private static func convert(
        top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>, offsets: UnsafePointer<Int>, sourceWidth: Int,
        luma: UnsafeMutablePointer<Float>, lumaWidth: Int, blue: UnsafeMutablePointer<Float>,
        red: UnsafeMutablePointer<Float>, reusingRepeats: Bool
    ) {
        let lower: UnsafeMutablePointer<Float> = luma + lumaWidth
        var column: Int = 0
        while column < lumaWidth / 2 {
            let left: Int = 2 * column
            let a: Int = offsets[left]
            // The square and the one on its left are six bytes apart in both rows when neither
            // reaches into the padding.
            if reusingRepeats, column > 0, left + 1 < sourceWidth,
               memcmp(top + a, top + a - 6, 6) == 0, memcmp(bottom + a, bottom + a - 6, 6) == 0 {
                luma[left] = luma[left - 2]
                luma[left + 1] = luma[left - 1]
                lower[left] = lower[left - 2]
                lower[left + 1] = lower[left - 1]
                blue[column] = blue[column - 1]
                red[column] = red[column - 1]
                column += 1
                continue
            }
            let b: Int = offsets[left + 1]
            let r0: Float = Float(top[a]), g0: Float = Float(top[a + 1]), b0: Float = Float(top[a + 2])
            let r1: Float = Float(top[b]), g1: Float = Float(top[b + 1]), b1: Float = Float(top[b + 2])
            let r2: Float = Float(bottom[a]), g2: Float = Float(bottom[a + 1]), b2: Float = Float(bottom[a + 2])
            let r3: Float = Float(bottom[b]), g3: Float = Float(bottom[b + 1]), b3: Float = Float(bottom[b + 2])
            luma[left] = 0.299 * r0 + 0.587 * g0 + 0.114 * b0
            luma[left + 1] = 0.299 * r1 + 0.587 * g1 + 0.114 * b1
            lower[left] = 0.299 * r2 + 0.587 * g2 + 0.114 * b2
            lower[left + 1] = 0.299 * r3 + 0.587 * g3 + 0.114 * b3
            let sumR: Float = r0 + r1 + r2 + r3
            let sumG: Float = g0 + g1 + g2 + g3
            let sumB: Float = b0 + b1 + b2 + b3
            blue[column] = (-0.168736 * sumR - 0.331264 * sumG + 0.5 * sumB) / 4 + 128
            red[column] = (0.5 * sumR - 0.418688 * sumG - 0.081312 * sumB) / 4 + 128
            column += 1
        }
    }
}
