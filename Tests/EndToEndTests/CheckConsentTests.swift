@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// Consent for code from elsewhere: a recipe cloned from git runs its checks only with
/// `--trust`, a matching `trusted` config entry, or a yes at a terminal; otherwise each is
/// skipped with the reason and the command that trusts it (in `--json` too). Bundled recipes
/// and local folders run theirs unasked.
@Suite("Check consent")
struct CheckConsentTests {
    /// A bare repository holding the fixture `basic`, whose check leaves `CHECK-RAN` in the
    /// project: the file says whether the recipe's command ran.
    private struct Repository {
        let harness: EndToEndHarness
        var path: String { harness.url("bare.git").path }
        var url: String { "git+file://\(path)" }
        var environment: [String: String] {
            ["XDG_CACHE_HOME": harness.url("cache").path, "HOME": harness.url("home").path, "XDG_CONFIG_HOME": harness.url("cfg").path]
        }

        init() throws {
            harness = try EndToEndHarness()
            let work = harness.url("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: EndToEndHarness.fixtureTemplates.appendingPathComponent("basic"), to: work.appendingPathComponent("basic"))
            let check = work.appendingPathComponent("basic/template/Tools/check.sh")
            try Data("#!/bin/sh\n: >CHECK-RAN\necho \"1 passed, 0 failed\"\n".utf8).write(to: check)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: check.path)
            for arguments in [["init", "--quiet", "--initial-branch=main"], ["add", "."], ["commit", "--quiet", "-m", "first"]] {
                try Self.git(arguments, in: work)
            }
            try Self.git(["clone", "--quiet", "--bare", work.path, path], in: harness.folder)
        }

        static func git(_ arguments: [String], in folder: URL) throws {
            let run = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: folder
            )
            #expect(run.status == 0, "git \(arguments): \(run.transcript)")
        }

        func generate(_ folder: String, _ options: [String] = [], templates: String? = nil) throws -> EndToEndHarness.Run {
            try harness.run(["basic", "Sitter", "com.example.sitter", folder, "--templates", templates ?? url] + options, environment: environment)
        }

        func configure(_ text: String) throws {
            try FileManager.default.createDirectory(at: harness.url("cfg/duo-new"), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: harness.url("cfg/duo-new/config.yaml"))
        }

