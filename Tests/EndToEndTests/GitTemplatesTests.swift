@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// Recipes from git: `--templates git+file://…` against a local bare repository, cloned shallow
/// into the cache under `XDG_CACHE_HOME`, reused (a branch fetched again unless `--offline`),
/// pinned by a tag, and recorded by commit.
@Suite("Recipes from git")
struct GitTemplatesTests {
    /// A harness holding `bare.git`: a repository of recipes (the fixture `basic`) with a tag
    /// `v1` on the first commit and a second commit on top, so the tag and the branch differ.
    private struct Repository {
        let harness: EndToEndHarness
        let tagged: String
        let head: String
        var url: String { "git+file://\(harness.url("bare.git").path)" }
        var environment: [String: String] { ["XDG_CACHE_HOME": harness.url("cache").path, "HOME": harness.url("home").path] }

        init() throws {
            harness = try EndToEndHarness()
            let work = harness.url("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: EndToEndHarness.fixtureTemplates.appendingPathComponent("basic"), to: work.appendingPathComponent("basic"))
            try Self.git(["init", "--quiet", "--initial-branch=main"], in: work)
            try Self.git(["add", "."], in: work)
            try Self.git(["commit", "--quiet", "-m", "first"], in: work)
            try Self.git(["tag", "v1"], in: work)
            tagged = try Self.git(["rev-parse", "HEAD"], in: work)
            try Data("more\n".utf8).write(to: work.appendingPathComponent("basic/template/NOTES.md"))
            try Self.git(["add", "."], in: work)
            try Self.git(["commit", "--quiet", "-m", "second"], in: work)
            head = try Self.git(["rev-parse", "HEAD"], in: work)
            try Self.git(["clone", "--quiet", "--bare", work.path, harness.url("bare.git").path], in: harness.folder)
        }

        @discardableResult
        static func git(_ arguments: [String], in folder: URL) throws -> String {
            let run = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: folder
            )
            #expect(run.status == 0, "git \(arguments): \(run.transcript)")
            return run.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func generate(_ folder: String, templates: String, _ options: [String] = [], environment extra: [String: String] = [:]) throws -> EndToEndHarness.Run {
            try harness.run(
                ["basic", "Sitter", "com.example.sitter", folder, "--templates", templates, "--no-test"] + options,
                environment: environment.merging(extra) { $1 }
            )
        }

        func record(_ folder: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: harness.url("\(folder)/.duo-new.json"))) as? [String: Any])
        }

        /// The clones in the cache, by folder name.
        func cached() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: harness.url("cache/duo-new/git").path)) ?? []).sorted()
        }
    }

    @Test func clonesOnceRecordsTheCommitAndReusesTheCache() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let first = try repository.generate("A", templates: repository.url, ["--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let source = try #require(try repository.record("A")["source"] as? [String: String])
        #expect(source == ["kind": "git", "url": repository.url, "commit": repository.head])
        #expect(try repository.record("A")["templates"] == nil, "the older key is read, not written")
        #expect(repository.cached().count == 1)
        #expect(FileManager.default.fileExists(atPath: repository.harness.url("A/NOTES.md").path), "the branch's latest commit")

        // The repository is gone: a branch is fetched again, which fails and says how to go on;
        // with --offline the cache alone is used.
        try FileManager.default.moveItem(at: repository.harness.url("bare.git"), to: repository.harness.url("moved.git"))
        let second = try repository.generate("B", templates: repository.url)
        #expect(second.status == 66)
        #expect(second.stderr.hasPrefix("error: could not fetch '\(repository.url)' again to see whether its branch moved: "), "\(second.stderr)")
        #expect(second.stderr.hasSuffix("; run with --offline to use the commit in the cache (\(repository.head.prefix(12)))\n"), "\(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: repository.harness.url("B").path))
        let offline = try repository.generate("C", templates: repository.url, ["--offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(try repository.record("C")["source"] as? [String: String] == source)
        #expect(repository.cached().count == 1, "the failed fetch left the clone in place")
    }

    @Test func aTagPinsTheCommit() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let run = try repository.generate("A", templates: repository.url + "#v1")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try repository.record("A")["source"] as? [String: String] == ["kind": "git", "url": repository.url + "#v1", "ref": "v1", "commit": repository.tagged])
        #expect(!FileManager.default.fileExists(atPath: repository.harness.url("A/NOTES.md").path), "the tagged tree, before the second commit")
        let list = try repository.harness.run(["list", "--names", "--templates", repository.url + "#v1"], environment: repository.environment)
        #expect(list.stdout == "basic\n", "\(list.stderr)")
    }

    @Test("refusals: exit 66, nothing created, nothing left in the cache", arguments: [
        ("#no-such-ref", [String](), [String: String](), "could not clone 'URL#no-such-ref': "),
        ("", ["--offline"], [:], "'URL' is not in the cache and --offline forbids cloning it; run once without --offline"),
        ("", [], ["PATH": "/nonexistent"], "recipes from git need the 'git' program, which is not on PATH; install git and run again"),
    ])
    func refusesBeforeCreatingAnything(suffix: String, options: [String], environment: [String: String], message: String) throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let run = try repository.generate("A", templates: repository.url + suffix, options, environment: environment)
        #expect(run.status == 66)
        #expect(run.stderr.hasPrefix("error: " + message.replacingOccurrences(of: "URL", with: repository.url)), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: repository.harness.url("A").path))
        #expect(repository.cached().isEmpty, "\(repository.cached())")
    }

    @Test func badURLsAreRefused() throws {
        #expect(throws: GitTemplatesError.self) { try GitTemplates("git+ftp://example.com/r.git") }
        #expect(throws: GitTemplatesError.self) { try GitTemplates("git+https://") }
        #expect(throws: GitTemplatesError.self) { try GitTemplates("git+https://example.com/r.git#") }
        #expect(throws: GitTemplatesError.self) { try GitTemplates("git+https://example.com/r.git#--upload-pack=x") }
        let parsed = try GitTemplates("git+ssh://git@example.com/team/recipes.git#v2")
        #expect(parsed.url == "ssh://git@example.com/team/recipes.git")
        #expect(parsed.ref == "v2")
        #expect(try GitTemplates("git+https://example.com/r.git").cacheName != GitTemplates("git+https://example.com/r.git#v1").cacheName)

        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["example-hello", "Hello", "com.example.hello", "Hello", "--templates", "git+ftp://example.com/r.git"])
        #expect(run.status == 66)
        #expect(run.stderr == "error: 'git+ftp://example.com/r.git' is not a git URL duo-new can use: it must start with 'git+https://', 'git+ssh://', 'git+file://'; write it as 'git+https://host/repo.git#tag'\n")
        #expect(harness.tree().isEmpty)
    }
}
