import Foundation

func galleryChecks(_ c: Checker) {
    c.begin("Gallery index")
    let folder: URL = TestFolder.make("Captures")
    var library: CaptureLibrary = CaptureLibrary.open(folder: folder)
    c.check("an empty folder opens as an empty gallery", library.captures.isEmpty && library.notes.isEmpty)

    // Dates far from today: if the gallery read file dates instead of its index, they would differ.
    let old: Capture = makeCapture(.photo, at: 10_000_000, in: folder)
    let middle: Capture = makeCapture(.movie, at: 20_000_000, in: folder)
    let newest: Capture = makeCapture(.photo, at: 30_000_000, in: folder)
    try? library.add(old)
    try? library.add(newest)
    try? library.add(middle)
    c.equal("newest first", library.captures.map(\.id), [newest.id, middle.id, old.id])

    let indexURL: URL = folder.appendingPathComponent(CaptureLibrary.indexFileName)
    let indexText: String = (try? String(contentsOf: indexURL, encoding: .utf8)) ?? ""
    c.check("the index records its format version", indexText.contains("\"formatVersion\" : 1"), indexText.prefix(80).description)
    let reopened: CaptureLibrary = CaptureLibrary.open(folder: folder)
    c.equal("reopening gives the same captures in the same order", reopened.captures.map(\.id), [newest.id, middle.id, old.id])
    c.equal("dates come from the index, not from the files", reopened.captures.last?.createdAt, Date(timeIntervalSince1970: 10_000_000))
    c.equal("a movie keeps its length and frame count", reopened.captures.first { $0.kind == .movie }?.frameCount, 15)

    try? library.delete(id: middle.id)
    c.check("delete removes the entry", !library.captures.contains(middle))
    c.check("delete removes the file", !FileManager.default.fileExists(atPath: library.url(for: middle).path))
    var threw: Bool = false
    do {
        try library.delete(id: UUID())
    } catch {
        threw = true
    }
    c.check("deleting an unknown capture is an error", threw)

    // A file that went missing is dropped; a file the index does not list is taken back in.
    try? FileManager.default.removeItem(at: library.url(for: old))
    let stray: Capture = makeCapture(.photo, at: 40_000_000, in: folder)
    let healed: CaptureLibrary = CaptureLibrary.open(folder: folder)
    c.check("an entry whose file went missing is dropped", !healed.captures.contains { $0.id == old.id } && healed.notes.contains(.droppedMissingFiles(count: 1)))
    c.check("a file missing from the index is taken back in from its name", healed.captures.first?.id == stray.id && healed.notes.contains(.adoptedFiles(count: 1)))

    // A movie a crash left half-written is removed, and never listed.
    let half: String = Capture.fileName(kind: .movie, id: UUID(), createdAt: Date()) + "." + AppFacts.partialFileExtension
    try? Data([0]).write(to: folder.appendingPathComponent(half))
    let tidied: CaptureLibrary = CaptureLibrary.open(folder: folder)
    c.check("a half-written movie is removed, not listed", tidied.notes == [.removedPartialFiles(count: 1)] && !FileManager.default.fileExists(atPath: folder.appendingPathComponent(half).path) && tidied.captures.count == healed.captures.count)

    // A corrupt index: set aside, files kept, the gallery rebuilt from the names.
    try? Data("{ not json".utf8).write(to: indexURL)
    let rebuilt: CaptureLibrary = CaptureLibrary.open(folder: folder)
    let names: [String] = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    c.equal("a corrupt index loses no capture", Set(rebuilt.captures.map(\.id)), Set([stray.id, newest.id]))
    c.check("a corrupt index is kept aside for inspection", names.contains { $0.hasPrefix("captures-index.corrupt-") })
    c.check("a corrupt index is replaced by a good one", indexIsCurrent(indexURL))

    // An index from a newer app: listed from the file names, never overwritten.
    let future: Data = Data("{\"formatVersion\": 2, \"captures\": [], \"albums\": []}".utf8)
    try? future.write(to: indexURL)
    var readOnly: CaptureLibrary = CaptureLibrary.open(folder: folder)
    c.check("a newer index is reported and left read-only", readOnly.isReadOnly && readOnly.notes == [.newerIndexFormat(version: 2)])
    c.equal("a newer index still shows the files", readOnly.captures.count, 2)
    try? readOnly.add(makeCapture(.photo, at: 50_000_000, in: folder))
    c.equal("a newer index is never overwritten", try? Data(contentsOf: indexURL), future)

    c.check("file names round-trip", Capture.recovered(fromFileName: newest.fileName)?.id == newest.id)
    c.check("foreign names are not captures", Capture.recovered(fromFileName: "notes.txt") == nil && Capture.recovered(fromFileName: "photo-12-nope.jpg") == nil)
    c.check("a name's extension must match its kind", Capture.recovered(fromFileName: newest.fileName.replacingOccurrences(of: ".jpg", with: ".mov")) == nil)

    // An index entry whose name points elsewhere is not trusted.
    let other: URL = TestFolder.make("Tampered")
    let tampered: String = "{\"formatVersion\":1,\"captures\":[{\"id\":\"\(newest.id.uuidString)\",\"kind\":\"photo\",\"fileName\":\"../secret.jpg\",\"createdAt\":1000}]}"
    try? Data(tampered.utf8).write(to: other.appendingPathComponent(CaptureLibrary.indexFileName))
    c.check("an entry naming a file outside the folder is dropped", CaptureLibrary.open(folder: other).captures.isEmpty)

    // An entry whose kind contradicts its file's name is not trusted; the file is taken back in
    // under the kind its name gives.
    let mixed: URL = TestFolder.make("Mixed")
    let photo: Capture = makeCapture(.photo, at: 60_000_000, in: mixed)
    let contradicting: String = "{\"formatVersion\":1,\"captures\":[{\"id\":\"\(photo.id.uuidString)\",\"kind\":\"movie\",\"fileName\":\"\(photo.fileName)\",\"createdAt\":60000000000}]}"
    try? Data(contradicting.utf8).write(to: mixed.appendingPathComponent(CaptureLibrary.indexFileName))
    let reread: CaptureLibrary = CaptureLibrary.open(folder: mixed)
    c.equal("an entry whose kind contradicts its file name is read by the name", reread.captures.map(\.kind), [.photo])

    var cleared: CaptureLibrary = CaptureLibrary.open(folder: folder)
    try? cleared.removeAll()
    let left: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { Capture.recovered(fromFileName: $0) != nil }
    c.check("removing all empties the gallery and its files", cleared.captures.isEmpty && left.isEmpty, "\(left)")
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
