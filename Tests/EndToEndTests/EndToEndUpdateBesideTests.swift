import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// What already stands at `NAME.duo-new` when an update has a conflict for `NAME`: the recipe's
/// version an earlier update left there, unsettled (the file is not merged, the newer version
/// replaces it, and a note says so), or something of the user's (a folder, a file, a link):
/// the update refuses (73) and changes nothing.
@Suite struct EndToEndUpdateBesideTests {
    private static func numbered(_ changes: [Int: String]) -> String {
        (1...8).map { changes[$0] ?? "line \($0)" }.map { $0 + "\n" }.joined()
    }

    /// `p` from `fix` 1.0.0 holding `notes.txt` and `picture.bin`; the user edits line 5 of the
    /// notes and the picture; 2.0.0 changes both.
    private static func prepare(_ harness: EndToEndHarness) throws {
        try UpdateFixture.generate(harness, files: ["notes.txt": numbered([:]), "picture.bin": "\u{0}\u{1}version 1"])
        try Data(numbered([5: "line 5, mine"]).utf8).write(to: harness.url("p/notes.txt"))
        try Data("\u{0}\u{1}mine".utf8).write(to: harness.url("p/picture.bin"))
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: ["notes.txt": numbered([5: "line 5, 2.0.0's"]), "picture.bin": "\u{0}\u{1}version 2"])
    }

    @Test func anUnsettledEarlierVersionBesideIsNeverMergedPastSilently() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let first = try UpdateFixture.update(harness, ["--conflicts-beside"])
        #expect(first.status == 1, "\(first.stderr)")
        #expect(try harness.text("p/notes.txt.duo-new") == Self.numbered([5: "line 5, 2.0.0's"]))
        // Left unsettled; 3.0.0 changes another line. Merged against 2.0.0, the user's file
        // (which never took 2.0.0's line 5) would look like it undid that change: a clean merge
        // that drops it.
        try UpdateFixture.writeRecipe(harness, version: "3.0.0", files: ["notes.txt": Self.numbered([5: "line 5, 2.0.0's", 7: "line 7, 3.0.0's"]), "picture.bin": "\u{0}\u{1}version 2"])
        let second = try UpdateFixture.update(harness, ["--json"])
        #expect(second.status == 1, "a conflict, not a clean merge: \(second.stdout)")
        #expect(try harness.text("p/notes.txt") == Self.numbered([5: "line 5, mine"]), "yours as you left it")
        #expect(try harness.text("p/notes.txt.duo-new") == Self.numbered([5: "line 5, 2.0.0's", 7: "line 7, 3.0.0's"]), "the newer version beside it")
        #expect(second.stdout.contains("'notes.txt.duo-new' still holds the recipe's version an earlier update left beside 'notes.txt', unsettled"), "\(second.stdout)")
        #expect(second.stdout.contains("\"action\" : \"conflict\",\n      \"path\" : \"notes.txt\""), "\(second.stdout)")
    }

    @Test func aFolderOfTheUsersAtTheNameBesideIsNeverRemoved() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        try FileManager.default.createDirectory(at: harness.url("p/picture.bin.duo-new"), withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: harness.url("p/picture.bin.duo-new/keep.txt"))
        let before = try UpdateFixture.snapshot(harness)
        let run = try UpdateFixture.update(harness)
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("'picture.bin.duo-new' is a folder; "), "\(run.stderr)")
        #expect(run.stderr.contains("nothing was changed"), "\(run.stderr)")
        #expect(try UpdateFixture.snapshot(harness) == before, "the project as it was, no work folder left")
    }

    @Test func aFileOfTheUsersAtTheNameBesideIsNeverReplaced() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        try Data("my own notes\n".utf8).write(to: harness.url("p/notes.txt.duo-new"))
        let before = try UpdateFixture.snapshot(harness)
        let run = try UpdateFixture.update(harness, ["--conflicts-beside"])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("'notes.txt.duo-new' is a file that is not the recipe's version an earlier update left there"), "\(run.stderr)")
        #expect(try UpdateFixture.snapshot(harness) == before)
    }

    @Test func aLinkAtTheNameBesideIsNeverWrittenThrough() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let outside = harness.url("outside.bin")
        try Data("outside\n".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(atPath: harness.url("p/picture.bin.duo-new").path, withDestinationPath: outside.path)
        let before = try UpdateFixture.snapshot(harness)
        let run = try UpdateFixture.update(harness)
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("'picture.bin.duo-new' is a symbolic link, which duo-new never writes through"), "\(run.stderr)")
        #expect(try harness.text("outside.bin") == "outside\n")
        #expect(try UpdateFixture.snapshot(harness) == before)
    }
}
