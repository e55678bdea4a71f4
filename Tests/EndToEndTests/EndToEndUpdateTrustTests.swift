@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// What a project carries is untrusted input (issue 26): a planted or damaged journal, a record
/// naming paths outside the project or below a link, a record that is not one at all, text that
/// would drive the terminal. Each is refused before anything is touched, inside the project or
/// out of it, with the file and the entry named; `--dry-run` never recovers.
@Suite struct EndToEndUpdateTrustTests {
    private static let files = ["README.md": "hello __APP_NAME__\n", "Hello/main.swift": "print(1)\n", "Tools/run.sh": "#!/bin/sh\n"]

    /// `p` at 1.0.0, the recipe at 2.0.0 (README changed), and a folder `outside/` beside it.
    private static func prepare(_ harness: EndToEndHarness) throws {
        try UpdateFixture.generate(harness, files: files, executable: ["Tools/run.sh"])
        var second = files
        second["README.md"] = "hello again __APP_NAME__\n"
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: second, executable: ["Tools/run.sh"])
        try FileManager.default.createDirectory(at: harness.url("outside/Documents"), withIntermediateDirectories: true)
        try Data("precious\n".utf8).write(to: harness.url("outside/Documents/letter.txt"))
        try Data("victim\n".utf8).write(to: harness.url("outside/victim.txt"))
    }

    private static func plantJournal(_ harness: EndToEndHarness, _ lines: [String]) throws {
        try FileManager.default.createDirectory(at: harness.url("p/.duo-new-update/backup"), withIntermediateDirectories: true)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: harness.url("p/.duo-new-update/journal"))
    }

    // MARK: - Finding 1 and 14: the journal, and --dry-run

    @Test func aPlantedJournalWithPathsOutsideIsNeverReplayed() throws {
        let planted = [
            ["move\t.duo-new-update/gone\t../outside/Documents"],
            ["move\t.duo-new-update/backup/x\t../outside/victim.txt"],
            ["move\t../outside/victim.txt\t.duo-new-update/backup/../outside/victim.txt"],
            ["mkdir\t../outside/made"],
            ["rmdir\t/tmp\t777"],
            ["move\t.duo-new-update/new/a\tREADME.md\textra"],
            ["move\tREADME.md"],
            ["move\tREADME.md\t.duo-new-update/gone/README.md"],
        ]
        for lines in planted {
            let harness = try EndToEndHarness()
            defer { harness.cleanUp() }
            try Self.prepare(harness)
            try Self.plantJournal(harness, lines)
            let before = try UpdateFixture.snapshot(harness)
            let outside = try TreeFingerprint.lines(of: harness.url("outside"))
            let dryRun = try UpdateFixture.update(harness, ["--dry-run"])
            #expect(dryRun.status == 65, "\(lines): \(dryRun.stderr)")
            #expect(dryRun.stderr.contains(".duo-new-update/journal:1:"), "the line is named: \(dryRun.stderr)")
            let real = try UpdateFixture.update(harness)
            #expect(real.status == 65, "\(lines): \(real.stderr)")
            #expect(real.stderr.contains("cannot be trusted") && real.stderr.contains("nothing was undone"), "\(real.stderr)")
            #expect(try UpdateFixture.snapshot(harness) == before, "\(lines): the project is untouched")
            #expect(try TreeFingerprint.lines(of: harness.url("outside")) == outside, "\(lines): nothing outside changed")
            #expect(UpdateFixture.exists(harness, "p/.duo-new-update/journal"), "the journal is left to look at")
            let check = try harness.run(["check", "p", "--templates", "T"])
            #expect(check.status == 65, "a half-updated project is not checked: \(check.stderr)")
        }
    }

    /// A journal in exactly an update's shape can still be planted (it lives in the project), but
    /// its roll-back takes an entry back out of the project only while the entry holds exactly
    /// the bytes the journal says were staged: the user's edits stay where they are, and the
    /// update says which paths it left.
    @Test func aPlantedJournalInAnUpdatesShapeNeverCarriesTheUsersEditsAway() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        try Data("my own notes\n".utf8).write(to: harness.url("p/README.md"))
        try Data("print(\"mine\")\n".utf8).write(to: harness.url("p/Hello/main.swift"))
        let generatedReadme = SHA256.hex(Array("hello Sitter\n".utf8))
        try Self.plantJournal(harness, [
            "place\t.duo-new-update/new/README.md\tREADME.md\t\(generatedReadme)",
            "place\t.duo-new-update/new/Hello/main.swift\tHello/main.swift\t\(String(repeating: "0", count: 64))",
        ])
        // The folders a roll-back would move the files into, as a real update leaves them.
        try FileManager.default.createDirectory(at: harness.url("p/.duo-new-update/new/Hello"), withIntermediateDirectories: true)
        // The recipe's version beside the user's, so the user's file is compared as it was.
        let real = try UpdateFixture.update(harness, ["--conflicts-beside"])
        #expect(real.stdout.contains("2 paths its journal names were left as they are"), "\(real.stdout)")
        #expect(real.stdout.contains("'README.md'") && real.stdout.contains("'Hello/main.swift'"), "\(real.stdout)")
        #expect(try harness.text("p/README.md") == "my own notes\n", "the user's README is where it was")
        #expect(try harness.text("p/Hello/main.swift") == "print(\"mine\")\n")
        #expect(!UpdateFixture.exists(harness, "p/.duo-new-update"))
    }

    /// A killed update's journal is never committed by accident, so never reaches a teammate:
    /// every generated Duo app's `.gitignore` (from the duo-app layer) lists the work folder.
    @Test func generatedProjectsKeepTheWorkFolderOutOfGit() throws {
        let layer = EndToEndHarness.fixtureTemplates.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates/duo-app/template/.gitignore")
        let lines = try String(contentsOf: layer, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains("\(UpdateApplier.workFolder)/"), "\(lines)")
    }

    /// A well-shaped journal whose work folder is a link out of the project: the roll-back would
    /// move files through it, so it is refused; so is a work folder that is itself a link.
    @Test func aJournalBelowALinkAndAWorkFolderThatIsALinkAreRefused() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        try FileManager.default.createDirectory(at: harness.url("p/.duo-new-update"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: harness.url("p/.duo-new-update/backup").path, withDestinationPath: "../../outside")
        try Data("move\tvictim.txt\t.duo-new-update/backup/victim.txt\n".utf8).write(to: harness.url("p/.duo-new-update/journal"))
        let outside = try TreeFingerprint.lines(of: harness.url("outside"))
        let run = try UpdateFixture.update(harness)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("lies below '.duo-new-update/backup', a symbolic link"), "\(run.stderr)")
        #expect(try TreeFingerprint.lines(of: harness.url("outside")) == outside)
        #expect(UpdateFixture.exists(harness, "outside/victim.txt"))

        try FileManager.default.removeItem(at: harness.url("p/.duo-new-update"))
        try FileManager.default.createSymbolicLink(atPath: harness.url("p/.duo-new-update").path, withDestinationPath: "../outside")
        let linked = try UpdateFixture.update(harness)
        #expect(linked.status == 65, "\(linked.stderr)")
        #expect(linked.stderr.contains("'.duo-new-update' is a symbolic link or not a folder"), "\(linked.stderr)")
        #expect(try TreeFingerprint.lines(of: harness.url("outside")) == outside)
    }

    /// An update stopped midway (as by a power cut): `--dry-run` says what the real run will do
    /// and changes nothing; `check` refuses; the real update undoes it, says so, and updates.
    @Test func dryRunNeverRollsBackAndTheRealUpdateSaysWhatItDid() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let stopped = try UpdateFixture.update(harness, environment: ["DUO_NEW_UPDATE_STOP_AFTER": "2"])
        try #require(stopped.status == 74, "\(stopped.stderr)")
        let halfway = try UpdateFixture.snapshot(harness)
        let journal = try harness.text("p/.duo-new-update/journal")

        let dryRun = try UpdateFixture.update(harness, ["--dry-run", "--json"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("\"recovered\" : \"would-roll-back\""), "\(dryRun.stdout)")
        #expect(try UpdateFixture.snapshot(harness) == halfway, "a dry run changes nothing")
        #expect(try harness.text("p/.duo-new-update/journal") == journal)

        let check = try harness.run(["check", "p", "--templates", "T"])
        #expect(check.status == 65)
        #expect(check.stderr.contains("did not finish") && check.stderr.contains("run 'duo-new update p'"), "\(check.stderr)")

        let real = try UpdateFixture.update(harness)
        #expect(real.status == 0, "\(real.stderr)")
        #expect(real.stdout.contains("did not finish; its 2 done operations were undone"), "\(real.stdout)")
        #expect(try harness.text("p/README.md") == "hello again Sitter\n")
        #expect(!UpdateFixture.exists(harness, "p/.duo-new-update"))
        #expect(try harness.run(["check", "p", "--templates", "T"]).status == 0)
    }

    /// What an earlier update left that changed nothing (staged files, or a finished update's
    /// work folder) is reported by a dry run and left where it is; the real update removes it.
    @Test func dryRunLeavesAnEarlierUpdatesWorkFolderWhereItIs() throws {
        for (leftover, recovered) in [("new/README.md", "would-remove-staging"), ("committed", "would-remove-finished")] {
            let harness = try EndToEndHarness()
            defer { harness.cleanUp() }
            try Self.prepare(harness)
            try FileManager.default.createDirectory(at: harness.url("p/.duo-new-update/new"), withIntermediateDirectories: true)
            try Data("left\n".utf8).write(to: harness.url("p/.duo-new-update/\(leftover)"))
            let before = try UpdateFixture.snapshot(harness)
            let run = try UpdateFixture.update(harness, ["--dry-run", "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("\"recovered\" : \"\(recovered)\""), "\(run.stdout)")
            #expect(run.stdout.contains("\"path\" : \"README.md\""), "planned as usual: \(run.stdout)")
            #expect(try UpdateFixture.snapshot(harness) == before, "a dry run neither writes nor removes")
            let real = try UpdateFixture.update(harness)
            #expect(real.status == 0, "\(real.stderr)")
            #expect(!UpdateFixture.exists(harness, "p/.duo-new-update"))
        }
    }

    // MARK: - Finding 2: the record's paths

    @Test(arguments: [
        ("files", "../outside/victim.txt"), ("files", "/tmp/duo-new-absolute"), ("files", "./README.md"), ("files", "Hello//main.swift"),
        ("files", ".git/config"), ("files", "Hello/../../outside/victim.txt"), ("files", "a\u{1B}[2Jb"),
        ("folders", "../outside/Documents"), ("folders", "Hello/."), ("links", "../outside/link"),
    ])
    func aRecordPathOutsideOrNotNormalisedIsRefusedBeforeAnythingIsTouched(_ section: String, _ path: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        if path == ".git/config" {
            try FileManager.default.createDirectory(at: harness.url("p/.git"), withIntermediateDirectories: true)
            try Data("[core]\n".utf8).write(to: harness.url("p/.git/config"))
        }
        var record = try UpdateFixture.record(harness)
        let victimHash = SHA256.hex(Array("victim\n".utf8))
        switch section {
        case "files":
            var files = try #require(record["files"] as? [String: Any])
            files[path] = ["mode": "0644", "sha256": victimHash]
            record["files"] = files
        case "folders": record["folders"] = [path]
        default: record["links"] = [path: "x"]
        }
        try UpdateFixture.writeRecord(harness, record)
        let before = try UpdateFixture.snapshot(harness)
        let outside = try TreeFingerprint.lines(of: harness.url("outside"))
        for options in [["--dry-run"], []] {
            let run = try UpdateFixture.update(harness, options)
            #expect(run.status == 65, "\(path) \(options): \(run.stderr)")
            #expect(run.stderr.contains("'p/.duo-new.json' lists '\(DisplayPath.escaped(path))' under '\(section)'"), "\(run.stderr)")
            #expect(!run.stderr.contains("\u{1B}"), "no escape sequence reaches the terminal")
        }
        #expect(try UpdateFixture.snapshot(harness) == before)
        #expect(try TreeFingerprint.lines(of: harness.url("outside")) == outside)
        #expect(try harness.run(["check", "p", "--templates", "T"]).status == 65, "check reads the record by the same rule")
    }

    /// A project folder replaced by a link to elsewhere is never followed: the 150 files there
    /// would have matched their hashes and been removed.
    @Test func aProjectSubfolderThatIsALinkIsNeverFollowed() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        // Version 2 drops Hello/main.swift; the user moved Hello elsewhere and linked it back.
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: ["README.md": "hello __APP_NAME__\n", "Tools/run.sh": "#!/bin/sh\n"], executable: ["Tools/run.sh"])
        try FileManager.default.moveItem(at: harness.url("p/Hello"), to: harness.url("outside/Hello"))
        try FileManager.default.createSymbolicLink(atPath: harness.url("p/Hello").path, withDestinationPath: "../outside/Hello")
        let outside = try TreeFingerprint.lines(of: harness.url("outside"))
        let run = try UpdateFixture.update(harness)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("lists 'Hello/main.swift', but 'Hello' in the project is a symbolic link"), "\(run.stderr)")
        #expect(try TreeFingerprint.lines(of: harness.url("outside")) == outside)

        // A link where the recipe adds a folder: the new files go beside it, never through it.
        try FileManager.default.removeItem(at: harness.url("p/Hello"))
        var record = try UpdateFixture.record(harness)
        var files = try #require(record["files"] as? [String: Any])
        files["Hello/main.swift"] = nil
        record["files"] = files
        try UpdateFixture.writeRecord(harness, record)
        try FileManager.default.createSymbolicLink(atPath: harness.url("p/Added").path, withDestinationPath: "../outside/Hello")
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: ["README.md": "hello __APP_NAME__\n", "Tools/run.sh": "#!/bin/sh\n", "Added/main.swift": "print(2)\n"], executable: ["Tools/run.sh"])
        let added = try UpdateFixture.update(harness)
        #expect(added.status == 1, "a conflict: \(added.stderr)")
        #expect(try harness.text("p/Added.duo-new/main.swift") == "print(2)\n")
        #expect(try TreeFingerprint.lines(of: harness.url("outside")) == outside, "nothing written through the link")
    }

    @Test func aRecordThatIsNotARecordIsRefusedWithItsReason() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let cases: [(String, String)] = [
            ("not json at all", "is not JSON"),
            (#"{"generator": "g", "recipe": "fix", "version": 2, "values": {}, "files": {}}"#, "'version': expected a string"),
            (#"{"generator": "g", "recipe": "../T/fix", "version": "1", "values": {}, "files": {}}"#, "names the recipe '../T/fix', which is not a recipe name"),
            (#"{"generator": "g", "recipe": "fix", "version": "1", "values": {}, "files": {"README.md": {"mode": "0644", "sha256": "00"}}}"#, "not 64 lowercase hexadecimal digits"),
        ]
        for (text, expected) in cases {
            try Data(text.utf8).write(to: harness.url("p/.duo-new.json"))
            for command in ["update", "check"] {
                let run = try harness.run([command, "p", "--templates", "T"])
                #expect(run.status == 65, "\(command) \(text): \(run.stderr)")
                #expect(run.stderr.contains(expected), "\(run.stderr)")
            }
        }
        try FileManager.default.removeItem(at: harness.url("p/.duo-new.json"))
        try FileManager.default.createSymbolicLink(atPath: harness.url("p/.duo-new.json").path, withDestinationPath: "../outside/victim.txt")
        let linked = try UpdateFixture.update(harness)
        #expect(linked.status == 65)
        #expect(linked.stderr.contains("'p/.duo-new.json' is a symbolic link"), "\(linked.stderr)")
    }

    /// `update` asks git whether the project has uncommitted changes; a project's own git config
    /// must not make that run a command (`core.fsmonitor`).
    @Test func gitStatusRunsNoCommandFromTheProjectsConfig() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let hook = harness.url("hook.sh")
        try Data("#!/bin/sh\ntouch '\(harness.url("ran").path)'\n".utf8).write(to: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        for arguments in [["init", "--quiet"], ["config", "core.fsmonitor", hook.path]] {
            let git = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: harness.url("p"))
            try #require(git.status == 0, "\(git.transcript)")
        }
        let run = try UpdateFixture.update(harness, ["--dry-run"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("uncommitted changes in git"), "git still ran: \(run.stderr)")
        #expect(!UpdateFixture.exists(harness, "ran"), "the project's fsmonitor hook did not run")
    }

    /// A filter driver in the project's git config runs its `clean` command for every tracked
    /// file whose stat data changed when git status compares it: status is then not asked.
    @Test func gitStatusRunsNoFilterDriverFromTheProjectsConfig() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let hook = harness.url("filter.sh")
        try Data("#!/bin/sh\ntouch '\(harness.url("ran").path)'\ncat\n".utf8).write(to: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        let project = harness.url("p")
        let steps: [[String]] = [
            ["init", "--quiet"], ["add", "-A"],
            ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "generated"],
            ["config", "filter.planted.clean", hook.path],
        ]
        for arguments in steps {
            let git = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: project)
            try #require(git.status == 0, "\(git.transcript)")
        }
        try Data("* filter=planted\n".utf8).write(to: project.appendingPathComponent(".gitattributes"))
        // Every tracked file's stat data changes, so status would compare contents through the filter.
        let later = Date().addingTimeInterval(5)
        for file in try FileManager.default.contentsOfDirectory(atPath: project.path) where !file.hasPrefix(".") {
            let path = project.appendingPathComponent(file).path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: path)
            }
        }
        let run = try UpdateFixture.update(harness, ["--dry-run"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("sets filter drivers"), "\(run.stderr)")
        #expect(!UpdateFixture.exists(harness, "ran"), "the project's filter driver ran")
    }

    // MARK: - Finding 16: printed text

    @Test func textFromTheRecordIsPrintedEscaped() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        var record = try UpdateFixture.record(harness)
        record["version"] = "1.0.0\u{1B}]0;owned\u{07}\u{1B}[2J"
        record["generator"] = "duo-new \u{1B}[31mred"
        try UpdateFixture.writeRecord(harness, record)
        // Not a version as a manifest's is: refused, and named escaped.
        let update = try UpdateFixture.update(harness, ["--dry-run"])
        #expect(update.status == 65, "\(update.stderr)")
        #expect(update.stderr.contains("records the version of the recipe as '1.0.0\\u{1B}]0;owned\\u{7}\\u{1B}[2J'"), "\(update.stderr)")
        let check = try harness.run(["check", "p", "--templates", "T"])
        #expect(check.status == 65 && check.stderr.contains("as '1.0.0\\u{1B}]0;owned"), "\(check.stderr)")
        record["files"] = nil
        try UpdateFixture.writeRecord(harness, record)
        let old = try UpdateFixture.update(harness)
        #expect(old.status == 65)
        for run in [update, check, old] {
            #expect(!(run.stdout + run.stderr).contains("\u{1B}"), "no escape sequence from the record reaches the terminal")
        }
    }
}
