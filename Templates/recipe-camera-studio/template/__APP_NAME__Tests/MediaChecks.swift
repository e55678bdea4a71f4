import Foundation
import Testing
@testable import __APP_NAME__

@Test("Stand-in frame")
func standInChecks() {
    let frame: StandInFrame = StandInFrame(frameNumber: 5, width: 1200, height: 900)
    let image: RGBImage = frame.render()
    #expect(image.width == 1200 && image.height == 900 && image.bytes.count == 1200 * 900 * 3, "a frame is 1200 × 900, three bytes a pixel")
    #expect(StandInFrame(frameNumber: 5, width: 1200, height: 900).render() == image, "the same frame number gives the same pixels")
    var bars: [RGBPixel] = []
    for index in 0..<7 {
        bars.append(image.pixel(x: index * 1200 / 7 + 85, y: 850))
    }
    #expect(bars == StandInFrame.barColours, "75 % colour bars, white to blue")
    #expect(bars.allSatisfy { max($0.r, $0.g, $0.b) == 191 }, "bars are at 75 %: no channel above 191")
    #expect(samplePoints().allSatisfy { image.pixel(x: $0.0, y: $0.1) == frame.pixel(x: $0.0, y: $0.1) }, "render() matches pixel(x:y:)")

    let later: StandInFrame = StandInFrame(frameNumber: 30, width: 1200, height: 900)
    #expect(later.dotRect.midX > frame.dotRect.midX, "the dot moves from frame to frame")
    let centre: (Int, Int) = (Int(frame.dotRect.midX * 1200), Int(frame.dotRect.midY * 900))
    #expect(image.pixel(x: centre.0, y: centre.1) == StandInFrame.dotColour, "the dot is drawn where its rect says")
    #expect(tagValue(frame) == 5, "the tag carries the frame number")
    #expect(tagValue(StandInFrame(frameNumber: 200, width: 640, height: 480)) == 200, "the tag carries later frame numbers too")
    #expect(frame.tagRect.minX < 0.1 && frame.tagRect.minY < 0.1, "the tag sits in the top leading corner")

    let mirrored: StandInFrame = StandInFrame(frameNumber: 5, width: 1200, height: 900, mirrored: true)
    let mirroredImage: RGBImage = mirrored.render()
    #expect(samplePoints().allSatisfy { mirroredImage.pixel(x: 1199 - $0.0, y: $0.1) == image.pixel(x: $0.0, y: $0.1) }, "mirrored: every pixel comes from the other side")
    #expect(mirrored.tagRect.maxX > 0.9, "mirrored: the tag moves to the other corner")
    #expect(mirrored.bars.first?.colour == StandInFrame.barColours.first, "mirrored: the bars run the other way")
    #expect((mirrored.bars.first?.rect.minX ?? 0) > 0.8, "mirrored: the first bar sits on the right")
}

@Test("Stand-in photo (JPEG)")
func jpegChecks() {
    let data: Data = JPEGEncoder().encode(StandInFrame(frameNumber: 0, width: 1200, height: 900).render())
    let header: (marker: UInt8, width: Int, height: Int, components: Int)? = MediaInspection.jpegFrame(data)
    #expect(header?.marker == 0xC0, "baseline JPEG (SOF0)")
    #expect(header?.width == 1200 && header?.height == 900, "1200 × 900 — \(String(describing: header))")
    #expect(header?.components == 3, "three components: YCbCr, no alpha")
    #expect(MediaInspection.endsWithEOI(data), "ends with the end-of-image marker")
    #expect(data.count < 1200 * 900 * 3 / 10, "compressed: well under the raw size — \(data.count) bytes")
    #expect(data.count > 11 && String(decoding: data[6..<10], as: UTF8.self) == "JFIF", "the JFIF header says so")
    let odd: Data = JPEGEncoder().encode(StandInFrame(frameNumber: 0, width: 33, height: 17).render())
    #expect(MediaInspection.jpegFrame(odd)?.width == 33 && MediaInspection.jpegFrame(odd)?.height == 17, "sizes that are not whole blocks still encode")
    #expect(huffmanTablesAreValid(), "the standard Huffman tables form complete prefix codes")
    let low: Int = JPEGEncoder(quality: 20).encode(StandInFrame(frameNumber: 0, width: 320, height: 240).render()).count
    let high: Int = JPEGEncoder(quality: 95).encode(StandInFrame(frameNumber: 0, width: 320, height: 240).render()).count
    #expect(high > low, "higher quality writes more bytes — \(low) vs \(high)")
}

@Test("Stand-in movie (Motion-JPEG QuickTime)", .timeLimit(.minutes(3)))
func movieChecks() async {
    let url: URL = TestFolder.make("Movie").appendingPathComponent("test.mov")
    var frameCount: Int = 0
    do {
        var writer: MotionJPEGMovieWriter = try MotionJPEGMovieWriter(url: url, width: 640, height: 480, framesPerSecond: 15)
        for number in 0..<5 {
            try writer.append(StandInFrame(frameNumber: number, width: 640, height: 480).render())
        }
        try await writer.finish()
        frameCount = writer.frameCount
        #expect(writer.duration == 5.0 / 15.0, "the writer reports its duration")
    } catch {
        Issue.record("the movie writer writes: \(error)")
    }
    #expect(frameCount == 5, "the writer counts its frames")
    let data: Data = (try? Data(contentsOf: url)) ?? Data()
    let bytes: [UInt8] = [UInt8](data)
    let top: [String] = MediaInspection.atoms(bytes, in: 0..<bytes.count).map(\.type)
    #expect(top == ["ftyp", "mdat", "moov"], "ftyp, mdat, moov")
    guard let facts = MediaInspection.movie(data) else {
        Issue.record("the movie's sample table does not read back")
        return
    }
    #expect(facts.frameCount == 5, "5 samples")
    #expect(facts.codec == "jpeg", "Motion-JPEG samples")
    #expect(facts.width == 640 && facts.height == 480, "640 × 480")
    #expect(facts.timescale / facts.frameDuration == 15, "15 frames a second")
    #expect(facts.duration == facts.frameDuration * 5, "the duration is the frames' total")
    // Five frames at 15 a second last a third of a second: 200 units of 1/600 s in every header.
    #expect([facts.timescale, facts.duration] == [600, 200] as [Int], "the media header says 1/3 s")
    #expect([facts.movieTimescale, facts.movieDuration] == [600, 200] as [Int], "the movie header says 1/3 s")
    #expect(facts.trackDuration == 200, "the track header says 1/3 s")
    #expect([facts.trackWidth, facts.trackHeight] == [640, 480] as [Int], "the track header says 640 × 480")
    let first: Int = facts.firstSampleOffset
    let total: Int = facts.sampleSizes.reduce(0, +)
    #expect(first == 28 && first + total + 8 <= bytes.count && MediaInspection.uint32(bytes, 20) == total + 8, "the samples fill mdat exactly")
    let sample: Data = Data(bytes[first..<(first + facts.sampleSizes[0])])
    #expect(MediaInspection.jpegFrame(sample)?.width == 640 && MediaInspection.endsWithEOI(sample), "every sample is a whole JPEG")

    let emptyURL: URL = url.deletingLastPathComponent().appendingPathComponent("empty.mov")
    var refused: Bool = false
    do {
        var empty: MotionJPEGMovieWriter = try MotionJPEGMovieWriter(url: emptyURL, width: 640, height: 480, framesPerSecond: 15)
        try await empty.finish()
    } catch {
        refused = (error as? MotionJPEGMovieWriter.Failure) == .noFrames
    }
    #expect(refused, "a movie with no frames is refused")
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
