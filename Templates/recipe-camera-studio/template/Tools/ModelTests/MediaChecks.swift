import Foundation

func standInChecks(_ c: Checker) {
    c.begin("Stand-in frame")
    let frame: StandInFrame = StandInFrame(frameNumber: 5, width: 1200, height: 900)
    let image: RGBImage = frame.render()
    c.check("a frame is 1200 × 900, three bytes a pixel", image.width == 1200 && image.height == 900 && image.bytes.count == 1200 * 900 * 3)
    c.equal("the same frame number gives the same pixels", StandInFrame(frameNumber: 5, width: 1200, height: 900).render(), image)
    var bars: [RGBPixel] = []
    for index in 0..<7 {
        bars.append(image.pixel(x: index * 1200 / 7 + 85, y: 850))
    }
    c.equal("75 % colour bars, white to blue", bars, StandInFrame.barColours)
    c.check("bars are at 75 %: no channel above 191", bars.allSatisfy { max($0.r, $0.g, $0.b) == 191 })
    c.check("render() matches pixel(x:y:)", samplePoints().allSatisfy { image.pixel(x: $0.0, y: $0.1) == frame.pixel(x: $0.0, y: $0.1) })

    let later: StandInFrame = StandInFrame(frameNumber: 30, width: 1200, height: 900)
    c.check("the dot moves from frame to frame", later.dotRect.midX > frame.dotRect.midX)
    let centre: (Int, Int) = (Int(frame.dotRect.midX * 1200), Int(frame.dotRect.midY * 900))
    c.equal("the dot is drawn where its rect says", image.pixel(x: centre.0, y: centre.1), StandInFrame.dotColour)
    c.equal("the tag carries the frame number", tagValue(frame), 5)
    c.equal("the tag carries later frame numbers too", tagValue(StandInFrame(frameNumber: 200, width: 640, height: 480)), 200)
    c.check("the tag sits in the top leading corner", frame.tagRect.minX < 0.1 && frame.tagRect.minY < 0.1)

    let mirrored: StandInFrame = StandInFrame(frameNumber: 5, width: 1200, height: 900, mirrored: true)
    let mirroredImage: RGBImage = mirrored.render()
    c.check("mirrored: every pixel comes from the other side", samplePoints().allSatisfy { mirroredImage.pixel(x: 1199 - $0.0, y: $0.1) == image.pixel(x: $0.0, y: $0.1) })
    c.check("mirrored: the tag moves to the other corner", mirrored.tagRect.maxX > 0.9)
    c.equal("mirrored: the bars run the other way", mirrored.bars.first?.colour, StandInFrame.barColours.first)
    c.check("mirrored: the first bar sits on the right", (mirrored.bars.first?.rect.minX ?? 0) > 0.8)
}

func jpegChecks(_ c: Checker) {
    c.begin("Stand-in photo (JPEG)")
    let data: Data = JPEGEncoder().encode(StandInFrame(frameNumber: 0, width: 1200, height: 900).render())
    let header: (marker: UInt8, width: Int, height: Int, components: Int)? = MediaInspection.jpegFrame(data)
    c.equal("baseline JPEG (SOF0)", header?.marker, 0xC0)
    c.check("1200 × 900", header?.width == 1200 && header?.height == 900, "\(String(describing: header))")
    c.equal("three components: YCbCr, no alpha", header?.components, 3)
    c.check("ends with the end-of-image marker", MediaInspection.endsWithEOI(data))
    c.check("compressed: well under the raw size", data.count < 1200 * 900 * 3 / 10, "\(data.count) bytes")
    c.check("the JFIF header says so", data.count > 11 && String(decoding: data[6..<10], as: UTF8.self) == "JFIF")
    let odd: Data = JPEGEncoder().encode(StandInFrame(frameNumber: 0, width: 33, height: 17).render())
    c.check("sizes that are not whole blocks still encode", MediaInspection.jpegFrame(odd)?.width == 33 && MediaInspection.jpegFrame(odd)?.height == 17)
    c.check("the standard Huffman tables form complete prefix codes", huffmanTablesAreValid())
    let low: Int = JPEGEncoder(quality: 20).encode(StandInFrame(frameNumber: 0, width: 320, height: 240).render()).count
    let high: Int = JPEGEncoder(quality: 95).encode(StandInFrame(frameNumber: 0, width: 320, height: 240).render()).count
    c.check("higher quality writes more bytes", high > low, "\(low) vs \(high)")
}

