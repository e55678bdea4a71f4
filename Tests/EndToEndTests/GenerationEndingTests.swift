import Foundation
import Testing
import TestSupport

/// What duo-new leaves and says at the end of a generation fits what happened (issue 31):
/// `GENERATION-CHECKS.md` in the project lists each check as it ended, a failure or a stop says
/// how to run the checks again, and `--quiet` still shows a failing check's own last lines.
@Suite struct GenerationEndingTests {
    @Test func theProjectRecordsWhatRanPassedAndWasSkipped() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("needs-checks", "Sitter", "com.example.sitter", "Sitter")
        #expect(run.status == 0, "\(run.stderr)")
        let text = try harness.text("Sitter/GENERATION-CHECKS.md")
        #expect(text.contains("from needs-checks 0.1.0"), "\(text)")
        #expect(text.contains("| always | passed in "), "\(text)")
        #expect(text.contains("(1 passed, 0 failed)"), "\(text)")
        #expect(text.contains("| mac steps | skipped: needs duo-new-test-missing-tool: a Mac with the missing tool |"), "\(text)")
        #expect(text.contains("| takes over | skipped: "), "the opt-in check is listed as not run: \(text)")
        let uname = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["uname", "-sm"], in: harness.folder)
        #expect(text.contains("on \(uname.outputText.trimmingCharacters(in: .whitespacesAndNewlines))."), "\(text)")
    }

    @Test func aFailedCheckIsRecordedAndTheCommandThatRunsThemAgainIsNamed() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("failing-check", "Sitter", "com.example.sitter", "Sitter")
        #expect(run.status == 1)
        #expect(run.stderr.contains("'duo-new check Sitter' runs its checks again"), "\(run.stderr)")
        let text = try harness.text("Sitter/GENERATION-CHECKS.md")
        #expect(text.contains("| unit tests | **failed** (exit 3)"), "\(text)")
        #expect(text.contains("| setup | not run: "), "\(text)")
    }

    /// A dry run's "Would write" figure is what the real run then writes: the stamped bytes,
    /// not the recipe's before stamping (a long AppName makes them differ).
    @Test func aDryRunSaysTheBytesTheRealRunWrites() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let name = "SitterWithAMuchLongerNameThanTheToken"
        let dry = try harness.run(["example-hello", name, "com.example.sitter", "D", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        let real = try harness.run(["example-hello", name, "com.example.sitter", "D", "--no-test"])
        #expect(real.status == 0, "\(real.stderr)")
        let written = try #require(real.stdout.components(separatedBy: "\n").first { $0.hasPrefix("  wrote ") }, "\(real.stdout)")
        let figure = try #require(written.components(separatedBy: " in ").first?.dropFirst("  wrote ".count))
        #expect(dry.stdout.contains("Would write \(figure) into D"), "dry: \(dry.stdout)\nreal: \(written)")
    }

    @Test func withNoTestNothingClaimsAnythingRan() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("needs-checks", "Sitter", "com.example.sitter", "Sitter", ["--no-test"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("Sitter/GENERATION-CHECKS.md").path))
    }

    @Test func quietStillShowsAFailingChecksLastLines() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("T/loud/template"), withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: harness.url("T/loud/template/README.md"))
        try Data("""
            name: loud
            summary: A check that says a lot, then fails.
            version: 1.0.0
            placeholders:
              APP_NAME:
                from: app-name
            checks:
              - name: chatty
                run: i=1; while [ $i -le 30 ]; do echo "line $i"; i=$((i+1)); done; echo "the reason it failed"; exit 2
              - name: silent
                run: exit 3
              - name: missing tool
                run: no-such-tool-anywhere --version

            """.utf8).write(to: harness.url("T/loud/template.yaml"))
        let quiet = try harness.run(["loud", "Sitter", "com.example.sitter", "Sitter", "--templates", "T", "-q"])
        #expect(quiet.status == 1)
        #expect(quiet.stdout.isEmpty, "\(quiet.stdout)")
        #expect(quiet.stderr.contains("chatty failed; its last lines:"), "\(quiet.stderr)")
        #expect(quiet.stderr.contains("│ the reason it failed"), "\(quiet.stderr)")
        #expect(quiet.stderr.contains("│ line 30"), "\(quiet.stderr)")
        #expect(!quiet.stderr.contains("│ line 5\n"), "only the last lines: \(quiet.stderr)")
        #expect(quiet.stderr.contains("silent failed; it printed nothing"), "\(quiet.stderr)")
        #expect(quiet.stderr.contains("missing tool was not run; its last lines:"), "as its line says 'not run': \(quiet.stderr)")
    }

    // MARK: - Generating over a project duo-new made

    @Test func aFolderHoldingADuoNewProjectIsNamedAndReplacedOnlyWhenAsked() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try #require(try harness.generate("failing-check", "Sitter", "com.example.sitter", "Sitter").status == 1)
        let before = try TreeFingerprint.lines(of: harness.url("Sitter"))
        let again = try harness.generate("failing-check", "Sitter", "com.example.sitter", "Sitter")
        #expect(again.status == 73)
        #expect(again.stderr.contains("it holds a project duo-new generated from failing-check 0.3.0"), "\(again.stderr)")
        #expect(again.stderr.contains("'duo-new check Sitter' runs its checks again, and '--replace' generates it anew, keeping the old one as 'Sitter.replaced'"), "\(again.stderr)")
        #expect(try TreeFingerprint.lines(of: harness.url("Sitter")) == before, "nothing changed")

        let dryRun = try harness.generate("failing-check", "Sitter", "com.example.sitter", "Sitter", ["--replace", "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("would keep the project already in 'Sitter'"), "\(dryRun.stdout)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("Sitter.replaced").path))

        let replaced = try harness.generate("failing-check", "Sitter", "com.example.sitter", "Sitter", ["--replace", "--no-test"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try TreeFingerprint.lines(of: harness.url("Sitter.replaced")) == before, "the old project is kept whole beside the new one")
        #expect(FileManager.default.fileExists(atPath: harness.url("Sitter/.duo-new.json").path))
        #expect(!FileManager.default.fileExists(atPath: harness.url("Sitter/GENERATION-CHECKS.md").path), "the new one ran no check")

        let twice = try harness.generate("failing-check", "Sitter", "com.example.sitter", "Sitter", ["--replace", "--no-test"])
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(FileManager.default.fileExists(atPath: harness.url("Sitter.replaced-2/.duo-new.json").path), "a second replacement takes the next name")
        #expect(twice.stdout.contains("keeping the project already in 'Sitter' (failing-check 0.3.0) as 'Sitter.replaced-2' (--replace)"), "named as typed: \(twice.stdout)")
    }

    @Test func replaceTakesOnlyAProjectDuoNewMadeAndPutsItBackWhenWritingFails() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("Mine"), withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: harness.url("Mine/notes.txt"))
        let notAProject = try harness.generate("failing-check", "Hello", "com.example.hello", "Mine", ["--replace", "--no-test"])
        #expect(notAProject.status == 73, "\(notAProject.stderr)")
        #expect(!notAProject.stderr.contains("--replace"), "no replacement is offered for a folder duo-new did not make: \(notAProject.stderr)")
        #expect(try harness.text("Mine/notes.txt") == "mine\n")

        try FileManager.default.createDirectory(at: harness.url("T/rec/template"), withIntermediateDirectories: true)
        try Data((TestManifest.header(name: "rec", summary: "Replaced.") + "\n").utf8).write(to: harness.url("T/rec/template.yaml"))
        try Data("__APP_NAME__ __BUNDLE_ID__\n".utf8).write(to: harness.url("T/rec/template/README.md"))
        try #require(try harness.run(["rec", "Sitter", "com.example.sitter", "Sitter", "--templates", "T", "--no-test"]).status == 0)
        let before = try TreeFingerprint.lines(of: harness.url("Sitter"))
        // The recipe now leaves a token: found while writing, after the old project went aside.
        try Data("__APP_NAME__ __LEFT_OVER__\n".utf8).write(to: harness.url("T/rec/template/README.md"))
        let failed = try harness.run(["rec", "Sitter", "com.example.sitter", "Sitter", "--templates", "T", "--no-test", "--replace"])
        #expect(failed.status == 78, "\(failed.stderr)")
        #expect(try TreeFingerprint.lines(of: harness.url("Sitter")) == before, "the old project is back where it was")
        #expect(!FileManager.default.fileExists(atPath: harness.url("Sitter.replaced").path))
    }
}
