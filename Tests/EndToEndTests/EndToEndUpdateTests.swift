@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// `duo-new update` and `duo-new check` on a small recipe written for each test: every file case,
/// a new placeholder, `--dry-run`, the exit codes, an old record, and interruption at every
/// operation of the apply.
@Suite struct EndToEndUpdateTests {
    /// Writes the recipe `upd` at version 1 (`second: false`) or 2 into `<harness>/T/upd`.
    private static func writeRecipe(in harness: EndToEndHarness, second: Bool) throws {
        let recipe = harness.url("T/upd")
        try? FileManager.default.removeItem(at: recipe)
        let tree = recipe.appendingPathComponent("template")
        var files: [String: String] = [
            "keep.txt": "same for __APP_NAME__\n",
            "replace.txt": second ? "version 2\n" : "version 1\n",
            "edited.txt": "version 1\n",
            "conflict.txt": second ? "version 2\n" : "version 1\n",
            "deleted.txt": second ? "version 2\n" : "version 1\n",
            "Tools/ok.sh": "#!/bin/sh\ntest -f keep.txt && echo 'the project is there'\n",
        ]
        if second {
            files["sub/added.txt"] = "mood: __MOOD__\n"
        } else {
            files["dropped.txt"] = "version 1\n"
            files["dropped-edited.txt"] = "version 1\n"
        }
        for (path, text) in files {
            let url = tree.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tree.appendingPathComponent("Tools/ok.sh").path)
        let mood = second ? """
          MOOD:
            from: set
            description: A mood, new in version 2.
            default: calm
            pattern: "^[a-z]+$"

        """ : ""
        let manifest = """
        \(TestManifest.header(name: "upd", summary: "A recipe that changes, for the update tests.", version: second ? "2.0.0" : "1.0.0"))
        \(mood)checks:
          - name: present
            run: Tools/ok.sh

        """
        try Data(manifest.utf8).write(to: recipe.appendingPathComponent("template.yaml"))
    }

    /// Generates `p` from version 1 and makes the user's edits; the recipe is then at version 2.
    private static func prepare(_ harness: EndToEndHarness) throws {
        try writeRecipe(in: harness, second: false)
        let generated = try harness.run(["upd", "Sitter", "com.example.sitter", "p", "--templates", "T", "--no-test"])
        try #require(generated.status == 0, "\(generated.stderr)")
        try Data("my version\n".utf8).write(to: harness.url("p/edited.txt"))
        try Data("my version\n".utf8).write(to: harness.url("p/conflict.txt"))
        try Data("my version\n".utf8).write(to: harness.url("p/dropped-edited.txt"))
        try FileManager.default.removeItem(at: harness.url("p/deleted.txt"))
        try writeRecipe(in: harness, second: true)
    }

    /// Every entry below `root`, the record and hidden files included.
    static func snapshot(_ root: URL) throws -> [String] {
        try UpdateFixture.snapshot(of: root)
    }

