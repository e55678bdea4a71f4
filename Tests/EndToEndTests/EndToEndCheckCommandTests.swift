import Foundation
import Testing
import TestSupport

/// `duo-new check` runs a project's checks with generation's loop: the same skips and reasons,
/// the same summary counting only what ran, the same switches (`--with`, `--require-all`,
/// `--check-timeout`) and the same `--json` counts. The recipe, written for each test, has one
/// check that passes, one that needs a command no machine has, one opt-in check, and, when asked,
/// one opt-in check that fails and one opt-in check that sleeps.
@Suite struct EndToEndCheckCommandTests {
    /// Writes the recipe `chk` into `<harness>/T/chk` and generates `p` from it, checks skipped.
    private static func prepare(_ harness: EndToEndHarness) throws {
        let recipe = harness.url("T/chk")
        let tools = recipe.appendingPathComponent("template/Tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let scripts = [
            // Draws a layout picture where --pictures asks, as the bundled recipes' model tests do.
            "ok.sh": """
                #!/bin/sh
                test -f Tools/ok.sh && echo 'the project is there' || exit 1
                if [ -n "${MODEL_TESTS_PICTURES:-}" ]; then
                    mkdir -p "$MODEL_TESTS_PICTURES" && echo '<svg xmlns="http://www.w3.org/2000/svg"/>' >"$MODEL_TESTS_PICTURES/layouts.svg"
                fi

                """,
            "extra.sh": "#!/bin/sh\necho 'extra ran'\necho '2 passed, 0 failed'\n",
            "broken.sh": "#!/bin/sh\necho 'about to fail'\nexit 3\n",
            "slow.sh": "#!/bin/sh\nsleep 30\n",
        ]
        for (name, text) in scripts {
            let url = tools.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        let manifest = """
        \(TestManifest.header(name: "chk", summary: "A recipe whose checks pass, skip and fail, for the check tests."))
        checks:
          - name: present
            run: Tools/ok.sh
          - name: on the Mac
            run: Tools/ok.sh
            needs:
              commands: [duo-new-test-no-such-command]
              hint: a machine no test runs on
          - name: extra
            run: Tools/extra.sh
            opt-in: true
          - name: broken
            run: Tools/broken.sh
            opt-in: true
          - name: slow
            run: Tools/slow.sh
            opt-in: true

        """
        try Data(manifest.utf8).write(to: recipe.appendingPathComponent("template.yaml"))
        let generated = try harness.run(["chk", "Sitter", "com.example.sitter", "p", "--templates", "T", "--no-test"])
        try #require(generated.status == 0, "\(generated.stderr)")
    }

    private static let needsReason = "needs duo-new-test-no-such-command: a machine no test runs on"

    private static func json(_ run: EndToEndHarness.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    @Test func theSummaryCountsOnlyWhatRanAndListsTheSkipped() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let run = try harness.run(["check", "p", "--templates", "T"])
        #expect(run.status == 0, "skips alone leave 0: \(run.stderr)")
        #expect(run.stdout.contains("  ✓ present passed in "))
        #expect(run.stdout.contains("  – on the Mac skipped: \(Self.needsReason)\n"))
        #expect(run.stdout.contains("  – extra skipped: opt-in; run it with --with extra\n"))
        #expect(run.stdout.contains("Checked p; 1 check passed, 4 skipped (listed below).\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("all 5 checks passed"))
        let listed = try #require(run.stdout.components(separatedBy: "Skipped here, still to do:\n").last)
        #expect(listed.contains("  on the Mac (\(Self.needsReason)):\n      (cd p && Tools/ok.sh)\n"), "\(listed)")
        #expect(listed.contains("  extra (opt-in; run it with --with extra):\n      (cd p && Tools/extra.sh)\n"))
        #expect(listed.contains("  slow (opt-in; run it with --with slow):\n      (cd p && Tools/slow.sh)\n"))
        #expect(!listed.contains("present"), "a check that ran is not listed as skipped")
    }

    @Test func withRunsAnOptInCheckAndAnUnknownNameIsAUsageError() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let run = try harness.run(["check", "p", "--templates", "T", "--with", "extra"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("    │ extra ran\n"))
        #expect(run.stdout.contains("  ✓ extra passed in "))
        #expect(run.stdout.contains("(2 passed, 0 failed)"))
        #expect(run.stdout.contains("Checked p; 2 checks passed, 3 skipped (listed below).\n"), "\(run.stdout)")

        let unknown = try harness.run(["check", "p", "--templates", "T", "--with=extar"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: --with names no check of 'chk': 'extar'; did you mean 'extra'?\n"), "\(unknown.stderr)")
        let far = try harness.run(["check", "p", "--templates", "T", "--with", "nothing-like-it"])
        #expect(far.status == 64)
        #expect(far.stderr.hasPrefix("Error: --with names no check of 'chk': 'nothing-like-it'; its checks are 'present', 'on the Mac', 'extra', 'broken', 'slow'\n"), "\(far.stderr)")
        #expect(unknown.stderr.contains("Usage: duo-new check [folder]"))
        #expect(!unknown.stdout.contains("▶"), "nothing runs before the names are checked")
    }

    @Test func requireAllTurnsASkipForWhatIsMissingIntoAFailure() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let run = try harness.run(["check", "p", "--templates", "T", "--require-all"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("error: checked p, but 1 of 2 checks did not pass: 'on the Mac' was skipped (\(Self.needsReason)) and --require-all asks for every check; 3 others were skipped"), "\(run.stderr)")
        #expect(!run.stderr.contains("'extra' was skipped"), "an opt-in check left out is the user's choice, not a failure")
        #expect(run.stdout.contains("Skipped here, still to do:"))
    }

    @Test func jsonReportsTheCountsAndEachCheck() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let run = try harness.run(["check", "p", "--templates", "T", "--json", "--with", "broken"])
        #expect(run.status == 1)
        let report = try Self.json(run)
        #expect(report["exitCode"] as? Int == 1)
        #expect(report["checkCounts"] as? [String: Int] == ["passed": 1, "failed": 1, "skipped": 3])
        let checks = try #require(report["checks"] as? [[String: Any]])
        #expect(checks.map { $0["name"] as? String } == ["present", "on the Mac", "extra", "broken", "slow"])
        #expect(checks.map { $0["status"] as? String } == ["passed", "skipped", "skipped", "failed", "skipped"])
        #expect(checks[1]["reason"] as? String == Self.needsReason)
        #expect(checks[3]["exitCode"] as? Int == 3)
        #expect(report["error"] as? String == "checked p, but 1 of 2 checks did not pass: 'broken' failed (exit 3); 3 others were skipped")
        #expect(run.stderr.contains("    │ about to fail"), "with --json the human story goes to standard error")
    }

    /// `--pictures` works for `check` as for generation: the folder, relative to where duo-new
    /// runs, reaches the checks, and the pictures drawn are named on screen and in the report.
    @Test func picturesAreDrawnWhereAskedAndNamed() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let run = try harness.run(["check", "p", "--templates", "T", "--pictures", "pics", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let folder = harness.url("pics").standardizedFileURL.path
        #expect(FileManager.default.fileExists(atPath: folder + "/layouts.svg"))
        #expect(run.stderr.contains("layout pictures: 1 SVG file in \(folder); open \(folder)/layouts.svg in a browser"), "\(run.stderr)")
        let report = try Self.json(run)
        #expect(report["pictures"] as? [String] == [folder + "/layouts.svg"])

        let without = try harness.run(["check", "p", "--templates", "T"])
        #expect(without.status == 0)
        #expect(!without.stdout.contains("layout pictures"), "no pictures are asked for without --pictures")
    }

    @Test func checkTimeoutStopsASlowCheck() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let started = Date()
        let run = try harness.run(["check", "p", "--templates", "T", "--with", "slow", "--check-timeout", "1", "--json"])
        #expect(Date().timeIntervalSince(started) < 20, "the 30-second check was stopped")
        #expect(run.status == 1)
        let report = try Self.json(run)
        #expect(report["checkCounts"] as? [String: Int] == ["passed": 1, "failed": 1, "skipped": 3])
        #expect(run.stderr.contains("'slow' timed out after 1 s"), "\(run.stderr)")
        #expect(try harness.run(["check", "p", "--templates", "T", "--check-timeout", "0"]).status == 64)
    }

    /// Generation and `check` print the same lines for the same checks (times aside): one loop.
    @Test func generationAndCheckSayTheSame() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let generated = try harness.run(["chk", "Sitter", "com.example.sitter", "q", "--templates", "T", "--with", "extra"])
        #expect(generated.status == 0, "\(generated.stderr)")
        let checked = try harness.run(["check", "q", "--templates", "T", "--with", "extra"])
        #expect(checked.status == 0, "\(checked.stderr)")
        func checkLines(_ text: String) -> [String] {
            text.components(separatedBy: "\n")
                .filter { $0.hasPrefix("  ▶") || $0.hasPrefix("    │") || $0.hasPrefix("  ✓") || $0.hasPrefix("  –") || $0.hasPrefix("      (cd ") }
                .map { $0.replacingOccurrences(of: #" in [0-9.]+ s"#, with: "", options: .regularExpression) }
        }
        #expect(checkLines(generated.stdout).count == 13, "\(generated.stdout)")
        #expect(checkLines(generated.stdout) == checkLines(checked.stdout))
        #expect(generated.stdout.contains("Generated Sitter in q; 2 checks passed, 3 skipped (listed below).\n"), "a recipe without next steps: \(generated.stdout)")
        #expect(checked.stdout.contains("Checked q; 2 checks passed, 3 skipped (listed below).\n"))
    }
}
