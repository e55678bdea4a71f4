@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// Links and empty folders through `duo-new update`: recorded at generation (path and target;
/// folders holding nothing), then replaced, kept, added and removed by the rules files follow; a
/// folder emptied by removals goes with them unless the user put something in it; an old record
/// without links and folders still updates; and a stopped apply rolls back to the exact tree.
@Suite struct EndToEndUpdateLinksAndFoldersTests {
    /// Writes the recipe `lnk` at version 1 or 2 into `<harness>/T/lnk`.
    static func writeRecipe(in harness: EndToEndHarness, second: Bool) throws {
        let recipe = harness.url("T/lnk")
        try? FileManager.default.removeItem(at: recipe)
        let tree = recipe.appendingPathComponent("template")
        let manager = FileManager.default
        var files = ["README.md": "links and folders\n", "a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"]
        var links = ["Current": second ? "b.txt" : "a.txt", "Mine": second ? "c.txt" : "a.txt", "Edited": "a.txt"]
        var folders = ["Empty"]
        if second {
            links["NewLink"] = "README.md"
            folders.append("Fresh/Empty")
        } else {
            links["Dropped"] = "a.txt"
            links["DroppedEdited"] = "a.txt"
            folders += ["Gone", "Filled"]
            files["Old/Deep/a.txt"] = "old\n"
            files["Old/b.txt"] = "old\n"
            files["OldKept/c.txt"] = "old\n"
        }
        for (path, text) in files {
            let url = tree.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        for (path, target) in links {
            try manager.createSymbolicLink(atPath: tree.appendingPathComponent(path).path, withDestinationPath: target)
        }
        for path in folders {
            try manager.createDirectory(at: tree.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        let manifest = """
        \(TestManifest.header(name: "lnk", summary: "Links and empty folders that change, for the update tests.", version: second ? "2.0.0" : "1.0.0"))

        """
        try Data(manifest.utf8).write(to: recipe.appendingPathComponent("template.yaml"))
    }

    /// Generates `p` at version 1, makes the user's changes, moves the recipe to version 2.
    static func prepare(_ harness: EndToEndHarness) throws {
        try writeRecipe(in: harness, second: false)
        let generated = try harness.run(["lnk", "Sitter", "com.example.sitter", "p", "--templates", "T", "--no-test"])
        try #require(generated.status == 0, "\(generated.stderr)")
        let manager = FileManager.default
        for (path, target) in ["Mine": "b.txt", "Edited": "b.txt", "DroppedEdited": "b.txt"] {
            try manager.removeItem(at: harness.url("p/\(path)"))
            try manager.createSymbolicLink(atPath: harness.url("p/\(path)").path, withDestinationPath: target)
        }
        try Data("mine\n".utf8).write(to: harness.url("p/Filled/mine.txt"))
        try Data("mine\n".utf8).write(to: harness.url("p/OldKept/mine.txt"))
        try writeRecipe(in: harness, second: true)
    }

    static func link(_ harness: EndToEndHarness, _ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: harness.url("p/" + path).path)
    }

    static func exists(_ harness: EndToEndHarness, _ path: String) -> Bool {
        var info = stat()
        return lstat(harness.url("p/" + path).path, &info) == 0
    }

    @Test func theRecordKeepsLinksWithTargetsAndFoldersHoldingNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.writeRecipe(in: harness, second: false)
        try #require(try harness.run(["lnk", "Sitter", "com.example.sitter", "p", "--templates", "T", "--no-test"]).status == 0)
        let record = try GenerationRecord.decode(Data(contentsOf: harness.url("p/.duo-new.json")))
        #expect(record.links == ["Current": "a.txt", "Mine": "a.txt", "Edited": "a.txt", "Dropped": "a.txt", "DroppedEdited": "a.txt"])
        #expect(record.folders == ["Empty", "Filled", "Gone"], "folders holding a file (Old, Old/Deep) are known from the files' paths")
        #expect(record.files?["Old/Deep/a.txt"] != nil)
    }

    @Test func linksAndFoldersAreUpdatedLikeFiles() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let run = try harness.run(["update", "p", "--templates", "T", "--json"])
        #expect(run.status == 1, "one conflict: \(run.stderr)")
        #expect(Self.link(harness, "Current") == "b.txt", "untouched link, new target: replaced")
        #expect(Self.link(harness, "Mine") == "b.txt", "both changed the target: the user's kept")
        #expect(Self.link(harness, "Mine.duo-new") == "c.txt", "and the recipe's beside it")
        #expect(Self.link(harness, "Edited") == "b.txt", "the user's target, the recipe's unchanged: kept")
        #expect(!Self.exists(harness, "Dropped"), "untouched link the recipe dropped: removed")
        #expect(Self.link(harness, "DroppedEdited") == "b.txt", "edited link the recipe dropped: kept")
        #expect(Self.link(harness, "NewLink") == "README.md", "new link: added")
        #expect(Self.exists(harness, "Empty"), "an empty folder the recipe still makes stays")
        #expect(!Self.exists(harness, "Gone"), "an untouched empty folder the recipe dropped: removed")
        #expect(try harness.text("p/Filled/mine.txt") == "mine\n", "a dropped folder the user filled: kept")
        #expect(Self.exists(harness, "Fresh/Empty"), "a new empty folder: added")
        #expect(!Self.exists(harness, "Old"), "a folder the removals emptied, deep ones too: removed")
        #expect(!Self.exists(harness, "OldKept/c.txt"))
        #expect(try harness.text("p/OldKept/mine.txt") == "mine\n", "a folder holding the user's file stays")

        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let steps = try #require(report["steps"] as? [[String: String]])
        let actions = Dictionary(steps.map { ($0["path"] ?? "", $0["action"] ?? "") }, uniquingKeysWith: { $1 })
        #expect(actions["Old"] == "remove-folder")
        #expect(actions["Old/Deep"] == "remove-folder")
        #expect(actions["OldKept"] == nil)
        #expect(actions["Gone"] == "remove")
        #expect(actions["Filled"] == "keep-dropped")
        #expect(actions["Mine"] == "conflict")
        #expect(actions["Fresh/Empty"] == "add")

        let record = try GenerationRecord.decode(Data(contentsOf: harness.url("p/.duo-new.json")))
        #expect(record.links == ["Current": "b.txt", "Mine": "c.txt", "Edited": "a.txt", "NewLink": "README.md"])
        #expect(record.folders == ["Empty", "Fresh/Empty"])
    }