        func checkRan(_ folder: String) -> Bool {
            FileManager.default.fileExists(atPath: harness.url("\(folder)/CHECK-RAN").path)
        }
    }

    @Test func aRecipeFromGitHasItsChecksSkippedWithTheReasonAndTheTrustingCommand() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let run = try repository.generate("A")
        #expect(run.status == 0, "a skip alone leaves 0: \(run.stderr)")
        #expect(!repository.checkRan("A"), "the recipe's command did not run")
        #expect(run.stdout.contains("smoke test skipped: the recipe comes from '\(repository.url)' and its checks would run its commands on this machine; if you trust it, run 'duo-new check --trust' in the project, or add the URL to 'trusted' in the config"), "\(run.stdout)")
        #expect(run.stdout.contains("(cd A && duo-new check --trust)"), "listed with the command that trusts it: \(run.stdout)")

        let json = try repository.generate("B", ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.count == 1 && checks[0]["status"] as? String == "skipped", "\(checks)")
        #expect((checks[0]["reason"] as? String)?.contains("'duo-new check --trust'") == true, "\(checks)")
        #expect(!repository.checkRan("B"))

        // `check` on the project decides the same way.
        let check = try repository.harness.run(["check", "A"], environment: repository.environment)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("smoke test skipped: the recipe comes from"), "\(check.stdout)")
        #expect(!repository.checkRan("A"))
        let required = try repository.harness.run(["check", "A", "--require-all"], environment: repository.environment)
        #expect(required.status == 1, "--require-all counts a check that did not run: \(required.stdout)")
    }

    @Test func trustRunsTheChecksOfARecipeFromGit() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let run = try repository.generate("A", ["--trust"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(repository.checkRan("A"), "\(run.stdout)")
        #expect(run.stdout.contains("smoke test passed"), "\(run.stdout)")

        try FileManager.default.removeItem(at: repository.harness.url("A/CHECK-RAN"))
        let check = try repository.harness.run(["check", "A", "--trust"], environment: repository.environment)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(repository.checkRan("A"), "\(check.stdout)")

        let update = try repository.harness.run(["update", "A", "--trust"], environment: repository.environment)
        #expect(update.status == 64, "an update runs none of the recipe's commands: \(update.stderr)")
    }

    /// Exact URL, a prefix ending at a `/`, and a `#ref` that must match; a prefix that ends
    /// inside a path segment trusts nothing.
    @Test(arguments: [
        ("URL", true), ("URL/", true), ("PARENT", true), ("PARENT/", true), ("URL#main", false),
        ("PARENT-other", false), ("PARENT/bare.gitx", false), ("git+file:///elsewhere/bare.git", false),
    ])
    func aTrustedConfigEntryRunsTheChecksWhenItMatches(entry: String, trusted: Bool) throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let parent = "git+file://" + repository.harness.folder.path
        let written = entry.replacingOccurrences(of: "URL", with: repository.url).replacingOccurrences(of: "PARENT", with: parent)
        try repository.configure("trusted:\n  - \(written)\n")
        let run = try repository.generate("A")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(repository.checkRan("A") == trusted, "'\(written)' for '\(repository.url)': \(run.stdout)")
    }

    @Test func aRefInTheEntryTrustsThatRefOnly() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        try repository.configure("trusted:\n  - \(repository.url)#main\n")
        let pinned = try repository.generate("A", templates: repository.url + "#main")
        #expect(repository.checkRan("A"), "\(pinned.stdout)")
        let unpinned = try repository.generate("B")
        #expect(!repository.checkRan("B"), "\(unpinned.stdout)")
    }

    @Test(arguments: ["git+https://example.com", "/a/folder", "git+ftp://example.com/x"])
    func aTrustedEntryThatIsNoRepositoryPathIsRefusedAtItsLine(entry: String) throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        try repository.configure("trusted:\n  - \(entry)\n")
        let run = try repository.harness.run(["config"], environment: repository.environment)
        #expect(run.status == 78, "\(run.stdout)")
        #expect(run.stderr.contains("config.yaml:2:5: error: a 'trusted' entry must be a git URL"), "\(run.stderr)")
    }

    @Test func localAndBundledRecipesRunTheirChecksUnasked() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let run = try repository.generate("A", templates: repository.harness.url("work").path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(repository.checkRan("A"), "a local folder is the user's own choice: \(run.stdout)")
    }

    /// At a terminal the user is asked, with the commands shown; only a yes runs them.
    @Test(arguments: [("y\r", true), ("yes\r", true), ("\r", false), ("n\r", false), ("\u{4}", false)])
    func aTerminalAsksAndOnlyAYesRunsTheChecks(answer: String, runs: Bool) throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let steps = [["expect": "Run them? [y/N]: ", "send": answer]]
        let session = try TerminalSession.run(
            ["basic", "Sitter", "com.example.sitter", "A", "--templates", repository.url],
            steps: String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self),
            in: repository.harness.folder, environment: repository.environment
        )
        let transcript = session.transcript
        #expect(session.missed == nil, "\(transcript)")
        #expect(session.status == 0, "\(transcript)")
        #expect(transcript.contains("comes from '\(repository.url)'") && transcript.contains("smoke test: Tools/check.sh"), "the commands are shown: \(transcript)")
        #expect(repository.checkRan("A") == runs, "\(transcript)")
    }

    /// Ctrl-C at the question ends duo-new there (130) with its line, no check run; it was
    /// recorded and the read waited on, then reported as a check interrupted.
    @Test func ctrlCAtTheQuestionEndsDuoNewThere() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let steps = [["expect": "Run them? [y/N]: ", "send": "\u{3}"]]
        let session = try TerminalSession.run(
            ["basic", "Sitter", "com.example.sitter", "A", "--templates", repository.url],
            steps: String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self),
            in: repository.harness.folder, environment: repository.environment
        )
        #expect(session.status == 130, "\(session.transcript)")
        #expect(session.transcript.contains("error: interrupted at a question; nothing more was done (no task or check of the recipe ran)"), "\(session.transcript)")
        #expect(!repository.checkRan("A"))
    }
}
