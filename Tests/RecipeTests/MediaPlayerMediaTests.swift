import Foundation
import Testing
import TestSupport

/// The media player's six sample clips, opened by FFmpeg's ffprobe (which `.ci/run` installs):
/// the iPhone plays them (H.264 and AAC in MP4), they are the size and length the catalogue and
/// the layouts expect, and they stay small.
@Suite("media player sample clips")
struct MediaPlayerMediaTests {
    static let clips: [String] = [
        "small-repairs-1", "small-repairs-2", "small-repairs-3",
        "night-sky-notes-1", "night-sky-notes-2", "night-sky-notes-3",
    ]

    @Test(arguments: clips)
    func clipIsA12SecondH264AndAACMovieAt640By360(id: String) throws {
        let file: URL = MediaPlayerModelTests.media.appendingPathComponent("\(id).mp4")
        let bytes: Int = try Data(contentsOf: file).count
        #expect((90_000...135_000).contains(bytes), "about 110 KB: \(bytes) bytes")
        let probe: [String: Any] = try ffprobe(file)
        let format: [String: Any] = try #require(probe["format"] as? [String: Any])
        #expect((format["format_name"] as? String)?.contains("mp4") == true)
        #expect(abs((Double(format["duration"] as? String ?? "") ?? 0) - 12) < 0.05, "\(format["duration"] ?? "no duration")")
        let streams: [[String: Any]] = try #require(probe["streams"] as? [[String: Any]])
        #expect(streams.count == 2, "one video and one sound stream")
        let video: [String: Any] = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(video["codec_name"] as? String == "h264")
        #expect(video["profile"] as? String == "Main")
        #expect(video["pix_fmt"] as? String == "yuv420p")
        #expect(video["width"] as? Int == 640 && video["height"] as? Int == 360)
        #expect(video["r_frame_rate"] as? String == "24/1")
        #expect(abs((Double(video["duration"] as? String ?? "") ?? 0) - 12) < 0.05)
        let sound: [String: Any] = try #require(streams.first { $0["codec_type"] as? String == "audio" })
        #expect(sound["codec_name"] as? String == "aac")
        #expect(sound["channels"] as? Int == 1)
        #expect(abs((Double(sound["duration"] as? String ?? "") ?? 0) - 12) < 0.05)
    }

    @Test func theCatalogueListsEachClipOnceWithItsLength() throws {
        let data: Data = try Data(contentsOf: MediaPlayerModelTests.media.appendingPathComponent("Catalog.json"))
        let root: [String: Any] = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let shows: [[String: Any]] = try #require(root["shows"] as? [[String: Any]])
        #expect(shows.count >= 2)
        let episodes: [[String: Any]] = shows.flatMap { $0["episodes"] as? [[String: Any]] ?? [] }
        #expect(episodes.compactMap { $0["id"] as? String }.sorted() == Self.clips.sorted())
        for episode in episodes {
            let id: String = episode["id"] as? String ?? ""
            #expect(episode["media"] as? String == "\(id).mp4")
            #expect(episode["duration"] as? Int == 12)
        }
        let files: [String] = try FileManager.default.contentsOfDirectory(atPath: MediaPlayerModelTests.media.path).filter { $0.hasSuffix(".mp4") }
        #expect(files.sorted() == Self.clips.map { "\($0).mp4" }.sorted(), "no clip outside the catalogue")
    }

    @Test func theClipScriptNamesEveryClipAndItsTone() throws {
        let script: URL = MediaPlayerModelTests.recipe.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/make-media-player-clips.sh")
        let text: String = try String(contentsOf: script, encoding: .utf8)
        for id in Self.clips {
            #expect(text.contains("\"\(id)|"), "the script makes \(id)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: script.path))
    }

    /// ffprobe's JSON for the file's format and streams; a warning fails the test.
    private func ffprobe(_ file: URL) throws -> [String: Any] {
        let ffprobe: String = try #require(CameraStudioTemplate.tool("ffprobe"), "install ffmpeg for ffprobe")
        let run: ChildProcess = try ChildProcess.run(URL(fileURLWithPath: ffprobe), ["-v", "warning", "-show_format", "-show_streams", "-of", "json", file.path])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty, "ffprobe warned: \(run.errorText)")
        return try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
    }
}