    @Test func anOldRecordWithoutLinksAndFoldersStillUpdates() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        var record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: harness.url("p/.duo-new.json"))) as? [String: Any])
        record["links"] = nil
        record["folders"] = nil
        try JSONSerialization.data(withJSONObject: record).write(to: harness.url("p/.duo-new.json"))
        let run = try harness.run(["update", "p", "--templates", "T"])
        #expect(run.status == 1, "\(run.stderr)")
        // Unrecorded, a link is only compared with the recipe's: a different target is a conflict.
        #expect(Self.link(harness, "Current") == "a.txt")
        #expect(Self.link(harness, "Current.duo-new") == "b.txt")
        #expect(Self.link(harness, "Dropped") == "a.txt", "never recorded, never removed")
        #expect(Self.exists(harness, "Gone"))
        #expect(!Self.exists(harness, "Old"), "files are recorded: their emptied folder goes")
        let updated = try GenerationRecord.decode(Data(contentsOf: harness.url("p/.duo-new.json")))
        #expect(updated.links?["NewLink"] == "README.md", "the new record has them")
    }

    /// Every number of operations after which the apply can stop: the roll-back gives the tree
    /// before (links' targets and folders included), a rerun the tree after.
    @Test func stoppedAtEveryOperationLeavesBeforeOrAfter() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        try EndToEndUpdateTests.stopAtEveryOperation(harness, upTo: 30, atLeast: 15)
    }
}
