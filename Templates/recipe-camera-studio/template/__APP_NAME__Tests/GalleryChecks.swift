import Foundation
import Testing
@testable import __APP_NAME__

@Test("Gallery index and grid")
func galleryChecks() {
    let folder: URL = TestFolder.make("Captures")
    var library: CaptureLibrary = CaptureLibrary.open(folder: folder)
    #expect(library.captures.isEmpty && library.notes.isEmpty, "an empty folder opens as an empty gallery")

    // Dates far from today: if the gallery read file dates instead of its index, they would differ.
    let old: Capture = makeCapture(.photo, at: 10_000_000, in: folder)
    let middle: Capture = makeCapture(.movie, at: 20_000_000, in: folder)
    let newest: Capture = makeCapture(.photo, at: 30_000_000, in: folder)
    try? library.add(old)
    try? library.add(newest)
    try? library.add(middle)
    #expect(library.captures.map(\.id) == [newest.id, middle.id, old.id], "newest first")

    let indexURL: URL = folder.appendingPathComponent(CaptureLibrary.indexFileName)
    let indexText: String = (try? String(contentsOf: indexURL, encoding: .utf8)) ?? ""
    #expect(indexText.contains("\"formatVersion\" : 1"), "the index records its format version — \(indexText.prefix(80).description)")
    let reopened: CaptureLibrary = CaptureLibrary.open(folder: folder)
    #expect(reopened.captures.map(\.id) == [newest.id, middle.id, old.id], "reopening gives the same captures in the same order")
    #expect(reopened.captures.last?.createdAt == Date(timeIntervalSince1970: 10_000_000), "dates come from the index, not from the files")
    #expect(reopened.captures.first { $0.kind == .movie }?.frameCount == 15, "a movie keeps its length and frame count")

    try? library.delete(id: middle.id)
    #expect(!library.captures.contains(middle), "delete removes the entry")
    #expect(!FileManager.default.fileExists(atPath: library.url(for: middle).path), "delete removes the file")
    var threw: Bool = false
    do {
        try library.delete(id: UUID())
    } catch {
        threw = true
    }
    #expect(threw, "deleting an unknown capture is an error")

    // A file that went missing is dropped; a file the index does not list is taken back in.
    try? FileManager.default.removeItem(at: library.url(for: old))
    let stray: Capture = makeCapture(.photo, at: 40_000_000, in: folder)
    let healed: CaptureLibrary = CaptureLibrary.open(folder: folder)
    #expect(!healed.captures.contains { $0.id == old.id } && healed.notes.contains(.droppedMissingFiles(count: 1)), "an entry whose file went missing is dropped")
    #expect(healed.captures.first?.id == stray.id && healed.notes.contains(.adoptedFiles(count: 1)), "a file missing from the index is taken back in from its name")

    // A movie a crash left half-written is removed, and never listed.
    let half: String = Capture.fileName(kind: .movie, id: UUID(), createdAt: Date()) + "." + AppFacts.partialFileExtension
    try? Data([0]).write(to: folder.appendingPathComponent(half))
    let tidied: CaptureLibrary = CaptureLibrary.open(folder: folder)
    #expect(tidied.notes == [.removedPartialFiles(count: 1)] && !FileManager.default.fileExists(atPath: folder.appendingPathComponent(half).path) && tidied.captures.count == healed.captures.count, "a half-written movie is removed, not listed")

    // A corrupt index: set aside, files kept, the gallery rebuilt from the names.
    try? Data("{ not json".utf8).write(to: indexURL)
    let rebuilt: CaptureLibrary = CaptureLibrary.open(folder: folder)
    let names: [String] = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    #expect(Set(rebuilt.captures.map(\.id)) == Set([stray.id, newest.id]), "a corrupt index loses no capture")
    #expect(names.contains { $0.hasPrefix("captures-index.corrupt-") }, "a corrupt index is kept aside for inspection")
    #expect(indexIsCurrent(indexURL), "a corrupt index is replaced by a good one")

    // An index from a newer app: listed from the file names, never overwritten.
    let future: Data = Data("{\"formatVersion\": 2, \"captures\": [], \"albums\": []}".utf8)
    try? future.write(to: indexURL)
    var readOnly: CaptureLibrary = CaptureLibrary.open(folder: folder)
    #expect(readOnly.isReadOnly && readOnly.notes == [.newerIndexFormat(version: 2)], "a newer index is reported and left read-only")
    #expect(readOnly.captures.count == 2, "a newer index still shows the files")
    try? readOnly.add(makeCapture(.photo, at: 50_000_000, in: folder))
    #expect((try? Data(contentsOf: indexURL)) == future, "a newer index is never overwritten")

    #expect(Capture.recovered(fromFileName: newest.fileName)?.id == newest.id, "file names round-trip")
    #expect(Capture.recovered(fromFileName: "notes.txt") == nil && Capture.recovered(fromFileName: "photo-12-nope.jpg") == nil, "foreign names are not captures")
    #expect(Capture.recovered(fromFileName: newest.fileName.replacingOccurrences(of: ".jpg", with: ".mov")) == nil, "a name's extension must match its kind")

    // An index entry whose name points elsewhere is not trusted.
    let other: URL = TestFolder.make("Tampered")
    let tampered: String = "{\"formatVersion\":1,\"captures\":[{\"id\":\"\(newest.id.uuidString)\",\"kind\":\"photo\",\"fileName\":\"../secret.jpg\",\"createdAt\":1000}]}"
    try? Data(tampered.utf8).write(to: other.appendingPathComponent(CaptureLibrary.indexFileName))
    #expect(CaptureLibrary.open(folder: other).captures.isEmpty, "an entry naming a file outside the folder is dropped")

    // An entry whose kind contradicts its file's name is not trusted; the file is taken back in
    // under the kind its name gives.
    let mixed: URL = TestFolder.make("Mixed")
    let photo: Capture = makeCapture(.photo, at: 60_000_000, in: mixed)
    let contradicting: String = "{\"formatVersion\":1,\"captures\":[{\"id\":\"\(photo.id.uuidString)\",\"kind\":\"movie\",\"fileName\":\"\(photo.fileName)\",\"createdAt\":60000000000}]}"
    try? Data(contradicting.utf8).write(to: mixed.appendingPathComponent(CaptureLibrary.indexFileName))
    let reread: CaptureLibrary = CaptureLibrary.open(folder: mixed)
    #expect(reread.captures.map(\.kind) == [.photo], "an entry whose kind contradicts its file name is read by the name")

    var cleared: CaptureLibrary = CaptureLibrary.open(folder: folder)
    try? cleared.removeAll()
    let left: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { Capture.recovered(fromFileName: $0) != nil }
    #expect(cleared.captures.isEmpty && left.isEmpty, "removing all empties the gallery and its files — \(left)")

    // The grid: open and held wide, the fold gets an empty column of its own, and captures fill
    // the thumbnail columns on both sides, row by row, in order.
    let fold: FoldFrame = FoldFrame(frame: CGRect(x: 455.5, y: 0, width: 40, height: 635), isActive: true)
    let grid: GalleryGrid = GalleryGrid(width: 867, fold: fold)
    let foldSpans = grid.columnSpans.filter(\.isFold)
    #expect(foldSpans.count == 1 && foldSpans.first?.minX == 455.5 && foldSpans.first?.maxX == 495.5, "the fold's column is the fold — \(foldSpans)")
    let leftColumns: Int = grid.columnSpans.filter { !$0.isFold && $0.maxX <= 455.5 }.count
    let rightColumns: Int = grid.columnSpans.filter { !$0.isFold && $0.minX >= 495.5 }.count
    #expect(leftColumns == 4 && rightColumns == 3, "four thumbnails left of the fold, three right of it — \(leftColumns), \(rightColumns)")
    let cells: [GalleryGrid.Cell<Int>] = grid.cells(for: Array(0..<9))
    #expect(cells == [.item(0), .item(1), .item(2), .item(3), .fold(row: 0), .item(4), .item(5), .item(6),
                      .item(7), .item(8)], "nine captures: a row with the fold's gap, then two to start the next — \(cells)")
    #expect(grid.cells(for: Array(0..<4)) == [.item(0), .item(1), .item(2), .item(3)], "a row that ends at the fold needs no gap")
    let closedGrid: GalleryGrid = GalleryGrid(width: 382, fold: nil)
    #expect(!closedGrid.columns.contains(where: \.isFold) && closedGrid.columns.count == 3, "closed: three thumbnails across, no gap")
    let tiny: GalleryGrid = GalleryGrid(width: 200, fold: FoldFrame(frame: CGRect(x: 60, y: 0, width: 40, height: 600), isActive: true))
    #expect(tiny.columnSpans.filter { !$0.isFold }.map(\.minX) == [100], "too narrow on both sides: one thumbnail, on the larger side")
}

/// A capture with a small file on disk.
func makeCapture(_ kind: Capture.Kind, at seconds: TimeInterval, in folder: URL) -> Capture {
    let capture: Capture = Capture(
        id: UUID(), kind: kind, createdAt: Date(timeIntervalSince1970: seconds),
        pixelSize: Capture.PixelSize(width: 4, height: 3),
        duration: kind == .movie ? 1 : nil, frameCount: kind == .movie ? 15 : nil
    )
    try? Data([1, 2, 3]).write(to: folder.appendingPathComponent(capture.fileName))
    return capture
}

private func indexIsCurrent(_ url: URL) -> Bool {
    guard let data = try? Data(contentsOf: url) else { return false }
    if case .current = IndexFile.read(data) {
        return true
    }
    return false
}
