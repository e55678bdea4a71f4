import Foundation
import Testing
import TestSupport

/// The stand-in camera's photo and movie, as the template's portable code writes them, opened
/// by standard tools: djpeg (libjpeg-turbo) and ffprobe (FFmpeg). `.ci/run` installs both.
@Suite("camera studio stand-in media")
struct CameraStudioMediaTests {
    @Test func standInPhotoDecodesAsA1200By900BaselineJPEG() async throws {
        let photo: URL = try await sample(kind: "photo")
        let djpeg: String = try #require(CameraStudioTemplate.tool("djpeg"), "install libjpeg-turbo-progs for djpeg")
        let decoded: ChildProcess = try ChildProcess.run(URL(fileURLWithPath: djpeg), ["-pnm", photo.path])
        try #require(decoded.status == 0, "djpeg: \(decoded.errorText)")
        #expect(decoded.errors.isEmpty, "djpeg warned: \(decoded.errorText)")
        let image: PPM = try #require(PPM(decoded.output), "djpeg wrote a colour PPM")
        // Required: the samples below index into a 1200 × 900 image.
        try #require(image.width == 1200, "width \(image.width)")
        try #require(image.height == 900, "height \(image.height)")
        // The 75 % bars, sampled low in each bar, away from the dot and the tag.
        let expected: [[Int]] = [[191, 191, 191], [191, 191, 0], [0, 191, 191], [0, 191, 0], [191, 0, 191], [191, 0, 0], [0, 0, 191]]
        for (index, colour) in expected.enumerated() {
            let seen: [Int] = image.pixel(x: index * 1200 / 7 + 85, y: 850)
            let error: Int = zip(seen, colour).map { abs($0 - $1) }.max() ?? 255
            #expect(error <= 12, "bar \(index): \(seen), expected \(colour)")
        }
        // Every pixel against the exact test card the photo was taken of: JPEG is lossy, but
        // only a little at quality 85, on flat blocks and on the transformed edges alike.
        let referenceData: Data = try Data(contentsOf: photo.deletingLastPathComponent().appendingPathComponent("reference-photo.ppm"))
        let reference: PPM = try #require(PPM(referenceData), "the model tests wrote the reference frame")
        try #require(reference.pixels.count == image.pixels.count)
        var squares: Double = 0
        var absolute: Double = 0
        for (decoded, exact) in zip(image.pixels, reference.pixels) {
            let difference: Double = Double(Int(decoded) - Int(exact))
            squares += difference * difference
            absolute += abs(difference)
        }
        let count: Double = Double(image.pixels.count)
        let psnr: Double = 10 * log10(255 * 255 / max(squares / count, 1e-9))
        #expect(absolute / count < 3, "mean error \(absolute / count)")
        #expect(psnr > 30, "PSNR \(psnr) dB")
        let bytes: [UInt8] = [UInt8](try Data(contentsOf: photo))
        #expect(containsMarker(bytes, 0xC0), "a baseline (SOF0) frame header")
        #expect(!containsMarker(bytes, 0xC2), "not progressive")
        let probe: [String: Any] = try ffprobe(photo, entries: "stream=codec_name,pix_fmt")
        #expect(probe["pix_fmt"] as? String == "yuvj420p", "three components, no alpha")
    }

    @Test func standInMovieOpensWithTheRecordedSizeRateFramesAndLength() async throws {
        let movie: URL = try await sample(kind: "movie")
        let index: [String: Any] = try indexEntry(for: movie)
        let frames: Int = try #require(index["frameCount"] as? Int)
        let duration: Double = try #require(index["duration"] as? Double)
        let stream: [String: Any] = try ffprobe(movie, entries: "stream=codec_name,width,height,r_frame_rate,nb_read_frames,duration")
        #expect(stream["codec_name"] as? String == "mjpeg")
        #expect(stream["width"] as? Int == 640 && stream["height"] as? Int == 480)
        #expect(stream["r_frame_rate"] as? String == "15/1")
        #expect(Int(stream["nb_read_frames"] as? String ?? "") == frames, "ffprobe counted every frame the gallery records")
        let seconds: Double = Double(stream["duration"] as? String ?? "") ?? -1
        #expect(abs(seconds - duration) < 0.001, "ffprobe \(seconds) s, gallery \(duration) s")
        #expect(frames == 30 && duration == 2, "the sample recording lasted two seconds")
        // What a player shows comes from the movie header (mvhd), not the stream.
        let format: [String: Any] = try ffprobeFormat(movie)
        let shown: Double = Double(format["duration"] as? String ?? "") ?? -1
        #expect(abs(shown - 2) < 0.001, "ffprobe's movie duration \(shown) s")
    }

