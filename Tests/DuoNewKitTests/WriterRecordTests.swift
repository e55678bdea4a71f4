import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// What the writer records about the project it wrote, in-process on a real disk: every file's
/// digest and mode as they are on disk, whatever path its bytes took (stamped, found binary late,
/// sparse, spread over several copying threads); links and empty folders; the leftover limit;
/// files read from the tree they come from. `update` decides what the user edited from these, so a
/// wrong digest or a missing entry turns an untouched file into a conflict.
@Suite("Writing: the record of what was written")
struct WriterRecordTests {
    let root: URL

    init() throws {
        root = TestScratch.folder.appendingPathComponent("duo-new-writer-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    func tree(_ name: String = "tree") -> URL { root.appendingPathComponent(name) }

    func put(_ files: [String: Data], in tree: URL) throws {
        for (path, data) in files {
            let url = tree.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }

    /// Plans the trees (a layered recipe's when there are several, the last its own) and writes
    /// them into `out/Sitter`.
    func write(trees: [URL], values: [String: String] = ["APP_NAME": "Sitter"]) throws -> (Result<ProjectWriter.Summary, WriteError>, URL) {
        let manifest = Manifest(name: "t", summary: "t", version: "1", placeholders: [Placeholder(name: "APP_NAME", source: .appName)])
        let listing: TreeListing
        if trees.count == 1 {
            listing = try TreeReader.read(tree: trees[0])
        } else {
            listing = try TreeComposer.compose(try trees.enumerated().map { index, tree in
                let role: TreeSource.Role = index == trees.count - 1 ? .recipe : .layer
                return TreeComposer.Part(source: LayerCompositionTests.source(tree.lastPathComponent, role), listing: try TreeReader.read(tree: tree))
            })
        }
        let plan = try Planner.plan(listing: listing, manifest: manifest, values: values)
        let target = try Destination.inspect("out/Sitter", workingDirectory: root.path)
        let record = GenerationRecord(generator: "test", recipe: "t", version: "1", values: values)
        let writer = ProjectWriter(plan: plan, treeRoots: trees, destination: target, values: values, record: record)
        return (Result { () throws(WriteError) in try writer.write() }, URL(fileURLWithPath: target.path))
    }

    func record(in project: URL) throws -> GenerationRecord {
        try GenerationRecord.decode(Data(contentsOf: project.appendingPathComponent(Planner.recordFileName)))
    }

    /// Each file's recorded SHA-256 is the digest of the bytes on disk, and its recorded mode
    /// executable when the file on disk is, for every way a file is copied; enough files that each copying
    /// thread copies several (a digest must start afresh for each).
    @Test func recordsTheDigestAndModeOfEveryFileAsWritten() throws {
        defer { cleanUp() }
        let chunk = ProjectWriter.chunkSize
        var files: [String: Data] = [:]
        for index in 0..<6 { files["Text/file-\(index).txt"] = Data("file \(index) of __APP_NAME__\n".utf8) }
        var late = Data(repeating: UInt8(ascii: "a"), count: 2 * chunk + 17)
        late.insert(contentsOf: Data("__APP_NAME__".utf8), at: 0)
        late.append(0xFF)
        files["late.bin"] = late
        files["zeros-at-the-end.bin"] = Data([0xFF]) + Data(count: 3 * chunk)
        files["empty.txt"] = Data()
        try put(files, in: tree())
        // Data, a 4 MiB hole, data, then a hole to the end at 8 MiB.
        let sparse = tree().appendingPathComponent("disk.img")
        _ = FileManager.default.createFile(atPath: sparse.path, contents: Data([0x00, 0x42, 0x00]))
        let handle = try FileHandle(forWritingTo: sparse)
        try handle.seek(toOffset: 4 << 20)
        try handle.write(contentsOf: Data("__APP_NAME__\u{0}middle".utf8))
        try handle.truncate(atOffset: 8 << 20)
        try handle.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tree().appendingPathComponent("Text/file-0.txt").path)

        let (result, project) = try write(trees: [tree()])
        _ = try result.get()
        let recorded = try #require(try record(in: project).files)
        #expect(recorded.keys.sorted() == (Array(files.keys) + ["disk.img"]).sorted())
        for (path, entry) in recorded {
            let written = try Data(contentsOf: project.appendingPathComponent(path))
            #expect(entry.sha256 == SHA256.hex(Array(written)), "\(path)")
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: project.appendingPathComponent(path).path)[.posixPermissions] as? Int)
            // Executable or not as on disk (whether the umask's bits are recorded is update's
            // business, and changes with issue 26); the digits are `recordsModesInOctal`'s.
            #expect(entry.modeBits.map { $0 & 0o100 != 0 } == (mode & 0o100 != 0), "\(path)")
        }
        #expect(recorded["Text/file-3.txt"]?.sha256 == SHA256.hex(Array("file 3 of Sitter\n".utf8)))
        #expect(recorded["late.bin"]?.sha256 == SHA256.hex(Array(late)))
        #expect(recorded["disk.img"]?.sha256 == SHA256.hex(Array(try Data(contentsOf: sparse))))
    }

