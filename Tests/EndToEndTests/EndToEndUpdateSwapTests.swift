@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// A file that becomes a folder between recipe versions, and a folder that becomes a file
/// (issue 26, finding 8), both ways, untouched and with the user's changes in the way; and
/// modes compared as the recipe's intent, not the umask's result (finding 7).
@Suite struct EndToEndUpdateSwapTests {
    private static let base = ["README.md": "hello __APP_NAME__\n"]

    private static func files(_ extra: [String: String]) -> [String: String] {
        base.merging(extra) { $1 }
    }

    @Test func aFileThatBecomesAFolderIsReplacedAndTheSwapIsUndoneOnAStop() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try UpdateFixture.generate(harness, files: Self.files(["Config": "a file\n"]))
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: Self.files(["Config/settings.txt": "a folder now\n", "Config/more/deep.txt": "deeper\n"]))
        try FileManager.default.copyItem(at: harness.url("p"), to: harness.url("pristine"))
        let before = try UpdateFixture.snapshot(harness)
        let run = try UpdateFixture.update(harness)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try harness.text("p/Config/settings.txt") == "a folder now\n")
        #expect(try harness.text("p/Config/more/deep.txt") == "deeper\n")
        #expect(try UpdateFixture.update(harness).status == 0, "and the next update has nothing to do")
        let after = try UpdateFixture.snapshot(harness)

        // Stopped after each operation, rolled back, updated again: before, then after.
        for stop in 0...6 {
            try FileManager.default.removeItem(at: harness.url("p"))
            try FileManager.default.copyItem(at: harness.url("pristine"), to: harness.url("p"))
            let stopped = try UpdateFixture.update(harness, environment: ["DUO_NEW_UPDATE_STOP_AFTER": "\(stop)"])
            guard stopped.status == 74 else { continue }
            #expect(try UpdateApplier.recover(project: harness.url("p").path) != .nothing)
            #expect(try UpdateFixture.snapshot(harness) == before, "rolled back after \(stop)")
            #expect(try UpdateFixture.update(harness).status == 0)
            #expect(try UpdateFixture.snapshot(harness) == after, "updated after a stop at \(stop)")
        }
    }

    @Test func aFolderThatBecomesAFileIsReplacedWithNoFalseConflict() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try UpdateFixture.generate(harness, files: Self.files(["Config/settings.txt": "in a folder\n", "Config/more/deep.txt": "deeper\n"]))
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: Self.files(["Config": "a file now\n"]))
        let run = try UpdateFixture.update(harness, ["--json"])
        #expect(run.status == 0, "an untouched project has no conflict: \(run.stderr)")
        #expect(try harness.text("p/Config") == "a file now\n")
        #expect(!UpdateFixture.exists(harness, "p/Config.duo-new"), "nothing beside it")
        #expect(run.stdout.contains("\"conflicts\" : [\n\n  ]"), "\(run.stdout)")
    }

    /// The user's own file in the removed folder keeps it: the recipe's file goes beside it as
    /// `Config.duo-new`, and the folder holds only what the user put there (no empty folder).
    @Test func aFolderThatBecomesAFileWithTheUsersFileInItIsAConflict() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try UpdateFixture.generate(harness, files: Self.files(["Config/settings.txt": "in a folder\n", "Config/more/deep.txt": "deeper\n"]))
        try Data("mine\n".utf8).write(to: harness.url("p/Config/mine.txt"))
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: Self.files(["Config": "a file now\n"]))
        let run = try UpdateFixture.update(harness)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(try harness.text("p/Config.duo-new") == "a file now\n")
        #expect(try harness.text("p/Config/mine.txt") == "mine\n")
        #expect(harness.tree("p/Config") == ["mine.txt"], "the recipe's files and emptied folders are gone")
    }

    /// A file of the user's where the recipe now makes a folder: kept, the recipe's folder
    /// written beside it as `NAME.duo-new/`, exit 1, never 74.
    @Test func theUsersFileWhereTheRecipeNowNeedsAFolderIsAConflict() throws {
        for recorded in [true, false] {
            let harness = try EndToEndHarness()
            defer { harness.cleanUp() }
            try UpdateFixture.generate(harness, files: Self.files(recorded ? ["Config": "a file\n"] : [:]))
            try Data("my own config\n".utf8).write(to: harness.url("p/Config"))
            try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: Self.files(["Config/settings.txt": "a folder now\n"]))
            let run = try UpdateFixture.update(harness)
            #expect(run.status == 1, "recorded \(recorded): \(run.stderr)")
            #expect(try harness.text("p/Config") == "my own config\n")
            #expect(try harness.text("p/Config.duo-new/settings.txt") == "a folder now\n")
            #expect(run.stdout.contains("conflict      Config/settings.txt  (yours kept; the recipe's new version is in Config.duo-new/settings.txt)"), "\(run.stdout)")
            // Once the user takes the recipe's folder, the next update has nothing to do.
            try FileManager.default.removeItem(at: harness.url("p/Config"))
            try FileManager.default.moveItem(at: harness.url("p/Config.duo-new"), to: harness.url("p/Config"))
            let again = try UpdateFixture.update(harness)
            #expect(again.status == 0 && !again.stdout.contains("conflict "), "\(again.stdout)")
        }
    }

    // MARK: - Finding 7: modes

    /// Made under umask 022, updated under 077 to the same version: nothing to do, exit 0;
    /// then to a version that changes one file: only that file.
    @Test func aStricterUmaskIsNotAnEdit() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let files = Self.files(["Tools/run.sh": "#!/bin/sh\n", "Sources/a.swift": "let a = 1\n"])
        try UpdateFixture.generate(harness, files: files, executable: ["Tools/run.sh"])
        let strict = try Self.updateUnderUmask077(harness)
        #expect(strict.status == 0, "\(strict.stderr)")
        #expect(strict.stdout.contains("plan: 3 unchanged"), "\(strict.stdout)")
        var changed = files
        changed["Sources/a.swift"] = "let a = 2\n"
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: changed, executable: ["Tools/run.sh"])
        let next = try Self.updateUnderUmask077(harness)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains("plan: 1 replace, 2 unchanged"), "\(next.stdout)")
        // Making a file executable is still an edit: merged with the recipe's new text, it stays executable.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: harness.url("p/README.md").path)
        changed["README.md"] = "changed\n"
        try UpdateFixture.writeRecipe(harness, version: "3.0.0", files: changed, executable: ["Tools/run.sh"])
        let merged = try Self.updateUnderUmask077(harness)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("plan: 1 merge, 2 unchanged"), "\(merged.stdout)")
        #expect(try harness.text("p/README.md") == "changed\n")
        #expect(FileManager.default.isExecutableFile(atPath: harness.url("p/README.md").path), "the user's mode kept")
    }

    /// The other way: made under 077 (files 0600 on disk, the record says 0644), updated under
    /// 022 to a version that changes one file: that file is replaced, nothing else is an edit.
    @Test func aLooserUmaskIsNotAnEdit() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let files = Self.files(["Tools/run.sh": "#!/bin/sh\n", "Sources/a.swift": "let a = 1\n"])
        try UpdateFixture.writeRecipe(harness, version: "1.0.0", files: files, executable: ["Tools/run.sh"])
        let binary = try #require(EndToEndHarness.binary)
        let made = try harness.run(
            ["-c", "umask 077 && exec \"$0\" fix Sitter com.example.sitter p --templates T --no-test", binary.path], executable: URL(fileURLWithPath: "/bin/sh")
        )
        try #require(made.status == 0, "\(made.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: harness.url("p/Sources/a.swift").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        var changed = files
        changed["Sources/a.swift"] = "let a = 2\n"
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: changed, executable: ["Tools/run.sh"])
        let run = try UpdateFixture.update(harness)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("plan: 1 replace, 2 unchanged"), "\(run.stdout)")
    }

    private static func updateUnderUmask077(_ harness: EndToEndHarness) throws -> EndToEndHarness.Run {
        let binary = try #require(EndToEndHarness.binary)
        return try harness.run(["-c", "umask 077 && exec \"$0\" update p --templates T", binary.path], executable: URL(fileURLWithPath: "/bin/sh"))
    }
}
