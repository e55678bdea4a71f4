@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// Files both the user and the recipe changed: merged line by line against the base the user's
/// cache keeps (the bytes generation wrote), edits apart kept together, edits on the same lines
/// marked in the file (or, with `--conflicts-beside`, the recipe's version beside it), binary
/// files as whole files; markers left behind warned about by `update` and failed by `check`.
@Suite struct EndToEndUpdateMergeTests {
    private static let base = "line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\n"

    /// `p` from `fix` 1.0.0 holding `notes.txt` (`base`) and `picture.bin`, then 2.0.0 with `notes`.
    private static func prepare(_ harness: EndToEndHarness, notes: String, mine: String) throws {
        try UpdateFixture.generate(harness, files: ["notes.txt": base, "picture.bin": "\u{0}\u{1}version 1"])
        try Data(mine.utf8).write(to: harness.url("p/notes.txt"))
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: ["notes.txt": notes, "picture.bin": "\u{0}\u{1}version 2"])
    }

    private static func changing(_ changes: [Int: String]) -> String {
        (1...8).map { changes[$0] ?? "line \($0)" }.map { $0 + "\n" }.joined()
    }

    @Test func editsOnDifferentLinesAreMergedAndExitZero() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness, notes: Self.changing([7: "line 7, the recipe's"]), mine: Self.changing([2: "line 2, mine"]))
        let run = try UpdateFixture.update(harness, ["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try harness.text("p/notes.txt") == Self.changing([2: "line 2, mine", 7: "line 7, the recipe's"]), "both changes")
        #expect(run.stdout.contains("\"action\" : \"merge\",\n      \"path\" : \"notes.txt\""), "\(run.stdout)")
        #expect(!UpdateFixture.exists(harness, "p/notes.txt.duo-new"))
        let record = try UpdateFixture.record(harness)
        let files = try #require(record["files"] as? [String: [String: String]])
        #expect(files["notes.txt"]?["sha256"] == SHA256.hex(Array(Self.changing([7: "line 7, the recipe's"]).utf8)), "the record keeps the recipe's version, the next base")
        let checked = try harness.run(["check", "p"])
        #expect(checked.status == 0, "no markers: \(checked.stderr)")
    }

    @Test func editsOnTheSameLinesAreMarkedListedAndExitOne() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness, notes: Self.changing([5: "line 5, the recipe's"]), mine: Self.changing([5: "line 5, mine"]))
        let run = try UpdateFixture.update(harness)
        #expect(run.status == 1, "\(run.stderr)")
        let marked = "line 1\nline 2\nline 3\nline 4\n<<<<<<< yours\nline 5, mine\n=======\nline 5, the recipe's\n>>>>>>> fix 2.0.0\nline 6\nline 7\nline 8\n"
        #expect(try harness.text("p/notes.txt") == marked)
        #expect(run.stdout.contains("  conflict      notes.txt  (both changed the same lines: marked in the file)"), "\(run.stdout)")
        #expect(run.stderr.contains("settle the conflict markers in 'notes.txt' (line 5)"), "\(run.stderr)")
        #expect(!UpdateFixture.exists(harness, "p/notes.txt.duo-new"))
        let checked = try harness.run(["check", "p"])
        #expect(checked.status == 1, "the markers it left fail check: \(checked.stderr)")
        // With a recipe check failing too, both are counted: "2 of 2", never "1 of 1".
        var manifest = try String(contentsOf: harness.url("T/fix/template.yaml"), encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: "checks:\n", with: "checks:\n  - name: failing\n    run: exit 3\n")
        try Data(manifest.utf8).write(to: harness.url("T/fix/template.yaml"))
        let both = try harness.run(["check", "p", "--templates", "T"])
        #expect(both.status == 1 && both.stderr.contains("but 2 of 3 checks did not pass: 'failing' failed (exit 3); conflict markers from an update are still in 'notes.txt'"), "\(both.stderr)")
    }

    /// Markers left in a file (by an update, or a merge of the user's own) fail `check` as a
    /// check of their own, and `update` warns about them and goes on.
    @Test func leftoverMarkersFailCheckAndAreWarnedAboutByUpdate() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness, notes: Self.base, mine: "a\n<<<<<<< yours\nb\n=======\nc\n>>>>>>> fix 1.0.0\nd\n<<<<<<< yours\n=======\n>>>>>>> x\n")
        let checked = try harness.run(["check", "p", "--json"])
        #expect(checked.status == 1, "\(checked.stderr)")
        #expect(checked.stderr.hasSuffix("error: checked p, but conflict markers from an update are still in 'notes.txt' (lines 2 and 8); settle them, then check again\n"), "\(checked.stderr)")
        #expect(checked.stdout.contains("\"name\" : \"conflict markers\""), "\(checked.stdout)")
        #expect(checked.stdout.contains("\"checkCounts\" : {\n    \"failed\" : 1,\n    \"passed\" : 1,"), "counted with the recipe's one check: \(checked.stdout)")
        let update = try UpdateFixture.update(harness, ["--dry-run"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr.hasPrefix("warning: conflict markers from an earlier update are still in 'notes.txt' (lines 2 and 8); "), "\(update.stderr)")
    }

    @Test func conflictsBesideKeepsTheSidecarOfBefore() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let mine = Self.changing([5: "line 5, mine"])
        try Self.prepare(harness, notes: Self.changing([5: "line 5, the recipe's"]), mine: mine)
        let run = try UpdateFixture.update(harness, ["--conflicts-beside"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(try harness.text("p/notes.txt") == mine)
        #expect(try harness.text("p/notes.txt.duo-new") == Self.changing([5: "line 5, the recipe's"]))
    }

    @Test func aBinaryConflictIsAWholeFileAsBefore() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness, notes: Self.base, mine: Self.base)
        try Data("\u{0}\u{1}mine".utf8).write(to: harness.url("p/picture.bin"))
        let run = try UpdateFixture.update(harness)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(try Data(contentsOf: harness.url("p/picture.bin")) == Data("\u{0}\u{1}mine".utf8))
        #expect(try Data(contentsOf: harness.url("p/picture.bin.duo-new")) == Data("\u{0}\u{1}version 2".utf8))
        #expect(run.stdout.contains("  conflict      picture.bin  (yours kept; the recipe's new version is in picture.bin.duo-new)"), "\(run.stdout)")
    }

    @Test func aStoredBaseThatDoesNotMatchItsDigestIsNotUsed() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let cache = harness.url("cache")
        let environment = ["XDG_CACHE_HOME": cache.path]
        try UpdateFixture.generate(harness, files: ["notes.txt": Self.base], environment: environment)
        let bases = cache.appendingPathComponent("duo-new/bases")
        let packs = try FileManager.default.contentsOfDirectory(atPath: bases.path)
        #expect(packs.count == 1 && packs[0].hasSuffix(".pack"), "generation kept one pack: \(packs)")
        let stored = bases.appendingPathComponent(try #require(packs.first))
        var pack = try Data(contentsOf: stored)
        let range = try #require(pack.range(of: Data(Self.base.utf8)), "the pack holds the base")
        // Planted: other bytes of the same length where the index says the base is.
        pack.replaceSubrange(range, with: Data(Self.base.uppercased().utf8))
        try pack.write(to: stored)
        try Data(Self.changing([2: "line 2, mine"]).utf8).write(to: harness.url("p/notes.txt"))
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: ["notes.txt": Self.changing([7: "line 7, the recipe's"])])
        let run = try UpdateFixture.update(harness, [], environment: environment)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("no base was kept for 'notes.txt'"), "\(run.stdout)")
        #expect(try harness.text("p/notes.txt") == Self.changing([2: "line 2, mine"]))
        #expect(UpdateFixture.exists(harness, "p/notes.txt.duo-new"))
    }

    /// An installed duo-new (`prefix/bin/duo-new` beside `prefix/share/duo-new/Templates`)
    /// generates from its bundled `fix` 1.0.0; a newer duo-new then carries only 2.0.0 (the
    /// same binary, its `Templates` swapped), and still merges against the base it kept.
    @Test func aBundledRecipeStillMergesAfterDuoNewChangedIt() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let bundled = harness.url("prefix/share/duo-new/Templates")
        let binary = harness.url("prefix/bin/duo-new")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try #require(EndToEndHarness.binary), to: binary)
        try UpdateFixture.writeRecipe(harness, version: "1.0.0", files: ["notes.txt": Self.base])
        try FileManager.default.createDirectory(at: bundled.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: harness.url("T"), to: bundled)
        let generated = try harness.run(["fix", "Sitter", "com.example.sitter", "p", "--no-test"], executable: binary)
        try #require(generated.status == 0, "\(generated.stderr)")
        let source = try #require(try UpdateFixture.record(harness)["source"] as? [String: String])
        #expect(source["kind"] == "bundled" && source["duoNewVersion"] != nil, "\(source)")

        try Data(Self.changing([2: "line 2, mine"]).utf8).write(to: harness.url("p/notes.txt"))
        try FileManager.default.removeItem(at: bundled)
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: ["notes.txt": Self.changing([7: "line 7, the recipe's"])])
        try FileManager.default.moveItem(at: harness.url("T"), to: bundled)
        let run = try harness.run(["update", "p"], executable: binary)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try harness.text("p/notes.txt") == Self.changing([2: "line 2, mine", 7: "line 7, the recipe's"]))
    }
}
