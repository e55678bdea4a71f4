@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// The writer on a real disk, in-process: chunk boundaries, late binary detection, leftovers, cleanup.
@Suite("Writing")
struct WriterTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tree"), withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    var tree: URL { root.appendingPathComponent("tree") }

    func write(_ files: [String: Data], values: [String: String] = ["APP_NAME": "Sitter"], into destination: String = "out/Sitter") throws -> (Result<ProjectWriter.Summary, WriteError>, Destination) {
        for (path, data) in files {
            let url = tree.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let manifest = Manifest(name: "t", summary: "t", version: "1", placeholders: [Placeholder(name: "APP_NAME", source: .appName)])
        let plan = try Planner.plan(listing: try TreeReader.read(tree: tree), manifest: manifest, values: values)
        let target = try Destination.inspect(destination, workingDirectory: root.path)
        let record = GenerationRecord(generator: "test", recipe: "t", version: "1", values: values)
        let writer = ProjectWriter(plan: plan, treeRoot: tree, destination: target, values: values, record: record)
        return (Result { () throws(WriteError) in try writer.write() }, target)
    }

    @Test func stampsTokensAcrossChunkBoundaries() throws {
        defer { cleanUp() }
        // Put a token across every one-megabyte boundary of a three-megabyte file.
        var text = Data()
        let filler = Data(repeating: UInt8(ascii: "."), count: ProjectWriter.chunkSize - 5)
        for _ in 0..<3 {
            text.append(filler)
            text.append(Data("__APP_NAME__\n".utf8))
        }
        let (result, destination) = try write(["big.txt": text])
        _ = try result.get()
        let written = try Data(contentsOf: URL(fileURLWithPath: destination.path).appendingPathComponent("big.txt"))
        #expect(written.count == text.count - 3 * ("__APP_NAME__".count - "Sitter".count))
        #expect(written.range(of: Data("__APP_NAME__".utf8)) == nil)
        #expect(String(decoding: written.suffix(7), as: UTF8.self) == "Sitter\n")
    }

    @Test func copiesAFileThatProvesBinaryLateByteForByte() throws {
        defer { cleanUp() }
        var data = Data(repeating: UInt8(ascii: "a"), count: 2 * ProjectWriter.chunkSize + 17)
        data.append(Data("__APP_NAME__".utf8))
        data.append(0xFF)
        data.insert(contentsOf: Data("__APP_NAME__".utf8), at: 0)
        let (result, destination) = try write(["late.bin.txt": data])
        let summary = try result.get()
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination.path).appendingPathComponent("late.bin.txt")) == data)
        #expect(summary.bytes == Int64(data.count))
    }

    @Test func keepsZerosOfABinaryFileWhetherTheyEndItOrNot() throws {
        defer { cleanUp() }
        var middle = Data([0x00, 0x01])
        middle.append(Data(count: 2 * ProjectWriter.chunkSize))
        middle.append(Data("end".utf8))
        let trailing = Data([0xFF]) + Data(count: 3 * ProjectWriter.chunkSize)
        let (result, destination) = try write(["middle.bin": middle, "trailing.bin": trailing, "empty.bin": Data()])
        _ = try result.get()
        let folder = URL(fileURLWithPath: destination.path)
        #expect(try Data(contentsOf: folder.appendingPathComponent("middle.bin")) == middle)
        #expect(try Data(contentsOf: folder.appendingPathComponent("trailing.bin")) == trailing)
        #expect(try Data(contentsOf: folder.appendingPathComponent("empty.bin")).isEmpty)
        var info = stat()
        #expect(stat(folder.appendingPathComponent("trailing.bin").path, &info) == 0)
        #expect(Int(info.st_blocks) * 512 <= 2 * ProjectWriter.chunkSize, "the zero chunks became holes")
    }

    /// Small files found binary in their first read are written from that read: the same bytes,
    /// the digest of those bytes in the record, and a file of zeros still a hole.
    @Test func writesSmallBinaryFilesFromTheirFirstRead() throws {
        defer { cleanUp() }
        let nul = Data("__APP_NAME__\u{0}tail".utf8)
        let latin1 = Data([0x63, 0x61, 0x66, 0xE9, 0x20]) + Data("__APP_NAME__".utf8)
        let zeros = Data(count: 8192)
        let (result, destination) = try write(["nul.dat": nul, "latin1.txt": latin1, "zeros.txt": zeros])
        let summary = try result.get()
        #expect(summary.bytes == Int64(nul.count + latin1.count + zeros.count))
        let folder = URL(fileURLWithPath: destination.path)
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(".duo-new.json"))) as? [String: Any]
        let files = try #require(record?["files"] as? [String: [String: Any]])
        for (name, data) in ["nul.dat": nul, "latin1.txt": latin1, "zeros.txt": zeros] {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == data, "\(name)")
            #expect(files[name]?["sha256"] as? String == SHA256.hex(Array(data)), "\(name)")
        }
        var info = stat()
        #expect(stat(folder.appendingPathComponent("zeros.txt").path, &info) == 0)
        #expect(info.st_size == 8192 && Int(info.st_blocks) * 512 < 8192, "a file of zeros is a hole")
    }

    @Test func copiesASparseFileWithoutFillingItsHoles() throws {
        defer { cleanUp() }
        // Data, a 4 MiB hole, data, then a hole to the end at 8 MiB; NUL bytes make it binary.
        let url = tree.appendingPathComponent("disk.img")
        _ = FileManager.default.createFile(atPath: url.path, contents: Data([0x00, 0x42, 0x00]))
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: 4 << 20)
        try handle.write(contentsOf: Data("__APP_NAME__\u{0}middle".utf8))
        try handle.truncate(atOffset: 8 << 20)
        try handle.close()
        let (result, destination) = try write([:])
        let summary = try result.get()
        let copy = URL(fileURLWithPath: destination.path).appendingPathComponent("disk.img")
        #expect(try Data(contentsOf: copy) == Data(contentsOf: url))
        #expect(summary.bytes == 8 << 20)
        var info = stat()
        #expect(stat(copy.path, &info) == 0)
        #expect(Int(info.st_blocks) * 512 < 1 << 20, "the holes stay holes")
    }

    @Test func reportsLeftoverLinesPastTheFirstChunkAndLeavesNothing() throws {
        defer { cleanUp() }
        let line = String(repeating: "x", count: 99) + "\n"
        let text = String(repeating: line, count: 20_000) + "__SECRET__\n" + "__APP_NAME__\n"
        let (result, _) = try write(["notes.txt": Data(text.utf8), "__APP_NAME__/ok.txt": Data("fine".utf8)])
        #expect(throws: WriteError.leftoverTokens([.init(path: "notes.txt", line: 20_001, column: 1, token: "__SECRET__")], total: 1)) { try result.get() }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path), "the parent it created is gone")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["tree"], "no temporary folder is left")
    }

    @Test func movesChildrenIntoAnExistingEmptyFolder() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let (result, destination) = try write(["__APP_NAME__/a.txt": Data("__APP_NAME__".utf8)], into: "empty")
        #expect(try result.get().files == 1)
        #expect(destination.state == .emptyFolder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted() == [".duo-new.json", "Sitter"])
        #expect(try String(contentsOfFile: destination.path + "/Sitter/a.txt", encoding: .utf8) == "Sitter")
    }

    /// A folder holding anything besides `.git` and what file managers drop (a README, a
    /// dot-entry of the user's) is not empty: refused, and left as it was.
    @Test(arguments: [[".git", "README.md"], [".DS_Store", ".env"], [".git", "Thumbs.db", "notes"]])
    func folderHoldingMoreThanGitIsNotEmpty(entries: [String]) throws {
        defer { cleanUp() }
        let repository = root.appendingPathComponent("repo")
        for entry in entries {
            try FileManager.default.createDirectory(at: repository.appendingPathComponent(entry), withIntermediateDirectories: true)
        }
        #expect(throws: WriteError.destinationNotEmpty(path: "repo")) { try Destination.inspect("repo", workingDirectory: root.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: repository.path).sorted() == entries.sorted())
    }

    /// A folder a Mac's Finder opened holds a `.DS_Store` (Windows' Explorer, a `Thumbs.db`):
    /// still empty, since no recipe writes those (`Manifest.alwaysExcluded`); the project goes
    /// beside it, which is left as it was.
    @Test(arguments: [[".DS_Store"], [".git", ".DS_Store"], ["Thumbs.db", "desktop.ini"]])
    func aFileManagersLitterLeavesAFolderEmpty(entries: [String]) throws {
        defer { cleanUp() }
        let folder = root.appendingPathComponent("opened")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for entry in entries { try Data("kept".utf8).write(to: folder.appendingPathComponent(entry)) }
        let (result, destination) = try write(["__APP_NAME__/a.txt": Data("__APP_NAME__".utf8)], into: "opened")
        #expect(try result.get().files == 1)
        #expect(destination.state == .emptyFolder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ([".duo-new.json", "Sitter"] + entries).sorted())
        for entry in entries { #expect(try String(contentsOf: folder.appendingPathComponent(entry), encoding: .utf8) == "kept") }
    }

    /// A fresh clone (a folder holding only `.git`, a folder or a worktree's file) receives the
    /// project beside its `.git`; a write that fails leaves the `.git` alone as well.
    @Test(arguments: [true, false])
    func freshCloneReceivesTheProjectBesideItsGit(gitIsFolder: Bool) throws {
        defer { cleanUp() }
        let repository = root.appendingPathComponent("repo")
        let git = repository.appendingPathComponent(".git")
        let kept = gitIsFolder ? git.appendingPathComponent("HEAD") : git
        try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("ref: refs/heads/main\n".utf8).write(to: kept)

        let (failed, _) = try write(["a.txt": Data("__APP_NAME__ __SECRET__\n".utf8)], into: "repo")
        #expect(throws: WriteError.self) { try failed.get() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: repository.path) == [".git"])

        try FileManager.default.removeItem(at: tree)
        let (result, target) = try write(["a.txt": Data("__APP_NAME__\n".utf8)], into: "repo")
        _ = try result.get()
        #expect(target.state == .emptyFolder)
        #expect(try String(contentsOfFile: repository.path + "/a.txt", encoding: .utf8) == "Sitter\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: repository.path).sorted() == [".duo-new.json", ".git", "a.txt"])
        #expect(try String(contentsOf: kept, encoding: .utf8) == "ref: refs/heads/main\n")
    }

    @Test func inspectsDestinationsWithoutTouchingThem() throws {
        defer { cleanUp() }
        #expect(try Destination.inspect("a/b/c", workingDirectory: root.path).state == .missing(missingParents: [root.path + "/a", root.path + "/a/b"]))
        try Data().write(to: root.appendingPathComponent("file"))
        #expect(throws: WriteError.destinationNotFolder(path: "file")) { try Destination.inspect("file", workingDirectory: root.path) }
        #expect(throws: WriteError.destinationNotEmpty(path: ".")) { try Destination.inspect(".", workingDirectory: root.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["file", "tree"])
    }
}
