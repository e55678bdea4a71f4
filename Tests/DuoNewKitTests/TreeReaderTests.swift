#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// The template tree as the reader lists it, on a real disk: links are links (never what they
/// point to), names are in unsigned byte order, modes keep their executable bits, and what a
/// template cannot hold (a name that is not UTF-8, a FIFO) is named, never dropped or opened.
@Suite("Reading a template tree")
struct TreeReaderTests {
    let tree: URL

    init() throws {
        tree = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-tree-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("sub"), withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: tree) }

    func file(_ path: String, _ text: String = "x", mode: Int = 0o644) throws {
        let url = tree.appendingPathComponent(path)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    func entry(_ path: String, in listing: TreeListing) -> TreeEntry? {
        listing.entries.first { $0.path == path }
    }

    /// Links to a file, to a folder and out of the tree are listed as links with their text; the
    /// folder a link points to is not walked through it.
    @Test func listsLinksAsLinksNeverWhatTheyPointTo() throws {
        defer { cleanUp() }
        try file("target.txt")
        try file("sub/inner.txt")
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("to-file").path, withDestinationPath: "target.txt")
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("to-folder").path, withDestinationPath: "sub")
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("outside").path, withDestinationPath: "/etc/hostname")
        let listing = try TreeReader.read(tree: tree)
        #expect(entry("to-file", in: listing)?.kind == .symlink(target: "target.txt"))
        #expect(entry("to-folder", in: listing)?.kind == .symlink(target: "sub"))
        #expect(entry("outside", in: listing)?.kind == .symlink(target: "/etc/hostname"))
        #expect(listing.entries.map(\.path) == ["outside", "sub", "sub/inner.txt", "target.txt", "to-file", "to-folder"])
    }

    /// By unsigned byte, as the planner and the record expect: upper case, lower case, then
    /// anything beyond ASCII.
    @Test func ordersNamesByUnsignedByte() throws {
        defer { cleanUp() }
        for name in ["zebra.txt", "éclair.txt", "Apple.txt", "_under.txt", "ünter.txt"] { try file(name) }
        let listing = try TreeReader.read(tree: tree)
        #expect(listing.entries.map(\.path) == ["Apple.txt", "_under.txt", "sub", "zebra.txt", "éclair.txt", "ünter.txt"])
    }

    /// Permission bits as they are, executable ones included; the root's too.
    @Test func keepsEveryPermissionBit() throws {
        defer { cleanUp() }
        try file("run.sh", mode: 0o755)
        try file("private.txt", mode: 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: tree.appendingPathComponent("sub").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o711], ofItemAtPath: tree.path)
        let listing = try TreeReader.read(tree: tree)
        #expect(entry("run.sh", in: listing)?.mode == 0o755)
        #expect(entry("private.txt", in: listing)?.mode == 0o600)
        #expect(entry("sub", in: listing)?.mode == 0o750)
        #expect(listing.rootMode == 0o711)
    }

    /// A name that is not UTF-8 is named (escaped), a FIFO is listed as one: the planner refuses
    /// both, rather than a project silently missing a file or a read waiting for ever.
    @Test func namesWhatATemplateCannotHold() throws {
        defer { cleanUp() }
        let latin1: [UInt8] = Array(tree.appendingPathComponent("sub").path.utf8) + [UInt8(ascii: "/"), 0x63, 0x61, 0x66, 0xE9, 0]
        let fd = latin1.withUnsafeBufferPointer { $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: latin1.count) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) } }
        try #require(fd >= 0, "cannot create a file with a Latin-1 name here")
        close(fd)
        #expect(mkfifo(tree.appendingPathComponent("pipe").path, 0o644) == 0)
        let listing = try TreeReader.read(tree: tree)
        #expect(listing.undecodableNames == ["sub/caf\\xE9"])
        #expect(entry("pipe", in: listing)?.kind == .unsupported("FIFO"))
        #expect(listing.entries.map(\.path) == ["pipe", "sub"])
    }
}

/// A recipe tree from git can be nested as deep as its author likes: read without recursion.
@Suite struct TreeReaderDepthTests {
    @Test func aTreeDeeperThanAnyPathIsRefusedNotACrash() throws {
        let tree = try DeepFolders.scratch("deep-tree")
        defer { TreeRemover.remove(tree) }
        #expect(DeepFolders.nest(in: tree) == DeepFolders.levels)
        #expect {
            _ = try TreeReader.read(tree: URL(fileURLWithPath: tree))
        } throws: { error in
            guard case .io(let path, let reason) = error as? WriteError else { return false }
            return path == tree && reason == "it holds a path longer than the system allows (\(PATH_MAX) bytes), \(Int(PATH_MAX) / 2 + 1) folders deep"
        }
    }

    /// Deeper than the folders the reader keeps open: each parent is opened again on the way up.
    @Test func aTreeDeeperThanTheOpenFoldersIsListedInOrder() throws {
        let tree = try DeepFolders.scratch("deep-tree")
        defer { TreeRemover.remove(tree) }
        let levels = TreeReader.openFolders * 3
        #expect(DeepFolders.nest(levels, in: tree) == levels)
        var path = ""
        for _ in 0..<levels {
            path += path.isEmpty ? "d" : "/d"
            try Data("x".utf8).write(to: URL(fileURLWithPath: tree + "/" + path + "-file"))
        }
        let listing = try TreeReader.read(tree: URL(fileURLWithPath: tree))
        // Each folder's entries in byte order ("d" before "d-file"), a folder's contents right
        // after it: every folder down, the leaf, then the files on the way back up.
        var folders: [String] = []
        path = ""
        for _ in 0..<levels {
            path += path.isEmpty ? "d" : "/d"
            folders.append(path)
        }
        let expected = folders + [path + "/leaf"] + folders.reversed().map { $0 + "-file" }
        #expect(listing.entries.map(\.path) == expected)
    }
}
