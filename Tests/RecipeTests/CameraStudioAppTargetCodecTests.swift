import Foundation
import Testing
import TestSupport

/// The camera studio's app target (every file of the app folder Xcode compiles, the `duo-app`
/// layer's included) carries no image or movie codec of its own: on Apple platforms the stand-in
/// camera's photo is encoded by ImageIO and its movie by `AVAssetWriter`. The portable JPEG and
/// Motion-JPEG writers live with the model tests (`<App>Tests`, the package's test target), which
/// check the photo and the movie on Linux.
@Suite("Camera studio: no codec in the app target")
struct CameraStudioAppTargetCodecTests {
    typealias Fixture = CameraStudioProjectFixture

    /// What a hand-written JPEG or QuickTime writer cannot do without, each with what it is.
    static let marks: [(pattern: String, what: String)] = [
        (#"\bHuffman"#, "Huffman tables (JPEG entropy coding)"),
        (#"\b[Qq]uanti[sz]ation\b"#, "quantisation tables (JPEG)"),
        (#"\b[Zz]ig-?[Zz]ag"#, "the zigzag order of JPEG coefficients"),
        (#"JFIF"#, "a JFIF header"),
        (#"0x[Ff][Ff][Dd][8Aa9Bb]\b|0xFF,\s*0xD[89AB]\b"#, "JPEG markers (SOI, SOS, EOI, DQT)"),
        (#"\bfourCC\b|func atom\("#, "a QuickTime atom writer"),
        (#""(mdat|moov|mvhd|tkhd|mdhd|trak|stco|stsz|stts|stsd|ftyp)""#, "QuickTime atom types"),
        (#"\bmjpa\b|"jpeg""#, "a Motion-JPEG sample description"),
    ]

    @Test func appTargetHoldsNoJPEGOrQuickTimeWriter() throws {
        let app = try Fixture.project().appendingPathComponent(Fixture.appName)
        let found = try Self.codecMarks(under: app)
        #expect(found.isEmpty, "the app target carries codec code; it belongs in \(Fixture.appName)Tests: \(found)")
    }

    /// The scan can fail: the model tests' own encoders, generated beside the app, show the marks.
    @Test func theModelTestsEncodersShowTheMarksTheScanLooksFor() throws {
        let tests = try Fixture.project().appendingPathComponent(Fixture.appName + "Tests")
        let found = try Self.codecMarks(under: tests)
        let files = Set(found.map { $0.components(separatedBy: ":").first ?? "" })
        for file in ["JPEGEncoder.swift", "JPEGHuffmanTable.swift", "MotionJPEGMovieWriter.swift", "AtomWriter.swift"] {
            #expect(files.contains(file), "no codec mark found in \(file): \(found)")
        }
        for (_, what) in Self.marks.prefix(1) + Self.marks.suffix(2) {
            #expect(found.contains { $0.hasSuffix(what) }, "no file shows \(what)")
        }
    }

    /// `file:line: what` for every line of a text file under `folder` that shows a mark.
    static func codecMarks(under folder: URL) throws -> [String] {
        let expressions = try marks.map { (try NSRegularExpression(pattern: $0.pattern), $0.what) }
        var found: [String] = []
        for path in Fixture.files(under: folder).sorted() {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path),
                  let text = String(data: data, encoding: .utf8) else { continue }
            for (number, line) in text.components(separatedBy: "\n").enumerated() {
                let range = NSRange(line.startIndex..., in: line)
                for (expression, what) in expressions where expression.firstMatch(in: line, range: range) != nil {
                    found.append("\(path):\(number + 1): \(what)")
                }
            }
        }
        return found
    }
}