    /// A file whose stamped start is longer than the original, then found binary at a chunk of
    /// zeros: the copy that starts again must not keep the stamped bytes where it skips the zeros.
    @Test func aFileFoundBinaryLateHoldsNoStampedBytes() throws {
        defer { cleanUp() }
        let chunk = ProjectWriter.chunkSize
        var data = Data(String(repeating: "__APP_NAME__\n", count: chunk / 13).utf8)
        data.append(Data(repeating: UInt8(ascii: "\n"), count: chunk - data.count))
        data.append(Data(count: chunk))
        data.append(Data("end".utf8))
        try put(["grows.dat": data], in: tree())
        let (result, project) = try write(trees: [tree()], values: ["APP_NAME": String(repeating: "LongerName", count: 4)])
        _ = try result.get()
        let written = try Data(contentsOf: project.appendingPathComponent("grows.dat"))
        #expect(written.count == data.count)
        // The first byte that differs, rather than the two 2 MiB values (whose difference the
        // test library would take minutes to describe).
        let firstDifference = zip(written, data).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "the bytes of the template file, none of the stamped start")
    }

    /// Links with their targets; folders that hold nothing the recipe writes, however deep, and
    /// not a folder that holds only a folder holding a file.
    @Test func recordsLinksAndTheFoldersThatHoldNothing() throws {
        defer { cleanUp() }
        try put(["a.txt": Data("a".utf8), "Deep/Er/g.txt": Data("g".utf8), "Full/f.txt": Data("f".utf8)], in: tree())
        for folder in ["Empty", "Outer/Inner", "Deep/Er/Emptier"] {
            try FileManager.default.createDirectory(at: tree().appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: tree().appendingPathComponent("Link").path, withDestinationPath: "a.txt")
        try FileManager.default.createSymbolicLink(atPath: tree().appendingPathComponent("Full/up").path, withDestinationPath: "../a.txt")
        let (result, project) = try write(trees: [tree()])
        _ = try result.get()
        let written = try record(in: project)
        #expect(written.links == ["Link": "a.txt", "Full/up": "../a.txt"])
        #expect(written.folders == ["Deep/Er/Emptier", "Empty", "Outer/Inner"])
        #expect(written.files?.keys.sorted() == ["Deep/Er/g.txt", "Full/f.txt", "a.txt"])
    }

    /// A record of a recipe without layers says nothing about layers, as records always have.
    @Test func aRecordWithoutLayersHasNoLayersKey() throws {
        let record = GenerationRecord(generator: "duo-new 0.1.0", recipe: "r", version: "1", values: [:], layers: [])
        #expect(record.layers == nil)
        #expect(!String(decoding: record.encoded(), as: UTF8.self).contains("layers"))
        let layered = GenerationRecord(generator: "duo-new 0.1.0", recipe: "r", version: "1", values: [:], layers: [.init(name: "duo-app", version: "1.0.0")])
        #expect(try GenerationRecord.decode(layered.encoded()).layers == [.init(name: "duo-app", version: "1.0.0")])
    }

    /// Modes are octal digits with a leading zero, and read back as the same bits.
    @Test(arguments: [0o644, 0o755, 0o600, 0o700, 0o4755, 0o100644])
    func recordsModesInOctal(mode: Int) {
        let file = GenerationRecord.File(mode: mode, sha256: "")
        #expect(file.mode == "0" + String(mode & 0o7777, radix: 8))
        #expect(file.modeBits == mode & 0o7777)
    }

    /// Leftovers in several files: the total is every one, the description stops at the limit.
    @Test func describesAtMostTheLimitOfLeftoversOverAllFiles() throws {
        defer { cleanUp() }
        var files: [String: Data] = [:]
        for file in 0..<3 {
            files["notes-\(file).txt"] = Data((0..<30).map { "line \($0): __SECRET\($0)__\n" }.joined().utf8)
        }
        try put(files, in: tree())
        let (result, _) = try write(trees: [tree()])
        guard case .failure(.leftoverTokens(let described, let total)) = result else {
            Issue.record("expected leftover tokens, got \(result)")
            return
        }
        #expect(total == 90)
        #expect(described.count == ProjectWriter.leftoverLimit)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
    }

    /// A layered recipe: each file is read from the tree it comes from.
    @Test func readsEachFileFromItsOwnTree() throws {
        defer { cleanUp() }
        try put(["Shared/from-layer.txt": Data("layer of __APP_NAME__\n".utf8)], in: tree("layer"))
        try put(["own.txt": Data("recipe of __APP_NAME__\n".utf8)], in: tree("recipe"))
        let (result, project) = try write(trees: [tree("layer"), tree("recipe")])
        #expect(try result.get().files == 2)
        #expect(try String(contentsOf: project.appendingPathComponent("Shared/from-layer.txt"), encoding: .utf8) == "layer of Sitter\n")
        #expect(try String(contentsOf: project.appendingPathComponent("own.txt"), encoding: .utf8) == "recipe of Sitter\n")
    }
}
