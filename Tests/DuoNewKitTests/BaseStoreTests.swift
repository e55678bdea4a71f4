import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// The bases of line merges as the library keeps and reads them: by digest, text only, and
/// never trusted on the way back (a planted file, a link, a name that is not a digest).
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

    @Test func keepsTextFilesByDigestAndReadsThemBack() throws {
        let (store, folder) = try Self.store()
        let text = Array("hello\n".utf8)
        let binary: [UInt8] = [0, 1, 2]
        let files = try Self.project(folder, ["a.txt": text, "b.bin": binary, "c/same.txt": text])
        let kept = store.keep(files, from: folder.appendingPathComponent("p").path)
        #expect(kept == BaseStore.Kept(files: 1, bytes: 6), "one copy of the same text; the binary file not kept")
        #expect(store.bytes(for: SHA256.hex(text)) == text)
        #expect(store.bytes(for: SHA256.hex(binary)) == nil)
        let path = try #require(store.path(for: SHA256.hex(text)))
        #expect(path == store.root + "/" + SHA256.hex(text).prefix(2) + "/" + SHA256.hex(text))
    }

    @Test func aFileThatIsNotWhatItsDigestSaysIsNotABase() throws {
        let (store, folder) = try Self.store()
        let text = Array("hello\n".utf8)
        store.keep(try Self.project(folder, ["a.txt": text]), from: folder.appendingPathComponent("p").path)
        let path = try #require(store.path(for: SHA256.hex(text)))
        try Data("planted\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(store.bytes(for: SHA256.hex(text)) == nil, "other bytes under the digest's name")
        try FileManager.default.removeItem(atPath: path)
        let elsewhere = folder.appendingPathComponent("elsewhere.txt")
        try Data(text).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere.path)
        #expect(store.bytes(for: SHA256.hex(text)) == nil, "a link, even to the right bytes")
    }

    @Test(arguments: ["", "../../etc/passwd", String(repeating: "A", count: 64), String(repeating: "a", count: 63), String(repeating: "g", count: 64)])
    func onlyADigestNamesABase(_ name: String) throws {
        let (store, _) = try Self.store()
        #expect(store.path(for: name) == nil)
        #expect(store.bytes(for: name) == nil)
    }

    @Test func theStoreIsInTheUsersCache() {
        #expect(BaseStore.locate(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.root == "/c/duo-new/bases")
        #expect(BaseStore.locate(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])?.root == "/h/.cache/duo-new/bases")
        #expect(BaseStore.locate(environment: [:]) == nil)
    }

    @Test func aSourceIsCheckedByItsKindsRules() {
        let commit = String(repeating: "a", count: 40)
        #expect(RecipeSource.bundled(duoNewVersion: "0.1.0").problem == nil)
        #expect(RecipeSource.folder(given: "./tp", resolved: "/work/tp").problem == nil)
        #expect(RecipeSource(kind: .git, url: "git+https://example.com/r.git#main", ref: "main", commit: commit).problem == nil)
        #expect(RecipeSource.folder(given: "./tp", resolved: "tp").problem == "has a 'resolved' folder that is not an absolute path")
        #expect(RecipeSource(kind: .bundled, duoNewVersion: "1", resolved: "/x").problem == "of kind 'bundled' must hold 'duoNewVersion' alone")
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
}
