import Foundation
import Testing
import TestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The layout pictures a generated project draws of itself: every pose, to scale, from the same
/// frames the app uses. A stored copy of each recipe's sheet (SVG, and a PNG for reviewers) sits
/// in `Tests/Fixtures/layout-sheets`; a changed layout shows as a changed picture in review.
///
/// After an intended layout change, refresh the stored copies with
/// `DUO_NEW_UPDATE_LAYOUT_SHEETS=1 swift test --filter LayoutPictureTests`.
@Suite("layout pictures")
struct LayoutPictureTests {
    static let storedSheets: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/layout-sheets")

    /// The recipes that draw their layouts, with the sheets they write besides one file per pose.
    static let recipes: [(recipe: String, sheets: [String])] = [
        ("recipe-camera-studio", ["layouts.svg"]),
        ("recipe-media-player", ["layouts.svg", "layouts-library.svg"]),
    ]
    /// Every recipe draws the same six poses, in this order.
    static let poses: [String] = ["closed", "closed-sideways", "open-wide", "open-tall", "book", "tabletop"]

    @Test(arguments: recipes.map(\.recipe))
    func aFreshProjectDrawsEveryPoseAsStored(recipe: String) async throws {
        let sheets: [String] = try #require(Self.recipes.first { $0.recipe == recipe }?.sheets)
        let poses: [String] = Self.poses
        let work: URL = try CameraStudioTemplate.temporaryFolder("layout-pictures")
        defer { try? FileManager.default.removeItem(at: work) }
        let pictures: URL = work.appendingPathComponent("pictures")
        let built: BuiltProject = try #require(BuiltProject.of(recipe), "no built project of \(recipe)")
        let run: CameraStudioTemplate.Run = try await built.borrow(restoring: []) { project in
            try Self.drawPictures(in: project, into: pictures)
        }
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.output.contains("Layout pictures (\(poses.count + sheets.count) SVG files) written to \(pictures.path)"))

        let files: [String] = try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted()
        #expect(files == (sheets + poses.map { "layout-\($0).svg" }).sorted())
        for file in files {
            let data: Data = try Data(contentsOf: pictures.appendingPathComponent(file))
            let reader: SVGReader = SVGReader(data)
            #expect(reader.error == nil, "\(file) is not well-formed XML: \(reader.error ?? "")")
            #expect(reader.rootElement == "svg", "\(file)")
        }

        let sheet: URL = pictures.appendingPathComponent("layouts.svg")
        let sheetReader: SVGReader = SVGReader(try Data(contentsOf: sheet))
        #expect(sheetReader.groupIDs == poses.map { "pose.\($0)" }, "the sheet shows every pose once, in order")
        #expect(sheetReader.classes.contains("fold active"), "book and tabletop draw an active fold")
        #expect(!sheetReader.classes.contains(where: { $0.hasSuffix("problem") }), "a sound layout draws nothing in red")

        let stored: URL = Self.storedSheets.appendingPathComponent("\(recipe).svg")
        let storedPNG: URL = Self.storedSheets.appendingPathComponent("\(recipe).png")
        let drawn: String = try String(contentsOf: sheet, encoding: .utf8)
        if ProcessInfo.processInfo.environment["DUO_NEW_UPDATE_LAYOUT_SHEETS"] == "1" {
            try drawn.write(to: stored, atomically: true, encoding: .utf8)
            _ = try Self.convertToPNG(stored, to: storedPNG)
        }
        let expected: String = try String(contentsOf: stored, encoding: .utf8)
        #expect(drawn == expected, "the layout changed: look at the new sheet, then refresh the stored copy (see this suite's comment)")

