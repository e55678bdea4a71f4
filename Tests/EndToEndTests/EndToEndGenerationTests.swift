import Foundation
import Testing
import TestSupport

/// Generating a project through the built binary, asserting what lands on disk.
@Suite("End to end: generation")
struct EndToEndGenerationTests {
    static let templateTree = EndToEndHarness.fixtureTemplates.appendingPathComponent("basic/template")

    @Test func stampsTokensInNamesAndContents() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "projects/Sitter", ["--set", "team-id=ABCDE12345", "--set=greeting=Howdy"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(harness.tree("projects/Sitter") == [
            ".duo-new.json",
            "Assets", "Assets/archive.dat", "Assets/latin1.txt", "Assets/logo.bin",
            "Docs", "Docs/Info-link.txt", "Docs/README.md",
            // Written after the checks, from what they did (GenerationEndingTests).
            "GENERATION-CHECKS.md",
            "Sitter", "Sitter/App", "Sitter/App/Greeter.swift", "Sitter/App/SitterApp.swift", "Sitter/Info.txt",
            "Tools", "Tools/check.sh",
        ])
        let app = try harness.text("projects/Sitter/Sitter/App/SitterApp.swift")
        #expect(app.contains("struct SitterApp {"))
        #expect(app.contains("static let bundleID = \"com.example.sitter\""))
        #expect(app.contains("static let team = \"ABCDE12345\""))
        #expect(app.contains("\"Howdy, Sitter!\""))
        #expect(app.contains("__init__, _private, __lowercase__, ____."), "text that is not a token stays")
        #expect(try harness.text("projects/Sitter/Sitter/Info.txt") == "Bundle: com.example.sitter\nUI tests: com.example.sitter.UITests\nÜnïcödé stays: Sitter ✓\n")
    }