    // MARK: - Helpers

    private func sample(kind: String) async throws -> URL {
        let run: CameraStudioTemplate.Run = try await CameraStudioTemplate.unstampedRun.value
        try #require(run.status == 0, "the model tests pass: \(run.output.suffix(1500))")
        let names: [String] = try FileManager.default.contentsOfDirectory(atPath: run.samples.path)
        let name: String = try #require(names.first { $0.hasPrefix(kind + "-") }, "a \(kind) among \(names)")
        return run.samples.appendingPathComponent(name)
    }

    private func indexEntry(for file: URL) throws -> [String: Any] {
        let data: Data = try Data(contentsOf: file.deletingLastPathComponent().appendingPathComponent("captures-index.json"))
        let root: [String: Any] = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let captures: [[String: Any]] = try #require(root["captures"] as? [[String: Any]])
        return try #require(captures.first { $0["fileName"] as? String == file.lastPathComponent })
    }

    /// The first stream's entries, as ffprobe prints them in JSON; warnings fail the test.
    private func ffprobe(_ file: URL, entries: String) throws -> [String: Any] {
        let ffprobe: String = try #require(CameraStudioTemplate.tool("ffprobe"), "install ffmpeg for ffprobe")
        let run: ChildProcess = try ChildProcess.run(URL(fileURLWithPath: ffprobe), ["-v", "warning", "-count_frames", "-show_entries", entries, "-of", "json", file.path])
        try #require(run.status == 0, "ffprobe: \(run.errorText)")
        #expect(run.errors.isEmpty, "ffprobe warned: \(run.errorText)")
        let root: [String: Any] = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
        let streams: [[String: Any]] = try #require(root["streams"] as? [[String: Any]])
        return try #require(streams.first)
    }

    /// The container's entries (`format=duration`), as ffprobe prints them in JSON.
    private func ffprobeFormat(_ file: URL) throws -> [String: Any] {
        let ffprobe: String = try #require(CameraStudioTemplate.tool("ffprobe"), "install ffmpeg for ffprobe")
        let run: ChildProcess = try ChildProcess.run(URL(fileURLWithPath: ffprobe), ["-v", "warning", "-show_entries", "format=duration", "-of", "json", file.path])
        try #require(run.status == 0, "ffprobe: \(run.errorText)")
        #expect(run.errors.isEmpty, "ffprobe warned: \(run.errorText)")
        let root: [String: Any] = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
        return try #require(root["format"] as? [String: Any])
    }

    private func containsMarker(_ bytes: [UInt8], _ marker: UInt8) -> Bool {
        var index: Int = 2
        while index + 3 < bytes.count, bytes[index] == 0xFF {
            if bytes[index + 1] == marker {
                return true
            }
            if bytes[index + 1] == 0xDA {
                return false
            }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        return false
    }
}

/// A binary PPM (P6) image, as `djpeg -pnm` writes a colour JPEG.
private struct PPM {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    init?(_ data: Data) {
        let bytes: [UInt8] = [UInt8](data)
        var fields: [String] = []
        var index: Int = 0
        var current: String = ""
        while fields.count < 4, index < bytes.count {
            let byte: UInt8 = bytes[index]
            index += 1
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                if !current.isEmpty {
                    fields.append(current)
                    current = ""
                }
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]),
              bytes.count - index == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.pixels = Array(bytes[index...])
    }

    func pixel(x: Int, y: Int) -> [Int] {
        let start: Int = (y * width + x) * 3
        return [Int(pixels[start]), Int(pixels[start + 1]), Int(pixels[start + 2])]
    }
}
