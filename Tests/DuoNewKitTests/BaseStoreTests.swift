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

/// The bases of line merges as the library keeps and reads them: one pack per record, text
/// only, and never trusted on the way back (planted bytes, a link, a pack whose index does not
/// hold together, a name that is not a digest).
@Suite struct BaseStoreTests {
    private static func store() throws -> (BaseStore, URL) {
        let folder = try TestScratch.makeFolder("bases")
        return (BaseStore(root: folder.appendingPathComponent("bases").path), folder)
    }

    private static func project(_ folder: URL, _ files: [String: [UInt8]]) throws -> [String: GenerationRecord.File] {
        var recorded: [String: GenerationRecord.File] = [:]
        for (path, bytes) in files {
            let url = folder.appendingPathComponent("p/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
            recorded[path] = .init(mode: 0o644, sha256: SHA256.hex(bytes))
        }
        return recorded
    }

    @Test func keepsTextFilesInOnePackNamedByTheRecordAndReadsThemBack() throws {
        let (store, folder) = try Self.store()
        let text = Array("hello\n".utf8)
        let binary: [UInt8] = [0, 1, 2]
        let files = try Self.project(folder, ["a.txt": text, "b.bin": binary, "c/same.txt": text, "d.txt": Array("other\n".utf8)])
        let kept = store.keep(files, from: folder.appendingPathComponent("p").path)
        #expect(kept == BaseStore.Kept(files: 2, bytes: 12), "one copy of the same text; the binary file not kept")
        let pack = try #require(store.pack(for: files))
        #expect(pack.bytes(for: SHA256.hex(text)) == text)
        #expect(pack.bytes(for: SHA256.hex(Array("other\n".utf8))) == Array("other\n".utf8))
        #expect(pack.bytes(for: SHA256.hex(binary)) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.root) == [BaseStore.key(files) + ".pack"], "one file, nothing else")
        #expect(store.keep(files, from: folder.appendingPathComponent("p").path) == BaseStore.Kept(), "kept already")
        // A pack cut short (or garbage at its name) is written again, not left to fail every merge.
        try Data("not a pack".utf8).write(to: URL(fileURLWithPath: store.packPath(for: files)))
        #expect(store.keep(files, from: folder.appendingPathComponent("p").path) == kept, "a broken pack is replaced")
        #expect(store.pack(for: files)?.bytes(for: SHA256.hex(text)) == text)
        var other = files
        other["e.txt"] = .init(mode: 0o644, sha256: SHA256.hex(text))
        #expect(store.pack(for: other) == nil, "another record names another pack")
    }

    @Test func aStoreThatCannotBeWrittenKeepsNothing() throws {
        let (store, folder) = try Self.store()
        let files = try Self.project(folder, ["a.txt": Array("hello\n".utf8)])
        try Data("a file where the store's folder would be\n".utf8).write(to: URL(fileURLWithPath: store.root))
        #expect(store.keep(files, from: folder.appendingPathComponent("p").path) == BaseStore.Kept())
        #expect(store.pack(for: files) == nil)
    }

    @Test func aPackThatIsNotWhatItsIndexSaysIsNotABase() throws {
        let (store, folder) = try Self.store()
        let text = Array("hello\n".utf8)
        let files = try Self.project(folder, ["a.txt": text])
        store.keep(files, from: folder.appendingPathComponent("p").path)
        let path = store.packPath(for: files)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        // Planted: other bytes of the same length where the index says the text is.
        var planted = original
        planted.replaceSubrange(0..<text.count, with: Data("HELLO\n".utf8))
        try planted.write(to: URL(fileURLWithPath: path))
        #expect(try #require(store.pack(for: files)).bytes(for: SHA256.hex(text)) == nil, "other bytes under the digest")
        // Cut short, or with a trailer that does not add up.
        try original.prefix(original.count - 1).write(to: URL(fileURLWithPath: path))
        #expect(store.pack(for: files) == nil, "a pack cut short")
        var stretched = original
        stretched.insert(UInt8(ascii: "x"), at: 0)
        try stretched.write(to: URL(fileURLWithPath: path))
        #expect(store.pack(for: files) == nil, "a trailer that does not add up")
        // A link, even to the right bytes.
        try FileManager.default.removeItem(atPath: path)
        let elsewhere = folder.appendingPathComponent("elsewhere.pack")
        try original.write(to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere.path)
        #expect(store.pack(for: files) == nil, "a link")
    }

    /// A pack whose index holds `line` (the text `hello\n` at the pack's start).
    private static func pack(index line: String) -> [UInt8] {
        let index = Array(line.utf8)
        let trailer = "duo-new bases 1 " + String(format: "%020d %020d", 6, index.count) + "\n"
        return Array("hello\n".utf8) + index + Array(trailer.utf8)
    }

    @Test func aPlantedPackIsReadOnlyWhenItsIndexHoldsTogether() throws {
        let (store, _) = try Self.store()
        let digest = SHA256.hex(Array("hello\n".utf8))
        try FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
        let path = store.packPath(for: [:])
        try Data(Self.pack(index: "\(digest) 0 6\n")).write(to: URL(fileURLWithPath: path))
        #expect(store.pack(for: [:])?.bytes(for: digest) == Array("hello\n".utf8), "a pack made by hand, read as a pack")
        for line in ["\(digest) 0 7\n", "\(digest) 1 6\n", "\(digest) 0 6", "\(digest) -0 6\n", "\(digest) 0 6 7\n"] {
            try Data(Self.pack(index: line)).write(to: URL(fileURLWithPath: path))
            #expect(store.pack(for: [:]) == nil, "\(line)")
        }
        var padded = Self.pack(index: "\(digest) 0 6\n")
        padded.insert(contentsOf: Array("bytes the trailer does not account for\n".utf8), at: padded.count - 58)
        try Data(padded).write(to: URL(fileURLWithPath: path))
        #expect(store.pack(for: [:]) == nil, "bytes between the index and the trailer")
    }

    /// A trailer whose numbers are as large as 20 digits allow: until 2026-12-07 the offset and
    /// the length were added before they were compared with the pack's size, and an offset near
    /// `Int.max` trapped on the overflow, killing `update` (and a generation keeping its bases)
    /// with its staging left behind.
    @Test(arguments: [(Int.max, 0), (Int.max - 57, 1), (Int.max, Int.max), (6, Int.max)])
    func aTrailerWhoseNumbersOverflowIsRefusedNotACrash(offset: Int, length: Int) throws {
        let (store, _) = try Self.store()
        try FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
        func padded(_ number: Int) -> String { String(repeating: "0", count: 20 - String(number).count) + String(number) }
        let trailer = "duo-new bases 1 " + padded(offset) + " " + padded(length) + "\n"
        let path = store.packPath(for: [:])
        try Data(Array("hello\n".utf8) + Array(trailer.utf8)).write(to: URL(fileURLWithPath: path))
        #expect(store.pack(for: [:]) == nil)
        #expect(!BaseStore.Pack.holdsTogether(path))
    }

    @Test(arguments: ["", "../../etc/passwd", String(repeating: "A", count: 64), String(repeating: "a", count: 63), String(repeating: "g", count: 64)])
    func onlyADigestNamesABase(_ name: String) throws {
        let (store, _) = try Self.store()
        try FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
        try Data(Self.pack(index: "\(name) 0 6\n")).write(to: URL(fileURLWithPath: store.packPath(for: [:])))
        #expect(store.pack(for: [:]) == nil, "an index naming a text by something else than a digest")
    }

    @Test func theStoreIsInTheUsersCache() {
        #expect(BaseStore.locate(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.root == "/c/duo-new/bases")
        #expect(BaseStore.locate(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])?.root == "/h/.cache/duo-new/bases")
        #expect(BaseStore.locate(environment: [:]) == nil)
    }

    @Test func aSourceIsCheckedByItsKindsRules() {
        let commit = String(repeating: "a", count: 40)
        #expect(RecipeSource.bundled(duoNewVersion: "0.1.0").problem == nil)
        #expect(RecipeSource.folder(given: "./tp", resolved: "/home/me/tp").problem == nil)
        #expect(RecipeSource(kind: .git, url: "git+https://example.com/r.git#main", ref: "main", commit: commit).problem == nil)
        #expect(RecipeSource.folder(given: "./tp", resolved: "tp").problem == "has a 'resolved' folder that is not an absolute path")
        #expect(RecipeSource(kind: .bundled, duoNewVersion: "1", resolved: "/x").problem == "is of kind 'bundled', which holds 'duoNewVersion' alone")
        #expect(RecipeSource(kind: .git, url: "git+https://example.com/r.git#main", ref: "v2", commit: commit).problem != nil, "a ref not its URL's")
        #expect(RecipeSource(kind: .git, url: "https://example.com/r.git", commit: commit).problem != nil, "not a git URL duo-new takes")
        #expect(RecipeSource(kind: .git, url: "git+https://example.com/r.git", commit: "HEAD").problem == "has a 'commit' that is not a commit id")
        #expect(RecipeSource.folder(given: "tp\u{1B}[2J", resolved: "/tp").problem == "holds a control character")
        var record = GenerationRecord(generator: "duo-new 0.1.0", recipe: "r", version: "1.0.0", values: [:], files: [:])
        record.source = .folder(given: "tp", resolved: "tp")
        #expect(throws: RecordProblem.badSource(reason: "has a 'resolved' folder that is not an absolute path")) { try RecordReader.validate(record) }
        record.source = nil
        record.templates = .init(url: "git+https://example.com/r.git#v1", commit: commit)
        #expect(record.recipeSource == RecipeSource(kind: .git, url: "git+https://example.com/r.git#v1", ref: "v1", commit: commit), "an older record's templates")
    }

    // MARK: - Links, FIFOs and who may read

    @Test func aFIFOAtThePackIsRefusedNotWaitedOn() throws {
        let (store, folder) = try Self.store()
        let files = try Self.project(folder, ["a.txt": Array("a\n".utf8)])
        try FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
        #expect(mkfifo(store.packPath(for: files), 0o600) == 0)
        #expect(store.pack(for: files) == nil, "a FIFO is no pack, and nothing waits for a writer")
        #expect(store.keep(files, from: folder.appendingPathComponent("p").path, replacing: true).files == 1)
        #expect(try #require(store.pack(for: files)).bytes(for: SHA256.hex(Array("a\n".utf8))) == Array("a\n".utf8))
    }

    @Test func aNamePlacedWhereATemporaryPackCouldGoIsNeverWrittenThrough() throws {
        let (store, folder) = try Self.store()
        let files = try Self.project(folder, ["a.txt": Array("a\n".utf8)])
        try FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
        let victim = folder.appendingPathComponent("victim.txt").path
        try Data("untouched\n".utf8).write(to: URL(fileURLWithPath: victim))
        // The name a pack's temporary had: the pack's, after a dot, with this process's id.
        let predictable = store.root + "/." + BaseStore.key(files) + ".pack.\(getpid())"
        #expect(link(victim, predictable) == 0)
        #expect(store.keep(files, from: folder.appendingPathComponent("p").path).files == 1)
        #expect(FileManager.default.contents(atPath: victim) == Data("untouched\n".utf8))
    }

    @Test func theStoreIsPrivateAndAReadableOneIsMadeSo() throws {
        let (store, folder) = try Self.store()
        let files = try Self.project(folder, ["a.txt": Array("a\n".utf8)])
        try FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        #expect(store.keep(files, from: folder.appendingPathComponent("p").path).files == 1)
        #expect(try #require(POSIX.linkInfo(store.root)).st_mode & 0o777 == 0o700)
        #expect(try #require(POSIX.linkInfo(store.packPath(for: files))).st_mode & 0o777 == 0o600)
        let fresh = BaseStore(root: folder.appendingPathComponent("new/cache/bases").path)
        #expect(fresh.keep(files, from: folder.appendingPathComponent("p").path).files == 1)
        for made in ["new", "new/cache", "new/cache/bases"] {
            #expect(try #require(POSIX.linkInfo(folder.appendingPathComponent(made).path)).st_mode & 0o777 == 0o700, "\(made)")
        }
    }

    @Test func aStoreThatIsALinkIsNotUsed() throws {
        let (store, folder) = try Self.store()
        let files = try Self.project(folder, ["a.txt": Array("a\n".utf8)])
        let elsewhere = folder.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: store.root, withDestinationPath: elsewhere)
        #expect(store.keep(files, from: folder.appendingPathComponent("p").path) == BaseStore.Kept())
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test func aTemporaryCopyOfAProjectIsPrivate() throws {
        let made = try #require(PrivateFolder.makeTemporary(prefix: "duo-new-test"))
        defer { TreeRemover.remove(made) }
        #expect(try #require(POSIX.linkInfo(made)).st_mode & 0o777 == 0o700)
    }

    /// A dry-run update killed with SIGKILL leaves its private copy of the project (secrets
    /// stamped in) behind: the next temporary folder of the same kind removes it, and only it.
    @Test func aKilledRunsTemporaryCopyIsRemovedByTheNextOne() throws {
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let base = FileManager.default.temporaryDirectory.path
        let prefix = "duo-new-test-\(UUID().uuidString.prefix(8))"
        let left = base + "/\(prefix)-\(gone.processIdentifier)-AbCdEf"
        let living = base + "/\(prefix)-1-AbCdEf"
        let otherKind = base + "/\(prefix)x-\(gone.processIdentifier)-AbCdEf"
        for folder in [left, living, otherKind] {
            try FileManager.default.createDirectory(atPath: folder + "/Sources", withIntermediateDirectories: true)
        }
        defer { for folder in [living, otherKind] { TreeRemover.remove(folder) } }
        let made = try #require(PrivateFolder.makeTemporary(prefix: prefix))
        defer { TreeRemover.remove(made) }
        #expect(POSIX.linkInfo(left) == nil)
        #expect(POSIX.linkInfo(living) != nil && POSIX.linkInfo(otherKind) != nil)
        #expect(made.hasPrefix(base + "/\(prefix)-\(getpid())-"))
    }
}
