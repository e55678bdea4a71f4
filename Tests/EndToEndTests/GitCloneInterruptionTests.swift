@testable import DuoNewCore
@testable import DuoNewKit
import Foundation
import Testing
import TestSupport

/// A clone of recipes from git stopped by a signal leaves no process and no folder; folders an
/// earlier, killed clone left are removed only when they are ours and their process is gone;
/// a failed clone says what git said was wrong (its `fatal:` line), escaped for the terminal.
@Suite("Git clone interruption")
struct GitCloneInterruptionTests {
    /// A folder with a stand-in `git` whose `clone` fills its target a little, starts a child
    /// (as git starts `git-remote-*` and `index-pack`), and waits; anything else goes to git.
    private static func slowGit(in harness: EndToEndHarness, marker: String) throws -> URL {
        let bin = harness.url("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let real = try #require(CameraStudioTemplate.tool("git"), "git is on PATH")
        let script = """
            #!/bin/sh
            if [ "$1" = clone ]; then
                for target; do :; done
                mkdir -p "$target/.git" && : >"$target/partial"
                sh -c 'sleep 60; :' \(marker)-child &
                sh -c 'sleep 60; :' \(marker)-other &
                wait
                exit 1
            fi
            exec '\(real)' "$@"

            """
        try script.write(to: bin.appendingPathComponent("git"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("git").path)
        return bin
    }

    @Test("a signal while git clones stops git and what it started, and leaves no folder", arguments: [
        (SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129)),
    ])
    func aSignalWhileCloningLeavesNothing(signal: Int32, expectedStatus: Int32) throws {
        try #require(ProcessTable.isAvailable)
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let marker = "duo-new-clone-\(UUID().uuidString.prefix(8))"
        let bin = try Self.slowGit(in: harness, marker: marker)
        let cache = harness.url("cache")
        let process = try harness.launch(
            ["basic", "Sitter", "com.example.sitter", "A", "--templates", "git+file:///nowhere/recipes.git", "--no-test"],
            environment: ["XDG_CACHE_HOME": cache.path, "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        )
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let stderr = EndToEndHarness.PipeReader(err.fileHandleForReading)
        #expect(ProcessTable.waitFor(marker: marker + "-child", seconds: 20) != nil, "the stand-in git started its child")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let message = String(decoding: stderr.wait(), as: UTF8.self)
        #expect(process.terminationStatus == expectedStatus, "\(message)")
        #expect(message.contains("interrupted while cloning recipes from git; nothing was kept in the cache"), "\(message)")
        let living = ProcessTable.living(withMarker: marker)
        #expect(living.isEmpty, "left running: \(living.map(\.commandLine))")
        for entry in living { kill(entry.pid, SIGKILL) }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("duo-new/git").path)) ?? []
        #expect(left.isEmpty, "left in the git cache: \(left)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("A").path))
    }

    /// Only folders shaped like a clone's temporary, ours, and whose process is gone, go.
    @Test func staleClonesOfKilledRunsAreRemovedAndLiveOnesKept() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let work = harness.url("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: EndToEndHarness.fixtureTemplates.appendingPathComponent("basic"), to: work.appendingPathComponent("basic"))
        for arguments in [["init", "--quiet"], ["add", "."], ["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "first"]] {
            let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: work)
            try #require(run.status == 0, "\(run.transcript)")
        }
        let spec = "git+file://\(work.path)"
        let name = try GitTemplates(spec).cacheName
        let root = harness.url("cache/duo-new/git")
        // A pid that cannot be running (above the kernel's limit), one that is (init), a
        // name that only looks similar, and a link.
        let stale = root.appendingPathComponent(".\(name).duo-new-99999999-abcdef")
        let live = root.appendingPathComponent(".\(name).duo-new-1-abcdef")
        let other = root.appendingPathComponent(".\(name).kept-99999999-abcdef")
        for folder in [stale, live, other] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        }
        let elsewhere = harness.url("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let link = root.appendingPathComponent(".\(name).duo-new-99999998-abcdef")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)

        let run = try harness.run(
            ["basic", "Sitter", "com.example.sitter", "A", "--templates", spec, "--no-test"],
            environment: ["XDG_CACHE_HOME": harness.url("cache").path]
        )
        #expect(run.status == 0, "\(run.stderr)")
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
        #expect(!names.contains(stale.lastPathComponent), "\(names)")
        #expect(names.isSuperset(of: [live.lastPathComponent, other.lastPathComponent, link.lastPathComponent, name]), "\(names)")
        #expect(FileManager.default.fileExists(atPath: elsewhere.path))
    }

    @Test func aFailedCloneShowsGitsFatalLine() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(
            ["basic", "Sitter", "com.example.sitter", "A", "--templates", "git+file:///nonexistent/recipes.git"],
            environment: ["XDG_CACHE_HOME": harness.url("cache").path]
        )
        #expect(run.status == 66)
        #expect(run.stderr.hasPrefix("error: could not clone 'git+file:///nonexistent/recipes.git': fatal: '/nonexistent/recipes.git' does not appear to be a git repository"), "\(run.stderr)")
    }

    @Test func gitsReasonIsItsFatalLineEscaped() {
        #expect(GitTemplates.reason(from: ["warning: x", "fatal: bad \u{1B}[31mred", "Please make sure"], status: 128) == "fatal: bad \\u{1B}[31mred")
        #expect(GitTemplates.reason(from: ["error: no such ref", "hint: try"], status: 1) == "error: no such ref")
        #expect(GitTemplates.reason(from: ["one", "two\u{7}", ""], status: 1) == "two\\u{7}")
        #expect(GitTemplates.reason(from: [], status: 128) == "git exited with status 128")
    }
}
