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

    /// A picture left by an earlier run is not reported as drawn by this one.
    @Test func aPictureFromAnEarlierRunIsNotCounted() throws {
        let root = try TestScratch.makeFolder("layout-pictures-old")
        let pictures = try #require(LayoutPictures("pictures", workingDirectory: root.path))
        try FileManager.default.createDirectory(atPath: pictures.folder, withIntermediateDirectories: true)
        let old = URL(fileURLWithPath: pictures.folder).appendingPathComponent("old.svg")
        try Data("x".utf8).write(to: old)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: old.path)
        try Data("x".utf8).write(to: URL(fileURLWithPath: pictures.folder).appendingPathComponent("new.svg"))
        #expect(pictures.sheets() == ["new.svg"])
    }

    /// A file where the folder should be is refused before anything runs.
    @Test func aFileWhereTheFolderGoesIsAProblem() throws {
        let root = try TestScratch.makeFolder("layout-pictures-file")
        try Data("x".utf8).write(to: root.appendingPathComponent("afile"))
        #expect(LayoutPictures("afile", workingDirectory: root.path)?.problem?.contains("names a file, not a folder") == true)
        #expect(LayoutPictures("missing", workingDirectory: root.path)?.problem == nil, "a missing folder is made")
        #expect(LayoutPictures(".", workingDirectory: root.path)?.problem == nil)
    }
}