func movieChecks(_ c: Checker) async {
    c.begin("Stand-in movie (Motion-JPEG QuickTime)")
    let url: URL = TestFolder.make("Movie").appendingPathComponent("test.mov")
    var frameCount: Int = 0
    do {
        var writer: MotionJPEGMovieWriter = try MotionJPEGMovieWriter(url: url, width: 640, height: 480, framesPerSecond: 15)
        for number in 0..<5 {
            try writer.append(StandInFrame(frameNumber: number, width: 640, height: 480).render())
        }
        try await writer.finish()
        frameCount = writer.frameCount
        c.equal("the writer reports its duration", writer.duration, 5.0 / 15.0)
    } catch {
        c.check("the movie writer writes", false, "\(error)")
    }
    c.equal("the writer counts its frames", frameCount, 5)
    let data: Data = (try? Data(contentsOf: url)) ?? Data()
    let bytes: [UInt8] = [UInt8](data)
    let top: [String] = MediaInspection.atoms(bytes, in: 0..<bytes.count).map(\.type)
    c.equal("ftyp, mdat, moov", top, ["ftyp", "mdat", "moov"])
    guard let facts = MediaInspection.movie(data) else {
        c.check("the movie's sample table reads back", false)
        return
    }
    c.equal("5 samples", facts.frameCount, 5)
    c.equal("Motion-JPEG samples", facts.codec, "jpeg")
    c.check("640 × 480", facts.width == 640 && facts.height == 480)
    c.equal("15 frames a second", facts.timescale / facts.frameDuration, 15)
    c.equal("the duration is the frames' total", facts.duration, facts.frameDuration * 5)
    // Five frames at 15 a second last a third of a second: 200 units of 1/600 s in every header.
    c.equal("the media header says 1/3 s", [facts.timescale, facts.duration], [600, 200])
    c.equal("the movie header says 1/3 s", [facts.movieTimescale, facts.movieDuration], [600, 200])
    c.equal("the track header says 1/3 s", facts.trackDuration, 200)
    c.equal("the track header says 640 × 480", [facts.trackWidth, facts.trackHeight], [640, 480])
    let first: Int = facts.firstSampleOffset
    let total: Int = facts.sampleSizes.reduce(0, +)
    c.check("the samples fill mdat exactly", first == 28 && first + total + 8 <= bytes.count && MediaInspection.uint32(bytes, 20) == total + 8)
    let sample: Data = Data(bytes[first..<(first + facts.sampleSizes[0])])
    c.check("every sample is a whole JPEG", MediaInspection.jpegFrame(sample)?.width == 640 && MediaInspection.endsWithEOI(sample))

    let emptyURL: URL = url.deletingLastPathComponent().appendingPathComponent("empty.mov")
    var refused: Bool = false
    do {
        var empty: MotionJPEGMovieWriter = try MotionJPEGMovieWriter(url: emptyURL, width: 640, height: 480, framesPerSecond: 15)
        try await empty.finish()
    } catch {
        refused = (error as? MotionJPEGMovieWriter.Failure) == .noFrames
    }
    c.check("a movie with no frames is refused", refused)
}

// MARK: - Helpers

private func samplePoints() -> [(Int, Int)] {
    var points: [(Int, Int)] = []
    for y in stride(from: 3, to: 900, by: 37) {
        for x in stride(from: 5, to: 1200, by: 41) {
            points.append((x, y))
        }
    }
    return points
}

/// Reads the tag's eight cells from the rendered pixels.
private func tagValue(_ frame: StandInFrame) -> Int {
    let image: RGBImage = frame.render()
    var value: Int = 0
    for cell in frame.tagCells {
        let x: Int = Int(cell.rect.midX * CGFloat(frame.width))
        let y: Int = Int(cell.rect.midY * CGFloat(frame.height))
        value = value << 1 | (image.pixel(x: x, y: y) == StandInFrame.tagBitColour ? 1 : 0)
    }
    return value
}

/// Kraft's sum under 1: the codes are prefix-free and leave the all-ones code unused, as the
/// standard requires; every symbol appears once.
private func huffmanTablesAreValid() -> Bool {
    let tables: [JPEGHuffmanTable] = [.luminanceDC, .chrominanceDC, .luminanceAC, .chrominanceAC]
    for table in tables {
        var sum: Double = 0
        for (index, count) in table.counts.enumerated() {
            sum += Double(count) / Double(1 << (index + 1))
        }
        let total: Int = table.counts.reduce(0) { $0 + Int($1) }
        if total != table.symbols.count || Set(table.symbols).count != total || sum >= 1 {
            return false
        }
    }
    return true
}
