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

    /// The whole frame: every row starts as the bars, then the rows that cross the tag's and
    /// the dot's boxes are painted across those boxes, so a 1200 × 900 photo stays quick.
    ///
    /// The model tests render about a hundred frames unoptimised (`-Onone`), so this works
    /// through plain pointers in `while` loops and does the tests of `colour(x:y:shapes:)` inline
    /// with each row's half worked out once. `pixel(x:y:)` still goes through that function:
    /// it is the reference, and the checks compare the two at every pixel of several frames.
    func render() -> RGBImage {
        guard width > 0, height > 0 else {
            return RGBImage(width: max(0, width), height: max(0, height), bytes: [])
        }
        let rowBytes: Int = width * 3
        let count: Int = rowBytes * height
        let barRow: UnsafeMutablePointer<UInt8> = .allocate(capacity: rowBytes)
        defer { barRow.deallocate() }
        var x: Int = 0
        while x < width {
            let colour: RGBPixel = barColour(x: x)
            barRow[x * 3] = colour.r
            barRow[x * 3 + 1] = colour.g
            barRow[x * 3 + 2] = colour.b
            x += 1
        }
        // Every byte is written below, so the array need not be zeroed first.
        let bytes: [UInt8] = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
            guard let image = buffer.baseAddress else {
                initialised = 0
                return
            }
            var y: Int = 0
            while y < height {
                (image + y * rowBytes).initialize(from: barRow, count: rowBytes)
                y += 1
            }
            paintBoxes(Shapes(self), bars: barRow, into: image)
            initialised = count
        }
        return RGBImage(width: width, height: height, bytes: bytes)
    }

    /// Paints every pixel of the tag's and the dot's boxes (a pixel wider all round) with the
    /// colour `colour(x:y:shapes:)` gives it. CGFloat is a Double wherever this app runs, and
    /// a CGRect contains a point on its minimum edges but not on its maximum ones.
    private func paintBoxes(_ shapes: Shapes, bars: UnsafePointer<UInt8>, into image: UnsafeMutablePointer<UInt8>) {
        let tag: CGRect = shapes.tag
        let tagMinX: Double = Double(tag.minX), tagMaxX: Double = Double(tag.maxX)
        let tagMinY: Double = Double(tag.minY), tagMaxY: Double = Double(tag.maxY)
        let cellCount: Int = shapes.cells.count
        // Each cell's minX, maxX, minY, maxY, and whether it is set.
        let cellBounds: UnsafeMutablePointer<Double> = .allocate(capacity: 4 * max(1, cellCount))
        let cellSet: UnsafeMutablePointer<Bool> = .allocate(capacity: max(1, cellCount))
        defer {
            cellBounds.deallocate()
            cellSet.deallocate()
        }
        for (index, cell) in shapes.cells.enumerated() {
            cellBounds[4 * index] = Double(cell.rect.minX)
            cellBounds[4 * index + 1] = Double(cell.rect.maxX)
            cellBounds[4 * index + 2] = Double(cell.rect.minY)
            cellBounds[4 * index + 3] = Double(cell.rect.maxY)
            cellSet[index] = cell.isSet
        }
        let dotMidX: Double = Double(shapes.dot.midX)
        let dotMidY: Double = Double(shapes.dot.midY)
        let aspect: Double = Double(CGFloat(width) / CGFloat(max(1, height)))
        let radius: Double = Double(StandInFrame.dotRadiusShare)
        let pixelWidth: Double = Double(width)
        let pixelHeight: Double = Double(height)
        // Read once: a static's every read is a call at -Onone.
        let tagColour: RGBPixel = StandInFrame.tagColour
        let bitColour: RGBPixel = StandInFrame.tagBitColour
        let dotColour: RGBPixel = StandInFrame.dotColour
        for box in [shapes.tag, shapes.dot] {
            let firstX: Int = max(0, Int(box.minX * CGFloat(width)) - 1)
            let lastX: Int = min(width - 1, Int(box.maxX * CGFloat(width)) + 1)
            let firstY: Int = max(0, Int(box.minY * CGFloat(height)) - 1)
            let lastY: Int = min(height - 1, Int(box.maxY * CGFloat(height)) + 1)
            var y: Int = firstY
            while y <= lastY {
                let pointY: Double = (Double(y) + 0.5) / pixelHeight
                let inTagRows: Bool = tagMinY <= pointY && pointY < tagMaxY
                let dy: Double = pointY - dotMidY
                var x: Int = firstX
                while x <= lastX {
                    let pointX: Double = (Double(x) + 0.5) / pixelWidth
                    let pixel: UnsafeMutablePointer<UInt8> = image + (y * width + x) * 3
                    if inTagRows && tagMinX <= pointX && pointX < tagMaxX {
                        var colour: RGBPixel = tagColour
                        var cell: Int = 0
                        while cell < cellCount {
                            let bounds: UnsafeMutablePointer<Double> = cellBounds + 4 * cell
                            if bounds[0] <= pointX && pointX < bounds[1] && bounds[2] <= pointY && pointY < bounds[3] {
                                colour = cellSet[cell] ? bitColour : tagColour
                                break
                            }
                            cell += 1
                        }
                        pixel[0] = colour.r
                        pixel[1] = colour.g
                        pixel[2] = colour.b
                    } else {
                        let dx: Double = (pointX - dotMidX) * aspect
                        if dx * dx + dy * dy <= radius * radius {
                            pixel[0] = dotColour.r
                            pixel[1] = dotColour.g
                            pixel[2] = dotColour.b
                        } else {
                            pixel[0] = bars[x * 3]
                            pixel[1] = bars[x * 3 + 1]
                            pixel[2] = bars[x * 3 + 2]
                        }
                    }
                    x += 1
                }
                y += 1
            }
        }
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