    private static func record(_ harness: EndToEndHarness) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: harness.url("p/.duo-new.json"))) as? [String: Any])
    }

    @Test func everyFileCaseThenCheck() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)

        // The sidecar of a conflict, as before line merges (EndToEndUpdateMergeTests has those).
        let updated = try harness.run(["update", "p", "--templates", "T", "--conflicts-beside"])
        #expect(updated.status == 1, "conflicts leave exit 1: \(updated.stderr)")
        #expect(try harness.text("p/keep.txt") == "same for Sitter\n")
        #expect(try harness.text("p/replace.txt") == "version 2\n", "untouched and changed: replaced")
        #expect(try harness.text("p/edited.txt") == "my version\n", "edited, recipe unchanged: kept")
        #expect(try harness.text("p/conflict.txt") == "my version\n", "both changed: the user's kept")
        #expect(try harness.text("p/conflict.txt.duo-new") == "version 2\n", "both changed: the new version beside it")
        #expect(!FileManager.default.fileExists(atPath: harness.url("p/deleted.txt").path), "deleted by the user: not restored")
        #expect(!FileManager.default.fileExists(atPath: harness.url("p/dropped.txt").path), "dropped and untouched: removed")
        #expect(try harness.text("p/dropped-edited.txt") == "my version\n", "dropped but edited: kept")
        #expect(try harness.text("p/sub/added.txt") == "mood: calm\n", "new file, new placeholder at its default")
        #expect(!FileManager.default.fileExists(atPath: harness.url("p/.duo-new-update").path))
        #expect(updated.stdout.contains("conflict      conflict.txt  (yours kept; the recipe's new version is in conflict.txt.duo-new)"))
        #expect(updated.stdout.contains("not restored  deleted.txt  (you deleted it; the recipe still has it)"))
        // The warning names the file to merge, as --quiet hides the plan's lines.
        #expect(updated.stderr.contains("merge 'conflict.txt.duo-new' into the file beside it, then remove it"), "\(updated.stderr)")

        let record = try Self.record(harness)
        #expect(record["version"] as? String == "2.0.0")
        #expect((record["values"] as? [String: String])?["MOOD"] == "calm")
        let files = try #require(record["files"] as? [String: [String: String]])
        #expect(files["sub/added.txt"]?["sha256"] == SHA256.hex(Array("mood: calm\n".utf8)))
        #expect(files["dropped.txt"] == nil)

        let checked = try harness.run(["check", "p", "--templates", "T", "--json"])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout.contains("\"status\" : \"passed\""))

        // Nothing changed since: a second update has no conflict to report.
        try FileManager.default.removeItem(at: harness.url("p/conflict.txt.duo-new"))
        let again = try harness.run(["update", "p", "--templates", "T"])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func aCleanUpdateExitsZeroAndSetTakesANewPlaceholder() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.writeRecipe(in: harness, second: false)
        try #require(try harness.run(["upd", "Sitter", "com.example.sitter", "p", "--templates", "T", "--no-test"]).status == 0)
        try Self.writeRecipe(in: harness, second: true)
        let updated = try harness.run(["update", "p", "--templates", "T", "--set", "mood=happy", "--json"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(try harness.text("p/sub/added.txt") == "mood: happy\n")
        #expect(try harness.text("p/deleted.txt") == "version 2\n")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(updated.stdout.utf8)) as? [String: Any])
        #expect(report["exitCode"] as? Int == 0)
        #expect((report["newValues"] as? [String: String]) == ["MOOD": "happy"])
        #expect((report["conflicts"] as? [String]) == [])
    }

    /// The test hooks live in the tests' build of the binary only: the `duo-new` users run
    /// ignores `DUO_NEW_UPDATE_STOP_AFTER` and updates to the end.
    @Test func theUsersBinaryHasNoTestHooks() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.writeRecipe(in: harness, second: false)
        try #require(try harness.run(["upd", "Sitter", "com.example.sitter", "p", "--templates", "T", "--no-test"]).status == 0)
        try Self.writeRecipe(in: harness, second: true)
        let updated = try harness.run(
            ["update", "p", "--templates", "T", "--set", "mood=happy"], environment: ["DUO_NEW_UPDATE_STOP_AFTER": "0"], executable: EndToEndHarness.binary
        )
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("p/.duo-new-update").path))
    }

    @Test func dryRunWritesNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let before = try Self.snapshot(harness.url("p"))
        let run = try harness.run(["update", "p", "--templates", "T", "--dry-run"])
        // The plan leaves the conflict the prepared edits make: 1, as the update itself would end.
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("would leave 1 conflict (listed above); nothing was written (--dry-run)"), "\(run.stderr)")
        #expect(run.stdout.contains("replace       replace.txt"))
        #expect(run.stdout.contains("add           sub/added.txt"))
        #expect(run.stdout.contains("remove        dropped.txt"))
        #expect(try Self.snapshot(harness.url("p")) == before)
        // With --json no plan lines are printed: the warning points at the report instead.
        let json = try harness.run(["update", "p", "--templates", "T", "--dry-run", "--json"])
        #expect(json.status == 1 && !json.stderr.contains("listed above"), "\(json.stderr)")
        #expect(json.stderr.contains("would leave 1 conflict (the report's 'conflicts' and 'marked')"), "\(json.stderr)")
        #expect(try Self.snapshot(harness.url("p")) == before)
        // `-q` keeps the plan, its tally line too (for a plan with nothing to do, all it has).
        let quiet = try harness.run(["update", "p", "--templates", "T", "--dry-run", "-q"])
        #expect(quiet.stdout.contains("replace       replace.txt") && quiet.stdout.contains("  plan: "), "\(quiet.stdout)")
    }

    @Test func uncommittedGitChangesAreAWarningNotARefusal() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "init", "-q", harness.url("p").path]
        try git.run()
        git.waitUntilExit()
        try #require(git.terminationStatus == 0)
        let run = try harness.run(["update", "p", "--templates", "T", "--dry-run"])
        #expect(run.status == 1, "the planned conflict, not the git warning: \(run.stderr)")
        #expect(run.stderr.contains("warning: the project has uncommitted changes in git"))
    }

    @Test func anOldRecordIsExplainedAndNothingChanges() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        var record = try Self.record(harness)
        record["files"] = nil
        try JSONSerialization.data(withJSONObject: record).write(to: harness.url("p/.duo-new.json"))
        let before = try Self.snapshot(harness.url("p"))
        let run = try harness.run(["update", "p", "--templates", "T"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("did not record each file's hash"))
        #expect(try Self.snapshot(harness.url("p")) == before)
    }

    @Test func notAProjectIsRefused() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("empty"), withIntermediateDirectories: true)
        let update = try harness.run(["update", "empty"])
        #expect(update.status == 66)
        #expect(update.stderr.contains("has no .duo-new.json"))
        #expect(try harness.run(["check", "empty"]).status == 66)
        #expect(try harness.run(["update", "empty", "--no-test"]).status == 64)
    }

    /// Stops the apply after every possible number of operations, as a power cut would: the
    /// journal's roll-back gives back the project before, byte for byte, and a rerun of
    /// `update` gives the project after, byte for byte.
    @Test func interruptedAtEveryOperationLeavesBeforeOrAfter() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        try Self.stopAtEveryOperation(harness, upTo: 12, atLeast: 8)
    }

    /// Updates the prepared project `p` (which ends with a conflict, exit 1) once to learn the
    /// tree after, then again from a pristine copy for each `stop` in 0...`upTo`, stopped after
    /// that many operations (`DUO_NEW_UPDATE_STOP_AFTER`): a stopped run exits 74 and names the
    /// count, the roll-back gives the tree before, and a rerun the tree after; a stop past the
    /// last operation completes. At least `atLeast` of the stops must land inside the apply.
    static func stopAtEveryOperation(_ harness: EndToEndHarness, upTo last: Int, atLeast midway: Int) throws {
        let manager = FileManager.default
        try manager.copyItem(at: harness.url("p"), to: harness.url("pristine"))
        let before = try snapshot(harness.url("p"))
        #expect(try harness.run(["update", "p", "--templates", "T"]).status == 1)
        let after = try snapshot(harness.url("p"))
        #expect(after != before)

        var stoppedMidway = 0
        for stop in 0...last {
            try manager.removeItem(at: harness.url("p"))
            try manager.copyItem(at: harness.url("pristine"), to: harness.url("p"))
            let run = try harness.run(["update", "p", "--templates", "T"], environment: ["DUO_NEW_UPDATE_STOP_AFTER": "\(stop)"])
            if run.status == 74 {
                stoppedMidway += 1
                #expect(run.stderr.contains("stopped after \(stop) operations"))
                #expect(try UpdateApplier.recover(project: harness.url("p").path) != .nothing)
                #expect(try snapshot(harness.url("p")) == before, "rolled back after \(stop) operations")
                #expect(try harness.run(["update", "p", "--templates", "T"]).status == 1)
            } else {
                #expect(run.status == 1, "past the last operation the update completes: \(run.stderr)")
            }
            #expect(try snapshot(harness.url("p")) == after, "after stopping at \(stop) and a rerun")
        }
        #expect(stoppedMidway >= midway, "the plan has at least \(midway) operations to stop between")
    }
}
