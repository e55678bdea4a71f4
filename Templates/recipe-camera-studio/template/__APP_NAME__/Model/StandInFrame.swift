import Foundation

/// The stand-in camera's picture for one frame: 75 % colour bars, a dot that moves from frame
/// to frame, and a tag in the top leading corner.
///
/// The simulator has no camera, so the stand-in makes every pose, the timer, recording and
/// the gallery testable there. Everything is a function of the frame number: the same frame
/// always gives the same pixels. The corner tag makes mirroring visible at a glance (it jumps
/// to the other corner) and carries the frame number in eight cells, lowest bit last, white for 1.
///
/// Geometry is in unit coordinates (0...1 across and down), so a SwiftUI `Canvas` can draw
/// the same picture at any size as the pixels `render()` produces.
nonisolated struct StandInFrame: Sendable, Equatable {
    /// One vertical bar of the test card.
    nonisolated struct Bar: Sendable, Equatable {
        let rect: CGRect
        let colour: RGBPixel
    }

    /// SMPTE-style 75 % bars: white, yellow, cyan, green, magenta, red, blue.
    static let barColours: [RGBPixel] = [
        RGBPixel(191, 191, 191), RGBPixel(191, 191, 0), RGBPixel(0, 191, 191), RGBPixel(0, 191, 0),
        RGBPixel(191, 0, 191), RGBPixel(191, 0, 0), RGBPixel(0, 0, 191),
    ]
    static let dotColour: RGBPixel = RGBPixel(16, 16, 16)
    static let tagColour: RGBPixel = .black
    static let tagBitColour: RGBPixel = .white
    /// The dot crosses the card and back in this many frames.
    static let dotPeriod: Int = 90
    static let tagBits: Int = 8
    /// How often the live preview draws a new frame.
    static let previewFramesPerSecond: Int = 30

    /// The tag's frame when not mirrored, and the dot's radius as a share of the height.
    private static let tagUnitRect: CGRect = CGRect(x: 0.03, y: 0.04, width: 0.24, height: 0.1)
    private static let dotRadiusShare: CGFloat = 1.0 / 12.0

    let frameNumber: Int
    let width: Int
    let height: Int
    let mirrored: Bool

    init(frameNumber: Int, width: Int, height: Int, mirrored: Bool = false) {
        self.frameNumber = max(0, frameNumber)
        self.width = width
        self.height = height
        self.mirrored = mirrored
    }

    // MARK: - Geometry, in unit coordinates

    var bars: [Bar] {
        let count: Int = StandInFrame.barColours.count
        var result: [Bar] = []
        for index in 0..<count {
            let unmirrored: CGRect = CGRect(x: CGFloat(index) / CGFloat(count), y: 0, width: 1 / CGFloat(count), height: 1)
            result.append(Bar(rect: flipped(unmirrored), colour: StandInFrame.barColours[index]))
        }
        return result
    }

    /// The dot bounces left and right along the middle of the card.
    var dotRect: CGRect {
        let radiusX: CGFloat = StandInFrame.dotRadiusShare * CGFloat(height) / CGFloat(max(1, width))
        let period: Int = StandInFrame.dotPeriod
        let step: Int = frameNumber % period
        let half: Int = period / 2
        let phase: CGFloat = CGFloat(step <= half ? step : period - step) / CGFloat(half)
        let centreX: CGFloat = radiusX + (1 - 2 * radiusX) * phase
        let unmirrored: CGRect = CGRect(
            x: centreX - radiusX, y: 0.5 - StandInFrame.dotRadiusShare,
            width: 2 * radiusX, height: 2 * StandInFrame.dotRadiusShare
        )
        return flipped(unmirrored)
    }

    var tagRect: CGRect {
        flipped(StandInFrame.tagUnitRect)
    }

    /// The tag's eight cells, highest bit first as read from the tag's own leading edge.
    var tagCells: [(rect: CGRect, isSet: Bool)] {
        let tag: CGRect = StandInFrame.tagUnitRect
        let cellWidth: CGFloat = tag.width / CGFloat(StandInFrame.tagBits)
        var cells: [(rect: CGRect, isSet: Bool)] = []
        for bit in 0..<StandInFrame.tagBits {
            let shift: Int = StandInFrame.tagBits - 1 - bit
            let isSet: Bool = (frameNumber >> shift) & 1 == 1
            let cell: CGRect = CGRect(
                x: tag.minX + CGFloat(bit) * cellWidth + cellWidth * 0.2, y: tag.minY + tag.height * 0.25,
                width: cellWidth * 0.6, height: tag.height * 0.5
            )
            cells.append((rect: flipped(cell), isSet: isSet))
        }
        return cells
    }

    // MARK: - Pixels

    /// The colour at one pixel, sampled at the pixel's centre.
    func pixel(x: Int, y: Int) -> RGBPixel {
        colour(x: x, y: y, shapes: Shapes(self))
    }

    /// The whole frame: each row starts as the bars, then only the tag's and the dot's boxes
    /// are painted pixel by pixel, so a 1200 × 900 photo stays quick.
    func render() -> RGBImage {
        let shapes: Shapes = Shapes(self)
        var bytes: [UInt8] = [UInt8](repeating: 0, count: width * height * 3)
        var barRow: [UInt8] = [UInt8](repeating: 0, count: width * 3)
        for x in 0..<width {
            let colour: RGBPixel = barColour(x: x)
            barRow[x * 3] = colour.r
            barRow[x * 3 + 1] = colour.g
            barRow[x * 3 + 2] = colour.b
        }
        for y in 0..<height {
            let rowStart: Int = y * width * 3
            bytes.replaceSubrange(rowStart..<(rowStart + width * 3), with: barRow)
        }
        for box in [shapes.tag, shapes.dot] {
            let firstX: Int = max(0, Int(box.minX * CGFloat(width)) - 1)
            let lastX: Int = min(width - 1, Int(box.maxX * CGFloat(width)) + 1)
            let firstY: Int = max(0, Int(box.minY * CGFloat(height)) - 1)
            let lastY: Int = min(height - 1, Int(box.maxY * CGFloat(height)) + 1)
            for y in firstY...lastY {
                for x in firstX...lastX {
                    let colour: RGBPixel = self.colour(x: x, y: y, shapes: shapes)
                    let index: Int = (y * width + x) * 3
                    bytes[index] = colour.r
                    bytes[index + 1] = colour.g
                    bytes[index + 2] = colour.b
                }
            }
        }
        return RGBImage(width: width, height: height, bytes: bytes)
    }

    // MARK: - Helpers

    /// The geometry worked out once per frame rather than once per pixel.
    private nonisolated struct Shapes: Sendable {
        let tag: CGRect
        let cells: [(rect: CGRect, isSet: Bool)]
        let dot: CGRect

        init(_ frame: StandInFrame) {
            tag = frame.tagRect
            cells = frame.tagCells
            dot = frame.dotRect
        }
    }

    private func colour(x: Int, y: Int, shapes: Shapes) -> RGBPixel {
        let point: CGPoint = CGPoint(x: (CGFloat(x) + 0.5) / CGFloat(width), y: (CGFloat(y) + 0.5) / CGFloat(height))
        if shapes.tag.contains(point) {
            for cell in shapes.cells where cell.rect.contains(point) {
                return cell.isSet ? StandInFrame.tagBitColour : StandInFrame.tagColour
            }
            return StandInFrame.tagColour
        }
        if isInside(shapes.dot, point) {
            return StandInFrame.dotColour
        }
        return barColour(x: x)
    }

    private func barColour(x: Int) -> RGBPixel {
        let u: CGFloat = (CGFloat(x) + 0.5) / CGFloat(width)
        let unmirroredU: CGFloat = mirrored ? 1 - u : u
        let count: Int = StandInFrame.barColours.count
        return StandInFrame.barColours[min(count - 1, max(0, Int(unmirroredU * CGFloat(count))))]
    }

    /// The dot is a circle in pixels, so its test uses the picture's proportions.
    private func isInside(_ dot: CGRect, _ point: CGPoint) -> Bool {
        let aspect: CGFloat = CGFloat(width) / CGFloat(max(1, height))
        let dx: CGFloat = (point.x - dot.midX) * aspect
        let dy: CGFloat = point.y - dot.midY
        let radius: CGFloat = StandInFrame.dotRadiusShare
        return dx * dx + dy * dy <= radius * radius
    }

    private func flipped(_ rect: CGRect) -> CGRect {
        mirrored ? CGRect(x: 1 - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) : rect
    }
}
