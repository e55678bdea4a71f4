import Foundation

/// The gallery: the photos and movies in one folder, and an index file that records them.
///
/// The index keeps each capture's date, so the gallery never reads file dates (Apple counts
/// those as a required-reason API). The index carries a format version. Whatever happens to
/// the index, the photos and movies themselves are never deleted except by `delete(id:)` and
/// `removeAll()`:
/// - an entry whose file went missing is dropped;
/// - a file the index does not list (the app stopped between writing it and saving the index)
///   is taken back in from its name;
/// - a movie left half-written by a crash (its name ends in `.partial`) is removed;
/// - a corrupt index is set aside under another name and rebuilt from the file names;
/// - an index from a newer version of the app is left untouched: the gallery lists the files
///   from their names and writes no index until that version's app runs again.
nonisolated struct CaptureLibrary: Sendable {
    /// What opening the library found and fixed, for the log and the tests.
    nonisolated enum Note: Sendable, Equatable {
        case droppedMissingFiles(count: Int)
        case adoptedFiles(count: Int)
        case removedPartialFiles(count: Int)
        case corruptIndexSetAside(fileName: String)
        case newerIndexFormat(version: Int)
    }

    nonisolated enum Failure: Error, Sendable, Equatable {
        case unknownCapture
        case couldNotWrite(String)
    }

    static let indexFileName: String = "captures-index.json"
    static let formatVersion: Int = 1

    let folder: URL
    private(set) var captures: [Capture]
    private(set) var notes: [Note]
    /// True when the index on disk belongs to a newer app: it is never overwritten.
    let isReadOnly: Bool

    private init(folder: URL, captures: [Capture], notes: [Note], isReadOnly: Bool) {
        self.folder = folder
        self.captures = captures.sorted(by: Capture.newestFirst)
        self.notes = notes
        self.isReadOnly = isReadOnly
    }

    /// Reads the index in `folder` (creating the folder if needed) and reconciles it with the files.
    static func open(folder: URL) -> CaptureLibrary {
        let files: FileManager = FileManager.default
        try? files.createDirectory(at: folder, withIntermediateDirectories: true)
        var names: Set<String> = Set((try? files.contentsOfDirectory(atPath: folder.path)) ?? [])
        let indexURL: URL = folder.appendingPathComponent(indexFileName)
        var notes: [Note] = []
        let partial: [String] = names.filter { $0.hasSuffix("." + AppFacts.partialFileExtension) }
        for name in partial {
            try? files.removeItem(at: folder.appendingPathComponent(name))
            names.remove(name)
        }
        if !partial.isEmpty {
            notes.append(.removedPartialFiles(count: partial.count))
        }
        var listed: [Capture] = []
        if let data = try? Data(contentsOf: indexURL) {
            switch IndexFile.read(data) {
            case .current(let entries):
                listed = entries
            case .newer(let version):
                let found: [Capture] = names.compactMap { Capture.recovered(fromFileName: $0) }
                return CaptureLibrary(folder: folder, captures: found, notes: notes + [.newerIndexFormat(version: version)], isReadOnly: true)
            case .corrupt:
                let aside: String = "captures-index.corrupt-\(UUID().uuidString).json"
                try? files.moveItem(at: indexURL, to: folder.appendingPathComponent(aside))
                notes.append(.corruptIndexSetAside(fileName: aside))
            }
        }
        let present: [Capture] = listed.filter { names.contains($0.fileName) && isValid($0) }
        if present.count < listed.count {
            notes.append(.droppedMissingFiles(count: listed.count - present.count))
        }
        let known: Set<String> = Set(present.map(\.fileName))
        let adopted: [Capture] = names.filter { !known.contains($0) }.compactMap { Capture.recovered(fromFileName: $0) }
        if !adopted.isEmpty {
            notes.append(.adoptedFiles(count: adopted.count))
        }
        let library: CaptureLibrary = CaptureLibrary(folder: folder, captures: present + adopted, notes: notes, isReadOnly: false)
        if !notes.isEmpty {
            try? library.save()
        }
        return library
    }

    func url(for capture: Capture) -> URL {
        folder.appendingPathComponent(capture.fileName)
    }

    /// Records a capture whose file is already written.
    mutating func add(_ capture: Capture) throws {
        captures.removeAll { $0.id == capture.id }
        captures.append(capture)
        captures.sort(by: Capture.newestFirst)
        try save()
    }

    /// Deletes the capture's file and its entry; a file already gone is not an error.
    mutating func delete(id: UUID) throws {
        guard let capture = captures.first(where: { $0.id == id }) else { throw Failure.unknownCapture }
        let fileURL: URL = url(for: capture)
        if FileManager.default.fileExists(atPath: fileURL.path) {
            do {
                try FileManager.default.removeItem(at: fileURL)
            } catch {
                throw Failure.couldNotWrite(capture.fileName)
            }
        }
        captures.removeAll { $0.id == id }
        try save()
    }

    /// Empties the gallery (the `-resetState` launch switch).
    mutating func removeAll() throws {
        for capture in captures {
            try delete(id: capture.id)
        }
        try save()
    }

    private func save() throws {
        if isReadOnly {
            return
        }
        do {
            let data: Data = try IndexFile.encode(captures)
            try data.write(to: folder.appendingPathComponent(CaptureLibrary.indexFileName), options: .atomic)
        } catch {
            throw Failure.couldNotWrite(CaptureLibrary.indexFileName)
        }
    }

    /// An entry is trusted only if its file name is one this app writes for that id and kind,
    /// so a damaged index can never point outside the folder.
    private static func isValid(_ capture: Capture) -> Bool {
        guard let named = Capture.recovered(fromFileName: capture.fileName) else { return false }
        return named.id == capture.id && named.kind == capture.kind
    }
}
