import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// The search of a tree's Swift files for the types they declare, at its edges: the AppName as
/// the last bytes of a file, or as the whole file; and links named `*.swift`, which are never
/// followed (one pointing out of the tree would make generation read a file that is not the
/// recipe's), whether the search walks the folders or takes the tree's listing.
@Suite("Names: the search of a tree's Swift sources")
struct SourceSearchTests {
    let folder: URL
    var tree: URL { folder.appendingPathComponent("template") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-source-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("template/A"), withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    func put(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: tree.appendingPathComponent(path))
    }

    /// The search that walks the tree's folders, and the one that takes the tree's listing:
    /// each test holds both to the same answer.
    func bothSearches(for appName: String) throws -> [SourceSearch] {
        [SourceSearch(tree: tree, appName: appName), SourceSearch(tree: tree, appName: appName, listing: try TreeReader.read(tree: tree))]
    }

    @Test func findsTheAppNameAsTheLastBytesOfAFile() throws {
        defer { cleanUp() }
        try put("AtEnd.swift", "struct AtEnd {}\n// made for Sitter")
        try put("A/Sitter.swift", "Sitter")
        try put("A/Quiet.swift", "struct Quiet {}\n// made for Sitte")
        for search in try bothSearches(for: "Sitter") {
            let found = search.result()
            #expect(found.typesByFile == ["AtEnd.swift": ["AtEnd"]])
        }
        #expect(SourceSearch(tree: tree, appName: nil).result().declaredTypes == ["AtEnd", "Quiet"])
    }

    /// A file that holds the AppName only inside longer identifiers is not parsed, since it
    /// cannot declare a type of that name: the synthetic benchmark's `__APP_NAME__App` lines
    /// made the name `App` parse nearly every file of the tree.
    @Test func aNameOnlyInsideLongerIdentifiersIsNoMention() throws {
        defer { cleanUp() }
        try put("Inside.swift", "struct FooAppBar {}\nlet shared = __APP_NAME__App.shared\nlet é = éApp")
        try put("A/Word.swift", "struct Other {}\n// App\n")
        try put("A/Declares.swift", "struct App {}")
        for search in try bothSearches(for: "App") {
            let found = search.result()
            #expect(found.typesByFile == ["A/Word.swift": ["Other"], "A/Declares.swift": ["App"]])
            #expect(found.declaredTypes.contains("App"))
        }
    }

    /// The word's edges are judged across the search's 64 KiB reads: a name that straddles two
    /// reads, ends the first, or starts the second is found when it stands alone, and not when an
    /// identifier byte on the other side of the boundary makes it part of a longer word.
    @Test(arguments: [
        (65_534, " ", " ", true), (65_535, " ", " ", true), (65_533, " ", " ", true), (65_536, " ", " ", true),
        (65_533, " ", "Z", false), (65_536, "x", " ", false), (65_535, "_", " ", false), (65_534, " ", "9", false),
    ])
    func aWordsEdgesAreJudgedAcrossReads(offset: Int, before: String, after: String, isWord: Bool) throws {
        defer { cleanUp() }
        // Spaces up to the byte before the name, then the name, then one byte and the end of the file.
        let text = String(repeating: " ", count: offset - 1) + before + "App" + after + "\nstruct Other {}"
        try put("Edge.swift", text)
        let found = SourceSearch(tree: tree, appName: "App").result()
        #expect(found.typesByFile == (isWord ? ["Edge.swift": ["Other"]] : [:]), "name at \(offset)")
    }

    @Test func neverFollowsALinkNamedLikeASwiftFile() throws {
        defer { cleanUp() }
        let outside = folder.appendingPathComponent("Outside.swift")
        try Data("struct Outside { let name = \"Sitter\" }\n".utf8).write(to: outside)
        try put("A/Own.swift", "struct Own { let name = \"Sitter\" }\n")
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("Away.swift").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("A/Up.swift").path, withDestinationPath: "../../Outside.swift")
        let listing = try TreeReader.read(tree: tree)
        for appName in ["Sitter", nil] as [String?] {
            #expect(SourceSearch(tree: tree, appName: appName).result().declaredTypes == ["Own"], "walking, \(appName ?? "no AppName")")
            #expect(SourceSearch(tree: tree, appName: appName, listing: listing).result().declaredTypes == ["Own"], "listed, \(appName ?? "no AppName")")
        }
    }
}

/// The search for declared types walks a recipe's tree, which can be nested as deep as its
/// author likes: without recursion, and past the longest path it skips what it cannot open.
@Suite struct SourceSearchDepthTests {
    @Test func aTreeOfAnyDepthIsSearchedWithoutRecursion() throws {
        let tree = try DeepFolders.scratch("deep-search")
        defer { TreeRemover.remove(tree) }
        #expect(DeepFolders.nest(in: tree) == DeepFolders.levels)
        try Data("struct Top {}\n".utf8).write(to: URL(fileURLWithPath: tree + "/Top.swift"))
        let deep = Array(repeating: "d", count: 100).joined(separator: "/")
        try Data("struct Deep {}\n".utf8).write(to: URL(fileURLWithPath: tree + "/" + deep + "/Deep.swift"))
        #expect(SourceSearch(tree: URL(fileURLWithPath: tree), appName: nil).result().declaredTypes == ["Deep", "Top"])
    }
}
