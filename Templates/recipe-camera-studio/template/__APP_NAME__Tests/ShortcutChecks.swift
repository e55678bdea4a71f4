import Foundation
import Testing
@testable import __APP_NAME__

/// The stand-in's renderer and JPEG encoder take shortcuts where the test card repeats (they run
/// unoptimised here, on about a hundred frames): a row or a 2 × 2 square like the one before is
/// copied, a row of blocks like the one above reuses its coefficients, a flat block skips the
/// transform. A shortcut that compared too little would copy what differs, so each is held to
/// the plain path on pictures that differ from a repeat by a single pixel.
@Test("Stand-in shortcuts")
func shortcutChecks() {
    let encoder: JPEGEncoder = JPEGEncoder()
    let card: RGBImage = StandInFrame(frameNumber: 37, width: 320, height: 240).render()
    #expect(encoder.encode(card) == encoder.encode(card, reusingRepeats: false), "the test card encodes to the same bytes with and without the shortcuts")

    // Stripes run down the picture, so every row repeats the one above.
    let stripes: RGBImage = stripedImage(width: 48, height: 40)
    // Stripes on every other row only, so that a square can differ from the one on its left
    // in the last byte of its top row, or of its bottom row, and nowhere else.
    let halves: [RGBImage] = [0, 1].map { striped in stripedImage(width: 48, height: 40) { $0 % 2 == striped } }
    #expect(halves.allSatisfy { JPEGPlanes($0).samples == JPEGPlanes($0, reusingRepeats: false).samples }, "a 2 × 2 square that differs from the one on its left in the last byte of one row is converted, not copied")
    // The last pixel of the top row of a pair, then of the bottom row (the last sample of
    // the row of units), changed in its last byte only: yellow (191, 191, 0) made (191, 191, 255).
    let lastBytes: [RGBImage] = [30, 31].map { changing(stripes, x: 47, y: $0, to: RGBPixel(191, 191, 255)) }
    #expect(lastBytes.allSatisfy { JPEGPlanes($0).samples == JPEGPlanes($0, reusingRepeats: false).samples }, "a row that differs from the row above only in its last byte is converted, not copied")
    let stripesFile: Data = encoder.encode(stripes)
    #expect(lastBytes.allSatisfy { encoder.encode($0) == encoder.encode($0, reusingRepeats: false) && encoder.encode($0) != stripesFile }, "such a row encodes as the plain path encodes it, and not as the unchanged stripes")

    // One grey picture, then the same with one pixel changed: the last sample of a luma block
    // and of a chroma block, in the last row of the second row of 16 × 16 units.
    let grey: RGBImage = RGBImage(width: 48, height: 40, bytes: [UInt8](repeating: 120, count: 48 * 40 * 3))
    let oneSample: RGBImage = changing(grey, x: 15, y: 31, to: RGBPixel(200, 40, 90))
    #expect(JPEGPlanes(oneSample).samples == JPEGPlanes(oneSample, reusingRepeats: false).samples
                && encoder.encode(oneSample) == encoder.encode(oneSample, reusingRepeats: false), "a block that differs from a flat one in one sample is not taken as flat")
    #expect(encoder.encode(oneSample) != encoder.encode(grey), "the one sample shows in the file")

    // Sizes that are not whole units repeat their last row and column as padding.
    let odd: RGBImage = changing(stripedImage(width: 33, height: 17), x: 32, y: 16, to: RGBPixel(0, 0, 255))
    let qualities: [Int] = [1, 50, 100]
    let mismatched: [Int] = qualities.filter {
        JPEGEncoder(quality: $0).encode(odd) != JPEGEncoder(quality: $0).encode(odd, reusingRepeats: false)
    }
    #expect(mismatched.isEmpty, "33 × 17 stripes encode the same both ways at quality 1, 50 and 100 — differ at \(mismatched)")

    // render() paints the tag and the dot through its own loops; pixel(x:y:) is the reference.
    let frames: [StandInFrame] = [
        StandInFrame(frameNumber: 37, width: 120, height: 90),
        StandInFrame(frameNumber: 200, width: 120, height: 90, mirrored: true),
        StandInFrame(frameNumber: 5, width: 33, height: 17),
    ]
    let differing: [String] = frames.compactMap(firstDifference)
    #expect(differing.isEmpty, "render() matches pixel(x:y:) at every pixel of three frames — \(differing.joined(separator: "; "))")
}

// MARK: - Helpers

/// Vertical stripes on the rows `striped` picks (every row unless told), grey elsewhere. Each
/// colour differs from the one before in one channel and the stripes are seven pixels wide, so
/// some pixel pairs straddle an edge and differ from the pair on their left in the last byte.
private func stripedImage(width: Int, height: Int, striped: (Int) -> Bool = { _ in true }) -> RGBImage {
    let colours: [RGBPixel] = [RGBPixel(191, 0, 191), RGBPixel(191, 0, 0), RGBPixel(191, 191, 0), RGBPixel(191, 191, 191)]
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let colour: RGBPixel = striped(y) ? colours[(x / 7) % colours.count] : RGBPixel(120, 120, 120)
            bytes += [colour.r, colour.g, colour.b]
        }
    }
    return RGBImage(width: width, height: height, bytes: bytes)
}

private func changing(_ image: RGBImage, x: Int, y: Int, to colour: RGBPixel) -> RGBImage {
    var changed: RGBImage = image
    let index: Int = (y * image.width + x) * 3
    changed.bytes[index] = colour.r
    changed.bytes[index + 1] = colour.g
    changed.bytes[index + 2] = colour.b
    return changed
}

/// Where `render()` and `pixel(x:y:)` first disagree, or nil when they agree everywhere.
private func firstDifference(_ frame: StandInFrame) -> String? {
    let image: RGBImage = frame.render()
    for y in 0..<frame.height {
        for x in 0..<frame.width where image.pixel(x: x, y: y) != frame.pixel(x: x, y: y) {
            return "frame \(frame.frameNumber) at \(frame.width) × \(frame.height)\(frame.mirrored ? ", mirrored," : "") differs at (\(x), \(y))"
        }
    }
    return nil
}
