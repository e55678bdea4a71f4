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

            """.utf8).write(to: harness.url("T/loud/template.yaml"))
        let quiet = try harness.run(["loud", "Sitter", "com.example.sitter", "Sitter", "--templates", "T", "-q"])
        #expect(quiet.status == 1)
        #expect(quiet.stdout.isEmpty, "\(quiet.stdout)")
        #expect(quiet.stderr.contains("chatty failed; its last lines:"), "\(quiet.stderr)")
        #expect(quiet.stderr.contains("│ the reason it failed"), "\(quiet.stderr)")
        #expect(quiet.stderr.contains("│ line 30"), "\(quiet.stderr)")
        #expect(!quiet.stderr.contains("│ line 5\n"), "only the last lines: \(quiet.stderr)")
    }
}
