@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// Checks that need what a machine lacks are skipped, not failed; opt-in checks run when asked
/// for; `--require-all` turns a skip into a failure for CI that must run everything.
@Suite("check needs, skips and opt-in checks")
struct CheckNeedsTests {
    @Test func aCheckWhoseCommandIsMissingIsSkippedAndTheExitCodeStaysZero() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("needs-checks", "App", "com.example.app", "App")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  – mac steps skipped: needs duo-new-test-missing-tool: a Mac with the missing tool"))
        #expect(run.stdout.contains("  – takes over skipped: opt-in; run it with --with 'takes over'"))
        #expect(run.stdout.contains("Generated App in App; 1 check passed, 2 skipped (listed after the next steps)."))
        // Printed again after the next steps, with the command that does the step where it can run.
        let tail = try #require(run.stdout.components(separatedBy: "Skipped here, still to do:").last)
        #expect(tail == """

              mac steps (needs duo-new-test-missing-tool: a Mac with the missing tool):
                  (cd App && duo-new-test-missing-tool --build)
              takes over (opt-in; run it with --with 'takes over'):
                  (cd App && echo "taken over")

            """)
        #expect(!run.stdout.contains("    │ taken over"), "the opt-in check did not run")
    }

    @Test func requireAllFailsOnASkipForWantButNotOnAnOptInCheckLeftOut() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("needs-checks", "App", "com.example.app", "App", ["--require-all", "--json"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("error: generated App in App, but 1 of 2 checks did not pass: 'mac steps' was skipped (needs duo-new-test-missing-tool: a Mac with the missing tool) and --require-all asks for every check; 1 other was skipped; the project is kept"))
        #expect(harness.tree("App").contains("README.md"), "the project is kept")
    }

    @Test func theJSONReportListsPassedAndSkippedChecksWithTheirCounts() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("needs-checks", "App", "com.example.app", "App", ["--json", "--with", "takes over"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let counts = try #require(object["checkCounts"] as? [String: Int])
        #expect(counts == ["passed": 2, "failed": 0, "skipped": 1])
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.map { $0["name"] as? String } == ["always", "mac steps", "takes over"])
        #expect(checks.map { $0["status"] as? String } == ["passed", "skipped", "passed"])
        #expect(checks[1]["reason"] as? String == "needs duo-new-test-missing-tool: a Mac with the missing tool")
    }

    @Test func aMissingCheckCommandThatIsPresentRunsTheCheck() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let bin = harness.url("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let tool = bin.appendingPathComponent("duo-new-test-missing-tool")
        try "#!/bin/sh\necho \"built $*\"\n".write(to: tool, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try harness.run(
            ["needs-checks", "App", "com.example.app", "App", "--templates", EndToEndHarness.fixtureTemplates.path, "--require-all"],
            environment: ["PATH": path]
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("    │ built --build"))
        #expect(run.stdout.contains("✓ mac steps passed"))
    }

    @Test func withNamingNoCheckIsAUsageErrorBeforeAnythingIsWritten() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("needs-checks", "App", "com.example.app", "App", ["--with", "UI tests"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--with names no check of 'needs-checks': 'UI tests'; its checks are 'always', 'mac steps', 'takes over'"))
        #expect(harness.tree().isEmpty)
    }

    @Test func unmetNeedsNameTheFirstMissingCommandAndTheHint() {
        let needs = CheckNeeds(commands: ["xcodebuild", "xcrun"], hint: "macOS with Xcode 27.1 or later")
        #expect(needs.unmet(searchPath: "/a:/b") { _ in false } == "needs xcodebuild: macOS with Xcode 27.1 or later")
        #expect(needs.unmet(searchPath: "/a:/b") { $0 == "/b/xcodebuild" } == "needs xcrun: macOS with Xcode 27.1 or later")
        #expect(needs.unmet(searchPath: "/a:/b") { $0.hasPrefix("/b/") } == nil)
        #expect(CheckNeeds(commands: ["tool"]).unmet(searchPath: nil) { _ in false } == "needs tool, which is not on PATH")
        #expect(!CheckNeeds.isCommandName("bin/tool") && !CheckNeeds.isCommandName("two words") && CheckNeeds.isCommandName("xcrun"))
    }

    @Test func needsAreDecodedAndCheckedInTheManifest() throws {
        let good = """
            name: r
            summary: s
            version: 1.0.0
            placeholders:
              APP_NAME:
                from: app-name
            checks:
              - name: sim
                run: Tools/sim.sh
                opt-in: true
                needs:
                  commands: [xcodebuild]
                  hint: macOS with Xcode
            """
        let manifest = try ManifestDecoder.decode(good, file: "template.yaml")
        #expect(manifest.checks.first?.needs == CheckNeeds(commands: ["xcodebuild"], hint: "macOS with Xcode"))
        #expect(manifest.checks.first?.optIn == true)
        let bad = good.replacingOccurrences(of: "[xcodebuild]", with: "[/usr/bin/xcodebuild]").replacingOccurrences(of: "opt-in: true", with: "opt-in: \"yes\"")
        #expect(throws: ManifestError.self) { try ManifestDecoder.decode(bad, file: "template.yaml") }
        do {
            _ = try ManifestDecoder.decode(bad, file: "template.yaml")
        } catch {
            let text = error.diagnostics.map(\.rendered).joined(separator: "\n")
            #expect(text.contains("'checks[1].needs.commands[1]' must name a command found on PATH, one word without '/', not '/usr/bin/xcodebuild'"), "\(text)")
            #expect(text.contains("'checks[1].opt-in'"), "\(text)")
        }
    }
}
