@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// A project remembers where its recipe came from: `check` and `update` find a folder recipe
/// with no `--templates`, name the folder when it has gone, and refuse to go back to an older
/// version unless asked.
@Suite struct EndToEndUpdateSourceTests {
    private static func files(_ version: String) -> [String: String] {
        ["README.md": "one\ntwo\nthree\n", "version.txt": "version \(version)\n"]
    }

    /// `p` generated from `T/fix` 1.0.0 with `--templates T`, then the recipe moved on to 2.0.0.
    private static func prepare(_ harness: EndToEndHarness) throws {
        try UpdateFixture.generate(harness, files: files("1"))
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: files("2"))
    }

    @Test func aFolderRecipeIsRecordedAndFoundAgainWithoutTemplates() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let source = try #require(try UpdateFixture.record(harness)["source"] as? [String: String])
        #expect(source == ["kind": "folder", "given": "T", "resolved": harness.url("T").standardizedFileURL.path])

        let checked = try harness.run(["check", "p"])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout.contains("running the checks of 2.0.0 ('duo-new update' brings the project to it)"), "\(checked.stdout)")
        let updated = try harness.run(["update", "p"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.hasPrefix("Updating p from fix 1.0.0 to fix 2.0.0 (a newer version)\n"), "\(updated.stdout)")
        #expect(try harness.text("p/version.txt") == "version 2\n")
        let after = try UpdateFixture.record(harness)
        #expect(after["version"] as? String == "2.0.0")
        #expect(after["source"] as? [String: String] == source, "still the folder as first given")
    }

    /// A record is untrusted: a folder only the record names runs its checks unasked only
    /// while it is the user's own; one others can write into needs --trust, like git's recipes.
    @Test func aRecordedFolderOthersCanWriteRunsItsChecksOnlyWithConsent() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: harness.url("T/fix").path)
        let withheld = try harness.run(["check", "p", "--no-input"])
        #expect(withheld.status == 0, "\(withheld.stderr)")
        #expect(!withheld.stdout.contains("✓ present passed"), "\(withheld.stdout)")
        #expect((withheld.stdout + withheld.stderr).contains("the recipe comes from '\(harness.url("T/fix").standardizedFileURL.path)'"), "\(withheld.stdout)")
        #expect(!(withheld.stdout + withheld.stderr).contains("add the URL to 'trusted'"), "a folder has no URL to list")
        let required = try harness.run(["check", "p", "--no-input", "--require-all"])
        #expect(required.status == 1, "\(required.stdout)")
        let trusted = try harness.run(["check", "p", "--trust"])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout.contains("✓ present passed"), "\(trusted.stdout)")
        // The folder given again on the command line is the user's choice this run, but not
        // while anyone may write it; a group that may is no reason then (a private user group).
        let anyone = try harness.run(["check", "p", "--templates", "T", "--no-input"])
        #expect(!anyone.stdout.contains("✓ present passed"), "\(anyone.stdout)")
        try FileManager.default.setAttributes([.posixPermissions: 0o775], ofItemAtPath: harness.url("T/fix").path)
        #expect(try !harness.run(["check", "p", "--no-input"]).stdout.contains("✓ present passed"), "a recorded folder a group may write")
        let given = try harness.run(["check", "p", "--templates", "T"])
        #expect(given.stdout.contains("✓ present passed"), "\(given.stdout)")
    }

    @Test func aRecipeFolderMovedAwayIsNamedWithTheWayToPointAtIt() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        try FileManager.default.moveItem(at: harness.url("T"), to: harness.url("Elsewhere"))
        let before = try UpdateFixture.snapshot(harness)
        let resolved = harness.url("T").standardizedFileURL.path
        let message = "error: the project's recipe 'fix' came from the folder 'T' (\(resolved)), which is no longer there; point at the folder that holds 'fix/' now with '--templates DIR' (or DUO_NEW_TEMPLATES)\n"
        for command in ["check", "update"] {
            let run = try harness.run([command, "p"])
            #expect(run.status == 66, "\(command): \(run.stderr)")
            #expect(run.stderr == message, "\(command)")
        }
        #expect(try UpdateFixture.snapshot(harness) == before, "nothing changed")
        let pointed = try harness.run(["update", "p", "--templates", "Elsewhere"])
        #expect(pointed.status == 0, "\(pointed.stderr)")
    }

    @Test func aDowngradeIsRefusedWithNothingChangedThenDoneWhenAsked() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        try #require(try harness.run(["update", "p"]).status == 0)
        // An older copy of the recipe elsewhere, as a folder of recipes kept from before.
        try FileManager.default.moveItem(at: harness.url("T"), to: harness.url("New"))
        try UpdateFixture.writeRecipe(harness, version: "1.0.0", files: Self.files("1"))
        let before = try UpdateFixture.snapshot(harness)

        let refused = try harness.run(["update", "p", "--templates", "T"])
        #expect(refused.status == 65)
        #expect(refused.stderr == "error: 'p' was made from fix 2.0.0, and the recipe found is fix 1.0.0, an older version than the project's; nothing was changed; point --templates at the recipe the project came from, or pass --allow-downgrade to go to fix 1.0.0 anyway\n")
        let dry = try harness.run(["update", "p", "--templates", "T", "--dry-run", "--json"])
        #expect(dry.status == 65, "a dry run refuses it too")
        #expect(try UpdateFixture.snapshot(harness) == before, "nothing changed")

        let checked = try harness.run(["check", "p", "--templates", "T"])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(!checked.stdout.contains("'duo-new update' brings"), "check never recommends going back: \(checked.stdout)")
        #expect(checked.stdout.contains("the recipe found is fix 1.0.0, an older one"), "\(checked.stdout)")

        let planned = try harness.run(["update", "p", "--templates", "T", "--allow-downgrade", "--dry-run"])
        #expect(planned.status == 0, "\(planned.stderr)")
        #expect(planned.stdout.hasPrefix("Updating p from fix 2.0.0 to fix 1.0.0 (an older version: a downgrade, as --allow-downgrade asks)\n"), "\(planned.stdout)")
        #expect(try UpdateFixture.snapshot(harness) == before)
        let allowed = try harness.run(["update", "p", "--templates", "T", "--allow-downgrade", "--json"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("\"direction\" : \"older\""), "\(allowed.stdout)")
        #expect(try harness.text("p/version.txt") == "version 1\n")
        #expect(try UpdateFixture.record(harness)["version"] as? String == "1.0.0")
    }

    /// A record naming a recipe folder inside the project would run checks the project brought
    /// with it, as if from a local recipe: refused, touching nothing.
    @Test func aRecordedFolderInsideTheProjectIsRefused() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        try FileManager.default.copyItem(at: harness.url("T"), to: harness.url("p/.recipes"))
        var record = try UpdateFixture.record(harness)
        let planted = harness.url("p/.recipes").standardizedFileURL.path
        record["source"] = ["kind": "folder", "given": ".recipes", "resolved": planted]
        try UpdateFixture.writeRecord(harness, record)
        let before = try UpdateFixture.snapshot(harness)
        for command in ["check", "update"] {
            let run = try harness.run([command, "p"])
            #expect(run.status == 65, "\(command): \(run.stderr)")
            #expect(run.stderr.hasPrefix("error: 'p/.duo-new.json' says the recipe came from '\(planted)', inside the project itself,"), "\(command): \(run.stderr)")
        }
        #expect(try UpdateFixture.snapshot(harness) == before)
    }

    @Test func aSourceThatBreaksItsRulesIsRefused() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        var record = try UpdateFixture.record(harness)
        record["source"] = ["kind": "folder", "given": "T", "resolved": "T"]
        try UpdateFixture.writeRecord(harness, record)
        let run = try harness.run(["update", "p"])
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("error: 'p/.duo-new.json' records where the recipe came from ('source'), but it has a 'resolved' folder that is not an absolute path;"), "\(run.stderr)")
    }
}
