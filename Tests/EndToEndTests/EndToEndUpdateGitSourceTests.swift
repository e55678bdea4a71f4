@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// A project from a git repository of recipes (a local one, `git+file://`, made by each test):
/// a branch is fetched again when `update` runs, so a new commit is seen; a tag and a full
/// commit id are used as they are; the commit used is recorded; and the base of a line merge is
/// made again from the recorded commit when the user's cache has lost it.
@Suite struct EndToEndUpdateGitSourceTests {
    private struct Repository {
        let harness: EndToEndHarness
        var url: String { "git+file://\(harness.url("bare.git").path)" }
        var work: URL { harness.url("work") }
        var environment: [String: String] { ["XDG_CACHE_HOME": harness.url("cache").path, "HOME": harness.url("home").path] }

        /// `bare.git` holding the recipe `fix` at 1.0.0 on `main`, tagged `v1`.
        init() throws {
            harness = try EndToEndHarness()
            try FileManager.default.createDirectory(at: harness.url("work"), withIntermediateDirectories: true)
            try git(["init", "--quiet", "--initial-branch=main"])
            try commit(version: "1.0.0", readme: "one\ntwo\nthree\nfour\nfive\n")
            try git(["tag", "v1"])
            try git(["clone", "--quiet", "--bare", work.path, harness.url("bare.git").path], in: harness.folder)
        }

        @discardableResult
        func git(_ arguments: [String], in folder: URL? = nil) throws -> String {
            let run = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: folder ?? work
            )
            try required(run.status == 0, "git \(arguments): \(run.transcript)")
            return run.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Commits the recipe at `version` with `readme`; returns the commit.
        @discardableResult
        func commit(version: String, readme: String, secret: Bool = false) throws -> String {
            let recipe = work.appendingPathComponent("fix")
            try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
            try Data(readme.utf8).write(to: recipe.appendingPathComponent("template/README.md"))
            var manifest = TestManifest.header(name: "fix", summary: "A recipe in git.", version: version) + "\n"
            if secret {
                manifest += "  API_KEY: {from: set, secret: true}\n"
                try Data("key = __API_KEY__\n".utf8).write(to: recipe.appendingPathComponent("template/Secrets.txt"))
            }
            try Data(manifest.utf8).write(to: recipe.appendingPathComponent("template.yaml"))
            try git(["add", "."])
            try git(["commit", "--quiet", "-m", version])
            return try git(["rev-parse", "HEAD"])
        }

        func push() throws {
            try git(["push", "--quiet", harness.url("bare.git").path, "main"])
        }

        func run(_ arguments: [String]) throws -> EndToEndHarness.Run {
            try harness.run(arguments, environment: environment)
        }

        func generate(_ folder: String, ref: String) throws {
            let run = try self.run(["fix", "Sitter", "com.example.sitter", folder, "--templates", url + ref, "--no-test"])
            try required(run.status == 0, "\(run.stderr)")
        }

        func source(_ folder: String) throws -> [String: String] {
            let record = try JSONSerialization.jsonObject(with: Data(contentsOf: harness.url("\(folder)/.duo-new.json"))) as? [String: Any]
            return try required(record?["source"] as? [String: String], "no source in \(folder)")
        }
    }

    @Test func aBranchWithANewCommitIsSeenByUpdate() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let first = try repository.git(["rev-parse", "HEAD"])
        try repository.generate("p", ref: "#main")
        #expect(try repository.source("p") == ["kind": "git", "url": repository.url + "#main", "ref": "main", "commit": first])

        let second = try repository.commit(version: "1.1.0", readme: "one\ntwo\nthree\nfour\nfive\nsix\n")
        try repository.push()
        let offline = try repository.run(["update", "p", "--offline", "--dry-run"])
        #expect(offline.stdout.hasPrefix("Updating p from fix 1.0.0 to fix 1.0.0 (the same version)\n"), "--offline fetches nothing: \(offline.stdout)")
        let updated = try repository.run(["update", "p"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.hasPrefix("Updating p from fix 1.0.0 to fix 1.1.0 (a newer version)\n"), "\(updated.stdout)")
        #expect(try repository.harness.text("p/README.md").hasSuffix("six\n"))
        #expect(try repository.source("p")["commit"] == second, "the commit used is recorded")
    }