        let png: URL = work.appendingPathComponent("layouts.png")
        let size: (width: Int, height: Int) = try Self.convertToPNG(sheet, to: png)
        #expect(size.width == sheetReader.width.map { Int($0.rounded(.up)) })
        #expect(size.height == sheetReader.height.map { Int($0.rounded(.up)) })
        #expect(FileManager.default.fileExists(atPath: storedPNG.path), "a PNG of the stored sheet sits beside it for reviewers")
    }

    /// Centring the book pose's controls on the fold fails model checks and changes the picture.
    @Test func aControlMovedOntoTheFoldFailsAndShowsInRed() async throws {
        let work: URL = try CameraStudioTemplate.temporaryFolder("layout-mutation")
        defer { try? FileManager.default.removeItem(at: work) }
        let pictures: URL = work.appendingPathComponent("pictures")
        let layoutPath: String = "Sitter/Model/StudioLayout.swift"
        let run: CameraStudioTemplate.Run = try await BuiltProject.cameraStudio.borrow(restoring: [layoutPath]) { project in
            let layout: URL = project.appendingPathComponent(layoutPath)
            let source: String = try String(contentsOf: layout, encoding: .utf8)
            let original: String = "controls = CGRect(x: fold.frame.maxX, y: 0, width: size.width - fold.frame.maxX, height: size.height)"
            try #require(source.contains(original), "the book split still places the controls after the fold")
            let mutated: String = source.replacingOccurrences(
                of: original, with: "controls = CGRect(x: fold.frame.midX - 66, y: 0, width: 132, height: size.height)"
            )
            try mutated.write(to: layout, atomically: true, encoding: .utf8)
            return try Self.drawPictures(in: project, into: pictures)
        }
        #expect(run.status != 0)
        // A test run over arguments ends "with N test cases failed"; the issue names the case.
        #expect(run.output.contains("Test \"Layout pictures: each pose\" with 6 test cases failed after"), "\(run.output.suffix(3000))")
        #expect(run.output.contains("recorded an issue with 1 argument pose → book"))
        #expect(run.output.contains("book: nothing on the fold, under 44 pt, off the screen or overlapping"))
        #expect(run.output.contains("Test \"Layout\" failed after"))
        #expect(run.output.contains("book: no control on the fold"))
        let drawn: String = try String(contentsOf: pictures.appendingPathComponent("layouts.svg"), encoding: .utf8)
        let stored: String = try String(contentsOf: Self.storedSheets.appendingPathComponent("recipe-camera-studio.svg"), encoding: .utf8)
        #expect(drawn != stored)
        #expect(SVGReader(Data(drawn.utf8)).classes.contains("control problem"), "the control on the fold is drawn in red")
    }

    /// `duo-new … --pictures DIR` has the checks draw the pictures and says where they are
    /// (the media player's shared project is generated with `--pictures pictures`).
    @Test func generationWithPicturesSaysWhereTheyAre() async throws {
        let run: BuiltProject.Generation = try await BuiltProject.mediaPlayer.generated()
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        let folder: String = run.work.appendingPathComponent("pictures").standardizedFileURL.path
        #expect(run.output.contains("  layout pictures: 8 SVG files in \(folder); open \(folder)/layouts.svg in a browser"), "\(run.output.suffix(3000))")
        #expect(FileManager.default.fileExists(atPath: folder + "/layouts-library.svg"))
    }

    // MARK: - Helpers

    static func drawPictures(in project: URL, into folder: URL) throws -> CameraStudioTemplate.Run {
        let child: ChildProcess = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["Tools/run-model-tests.sh"], in: project,
            environment: ["MODEL_TESTS_PICTURES": folder.path], mergingErrors: true
        )
        return CameraStudioTemplate.Run(status: child.status, output: child.outputText, samples: folder)
    }

    /// Converts an SVG to PNG with `rsvg-convert` (Debian's librsvg2-bin) and reads the PNG's size.
    static func convertToPNG(_ svg: URL, to png: URL) throws -> (width: Int, height: Int) {
        let converter: String = try #require(CameraStudioTemplate.tool("rsvg-convert"), "rsvg-convert is missing: install librsvg2-bin (scripts/test.sh does)")
        let child: ChildProcess = try ChildProcess.run(URL(fileURLWithPath: converter), [svg.path, "-o", png.path])
        try #require(child.status == 0, "\(child.transcript)")
        let bytes: [UInt8] = Array(try Data(contentsOf: png))
        try #require(bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "rsvg-convert wrote a PNG")
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
}

/// Reads an SVG with Foundation's XML parser: whether it is well-formed, and what it holds.
final class SVGReader: NSObject, XMLParserDelegate {
    private(set) var error: String?
    private(set) var rootElement: String?
    private(set) var groupIDs: [String] = []
    private(set) var classes: [String] = []
    private(set) var width: Double?
    private(set) var height: Double?

    init(_ data: Data) {
        super.init()
        let parser: XMLParser = XMLParser(data: data)
        parser.delegate = self
        if !parser.parse() {
            error = parser.parserError.map { "\($0)" } ?? "unknown parse error"
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if rootElement == nil {
            rootElement = name
            width = attributes["width"].flatMap(Double.init)
            height = attributes["height"].flatMap(Double.init)
        }
        if name == "g", let id = attributes["id"] {
            groupIDs.append(id)
        }
        if let className = attributes["class"] {
            classes.append(className)
        }
    }
}