    @Test func keepsBinaryFilesByteIdentical() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter", ["--no-test"])
        #expect(run.status == 0, "\(run.stderr)")
        // logo.bin by the verbatim glob; archive.dat (NUL bytes) and latin1.txt (invalid UTF-8) by detection.
        for name in ["logo.bin", "archive.dat", "latin1.txt"] {
            let original = try Data(contentsOf: Self.templateTree.appendingPathComponent("Assets/\(name)"))
            let copy = try Data(contentsOf: harness.url("Sitter/Assets/\(name)"))
            #expect(copy == original, "\(name) changed")
            #expect(original.range(of: Data("__APP_NAME__".utf8)) != nil, "the fixture \(name) holds token-like bytes")
        }
    }

    @Test func keepsFileModesAndLinks() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        // Generated under umask 022 whatever the tests run under: the checkout's umask decides
        // the fixture's modes, and the copy has them less the umask's bits (as cp does).
        let binary = try #require(EndToEndHarness.binary)
        let run = try harness.run(
            ["-c", "umask 022 && exec \"$0\" \"$@\"", binary.path,
             "basic", "Sitter", "com.example.sitter", "Sitter", "--templates", EndToEndHarness.fixtureTemplates.path, "--no-test"],
            executable: URL(fileURLWithPath: "/bin/sh")
        )
        #expect(run.status == 0, "\(run.stderr)")
        func mode(_ url: URL) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        }
        let scriptMode = try #require(try mode(Self.templateTree.appendingPathComponent("Tools/check.sh")))
        #expect(scriptMode & 0o111 != 0, "the fixture script is executable")
        #expect(try mode(harness.url("Sitter/Tools/check.sh")) == scriptMode & ~0o022)
        #expect(FileManager.default.isExecutableFile(atPath: harness.url("Sitter/Tools/check.sh").path))
        let plainMode = try #require(try mode(Self.templateTree.appendingPathComponent("Docs/README.md")))
        #expect(try mode(harness.url("Sitter/Docs/README.md")) == plainMode & ~0o022)
        #expect(plainMode & 0o111 == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: harness.url("Sitter/Docs/Info-link.txt").path) == "../Sitter/Info.txt")
        #expect(try harness.text("Sitter/Docs/Info-link.txt").hasPrefix("Bundle: com.example.sitter"))
    }

    @Test func leavesExcludedEntriesOut() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter", ["--no-test"])
        #expect(run.status == 0, "\(run.stderr)")
        let tree = harness.tree("Sitter")
        #expect(!tree.contains { $0.hasPrefix("scratch") || $0.hasSuffix(".tmp") })
    }

    @Test func recordsRecipeVersionAndValues() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter", ["--no-test"])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: harness.url("Sitter/.duo-new.json"))) as? [String: Any]
        #expect(record?["recipe"] as? String == "basic")
        #expect(record?["version"] as? String == "2.1.0")
        #expect(record?["values"] as? [String: String] == ["APP_NAME": "Sitter", "BUNDLE_ID": "com.example.sitter", "TEAM_ID": "", "GREETING": "Hello"])
    }

    @Test func usesAnExistingEmptyFolder() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("Empty"), withIntermediateDirectories: true)
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Empty", ["--no-test"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(harness.tree("Empty").contains("Sitter/App/SitterApp.swift"))
        #expect(!harness.tree("Empty").contains { $0.hasPrefix(".duo-new-") }, "no temporary folder is left")
        #expect(harness.tree().allSatisfy { $0.hasPrefix("Empty") })
    }

    @Test func runsChecksLiveAndPrintsStampedNextSteps() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "my projects/Sitter")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("▶ smoke test — Tools/check.sh"))
        #expect(run.stdout.contains("│ 2 passed, 0 failed"))
        #expect(run.stdout.contains("✓ smoke test passed in "))
        #expect(run.stdout.contains("Generated Sitter in 'my projects/Sitter'; its check passed."))
        #expect(run.stdout.contains("cd 'my projects/Sitter' && Tools/check.sh\n"), "\(run.stdout)")
        #expect(run.stdout.contains("open Sitter (com.example.sitter)"))
        #expect(!run.stdout.contains("\u{1B}["), "no escape codes when piped")
    }

    @Test func failingCheckExitsOneAndKeepsTheProject() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("failing-check", "Sitter", "com.example.sitter", "Sitter")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("│ 1 passed, 2 failed"))
        #expect(run.stdout.contains("✗ unit tests failed (exit 3)"))
        #expect(run.stdout.contains("! setup not run:"), "\(run.stdout)")
        #expect(run.stderr.contains("but 2 of 2 checks did not pass"), "\(run.stderr)")
        #expect(run.stderr.contains("the project is kept"))
        #expect(harness.tree("Sitter").contains("README.md"))
    }

    @Test func jsonDescribesTheResult() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("failing-check", "Sitter", "com.example.sitter", "Sitter", ["--json"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["exitCode"] as? Int == 1)
        #expect(object["recipe"] as? String == "failing-check")
        #expect(object["folder"] as? String == harness.url("Sitter").path)
        #expect(object["files"] as? Int == 1)
        #expect((object["bytes"] as? Int ?? 0) > 0)
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.count == 2)
        #expect(checks.first?["name"] as? String == "unit tests")
        #expect(checks.first?["status"] as? String == "failed")
        #expect(checks.first?["passed"] as? Int == 1)
        #expect(checks.first?["failed"] as? Int == 2)
        #expect(checks.last?["status"] as? String == "not-run")
        #expect(checks.first?["seconds"] is Double)
        #expect(run.stderr.contains("│ 1 passed, 2 failed"), "check output goes to standard error with --json")
    }

    @Test func jsonReportsARefusalToo() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "class", "com.example.sitter", "Sitter", ["--json"])
        #expect(run.status == 65)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["exitCode"] as? Int == 65)
        #expect((object["error"] as? String)?.contains("Swift keyword") == true)
    }

    @Test func dryRunListsPlannedFilesAndWritesNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "deep/Sitter", ["--dry-run"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Sitter/App/SitterApp.swift\n"))
        #expect(run.stdout.contains("Assets/logo.bin  (verbatim)\n"))
        #expect(run.stdout.contains("Docs/Info-link.txt -> ../Sitter/Info.txt\n"))
        #expect(run.stdout.contains("nothing written (--dry-run)"))
        #expect(harness.tree().isEmpty)
    }

    @Test func dryRunWithJSONListsThePlannedPaths() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter", ["--dry-run", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["dryRun"] as? Bool == true)
        let planned = try #require(object["planned"] as? [String])
        #expect(planned.contains("Sitter/") && planned.contains("Sitter/App/SitterApp.swift") && planned.contains("Tools/check.sh"))
        #expect(!planned.contains { $0.hasPrefix("scratch") })
        #expect(harness.tree().isEmpty)
    }

    @Test func findsRecipesThroughTheEnvironmentVariable() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(
            ["basic", "Sitter", "com.example.sitter", "Sitter", "--no-test"],
            environment: ["DUO_NEW_TEMPLATES": EndToEndHarness.fixtureTemplates.path]
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(harness.tree().contains("Sitter/Sitter/App/SitterApp.swift"))
    }

    @Test func leftoverTokenFailsAndLeavesNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("leftover", "Sitter", "com.example.sitter", "out/Sitter")
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("leftover/template/Sources/Config.swift:3:13: error: '__TEAM_ID__' is shaped like a token"), "\(run.stderr)")
        #expect(run.stderr.contains("leftover/template/Sources/Config.swift:5:15: error: '__SECRET__'"), "\(run.stderr)")
        #expect(run.stderr.contains("nothing was left behind"))
        #expect(harness.tree().isEmpty, "not even the parent folder stays")
    }

    /// "Create the repository, clone it, generate into it": a folder holding only `.git` receives
    /// the project beside it; a generation that fails there leaves the `.git` as it was.
    @Test func generatesIntoAFreshCloneKeepingItsGit() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("Sitter/.git/refs"), withIntermediateDirectories: true)
        try Data("ref: refs/heads/main\n".utf8).write(to: harness.url("Sitter/.git/HEAD"))

        let failed = try harness.generate("leftover", "Sitter", "com.example.sitter", "Sitter")
        #expect(failed.status == 78, "\(failed.stderr)")
        #expect(harness.tree("Sitter") == [".git", ".git/HEAD", ".git/refs"])

        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter", ["--no-test"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(harness.tree("Sitter").contains("Sitter/App/SitterApp.swift"))
        #expect(harness.tree("Sitter").contains(".duo-new.json"))
        #expect(try harness.text("Sitter/.git/HEAD") == "ref: refs/heads/main\n")
    }

    @Test func quietPrintsNothingOnSuccess() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter", ["-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.isEmpty)
        #expect(!harness.tree().isEmpty)
    }
}