    @Test func aTagAndACommitIdAreUsedAsTheyAre() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let tagged = try repository.git(["rev-parse", "HEAD"])
        try repository.generate("tag", ref: "#v1")
        try repository.generate("commit", ref: "#" + tagged)
        #expect(try repository.source("tag") == ["kind": "git", "url": repository.url + "#v1", "ref": "v1", "commit": tagged])
        #expect(try repository.source("commit") == ["kind": "git", "url": repository.url + "#" + tagged, "ref": tagged, "commit": tagged])

        try repository.commit(version: "1.1.0", readme: "changed\n")
        try repository.push()
        for folder in ["tag", "commit"] {
            let run = try repository.run(["update", folder])
            #expect(run.status == 0, "\(folder): \(run.stderr)")
            #expect(run.stdout.hasPrefix("Updating \(folder) from fix 1.0.0 to fix 1.0.0 (the same version)\n"), "\(folder): \(run.stdout)")
            #expect(try repository.source(folder)["commit"] == tagged)
        }
    }

    @Test func aRepositoryThatIsGoneIsNamedWithTheWayToPointAtACopy() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        let first = try repository.git(["rev-parse", "HEAD"])
        try repository.generate("p", ref: "#v1")
        try FileManager.default.moveItem(at: repository.harness.url("bare.git"), to: repository.harness.url("moved.git"))
        try FileManager.default.removeItem(at: repository.harness.url("cache/duo-new/git"))
        let before = try UpdateFixture.snapshot(repository.harness)
        for command in ["check", "update"] {
            let run = try repository.run([command, "p"])
            #expect(run.status == 66, "\(command): \(run.stderr)")
            #expect(run.stderr.hasPrefix("error: could not clone '\(repository.url)#v1': "), "\(command): \(run.stderr)")
            #expect(run.stderr.hasSuffix("; the project's recipe 'fix' came from '\(repository.url)#v1' at commit \(first.prefix(12)); point at a copy of it with '--templates DIR' (or DUO_NEW_TEMPLATES)\n"), "\(command): \(run.stderr)")
        }
        #expect(try UpdateFixture.snapshot(repository.harness) == before)
    }

    @Test func theBaseIsMadeAgainFromTheRecordedCommitWhenTheCacheLostIt() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        try repository.generate("p", ref: "")
        try Data("one, mine\ntwo\nthree\nfour\nfive\n".utf8).write(to: repository.harness.url("p/README.md"))
        try repository.commit(version: "1.1.0", readme: "one\ntwo\nthree\nfour\nfive, the recipe's\n")
        try repository.push()
        try FileManager.default.removeItem(at: repository.harness.url("cache/duo-new/bases"))

        let updated = try repository.run(["update", "p"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.contains("  merge         README.md  (your edits and the recipe's, on different lines)"), "\(updated.stdout)")
        #expect(try repository.harness.text("p/README.md") == "one, mine\ntwo\nthree\nfour\nfive, the recipe's\n")
    }

    /// A recipe with a secret is generated again with the secret given this run, so the files
    /// without it get their bases back (the one holding it is left out of the cache).
    @Test func theBasesOfARecipeWithASecretAreMadeAgainWithTheSecretGiven() throws {
        let repository = try Repository()
        defer { repository.harness.cleanUp() }
        try repository.commit(version: "1.0.1", readme: "one\ntwo\nthree\nfour\nfive\n", secret: true)
        try repository.push()
        let made = try repository.run(["fix", "Sitter", "com.example.sitter", "p", "--templates", repository.url, "--no-test", "--set", "api-key=k3y-v4lue"])
        try #require(made.status == 0, "\(made.stderr)")
        try Data("one, mine\ntwo\nthree\nfour\nfive\n".utf8).write(to: repository.harness.url("p/README.md"))
        try repository.commit(version: "1.1.0", readme: "one\ntwo\nthree\nfour\nfive, the recipe's\n", secret: true)
        try repository.push()
        try FileManager.default.removeItem(at: repository.harness.url("cache/duo-new/bases"))

        let updated = try repository.run(["update", "p", "--set", "api-key=k3y-v4lue"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(try repository.harness.text("p/README.md") == "one, mine\ntwo\nthree\nfour\nfive, the recipe's\n")
        let packs = try FileManager.default.subpathsOfDirectory(atPath: repository.harness.url("cache/duo-new/bases").path)
        for pack in packs where pack.hasSuffix(".pack") {
            let bytes = try Data(contentsOf: repository.harness.url("cache/duo-new/bases/\(pack)"))
            #expect(bytes.range(of: Data("k3y-v4lue".utf8)) == nil, "\(pack) holds the secret")
        }
    }
}
