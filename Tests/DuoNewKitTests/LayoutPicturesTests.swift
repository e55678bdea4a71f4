import DuoNewKit
import Foundation
import Testing
import TestSupport

/// `--pictures DIR`: the folder made absolute for the checks' environment, and the SVG files
/// found there afterwards.
@Suite("Layout pictures")
struct LayoutPicturesTests {
    @Test func theFolderIsAbsoluteAndOnlyItsSVGFilesAreListed() throws {
        let root = try TestScratch.makeFolder("layout-pictures")
        #expect(LayoutPictures(nil, workingDirectory: root.path) == nil)
        let pictures = try #require(LayoutPictures("out/../pictures", workingDirectory: root.path))
        #expect(pictures.folder == root.appendingPathComponent("pictures").standardizedFileURL.path)
        #expect(pictures.environment == ["MODEL_TESTS_PICTURES": pictures.folder])
        #expect(pictures.sheets().isEmpty, "no folder yet")
        try FileManager.default.createDirectory(atPath: pictures.folder, withIntermediateDirectories: true)
        for name in ["portrait.svg", "layouts.svg", "notes.txt"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: pictures.folder).appendingPathComponent(name))
        }
        #expect(pictures.sheets() == ["layouts.svg", "portrait.svg"])
    }
}
