import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// A branch fetched again while another run reads its clone: the reader keeps the tree it
/// started with, whole, and the clone it no longer needs goes once no run holds it. Each run is
/// a `GitCacheRun` of its own, as each duo-new process is; the order is the test's.
@Suite struct GitCloneRefreshTests {
    private static func git(_ arguments: [String], in folder: URL) throws -> String {
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: folder
        )
        try required(run.status == 0, "git \(arguments): \(run.transcript)")
        return run.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Commits `files` (path to text) as the whole tree of the work repository.
    private static func commit(_ files: [String: String], in work: URL, message: String) throws {
        _ = try git(["rm", "-r", "--quiet", "--ignore-unmatch", "."], in: work)
        for (path, text) in files {
            let url = work.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        _ = try git(["add", "."], in: work)
        _ = try git(["commit", "--quiet", "-m", message], in: work)
    }

    /// Every file below `folder` but git's own, by path, with its text.
    private static func tree(_ folder: String) -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            if path == ".git" { enumerator?.skipDescendants(); continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = (try? String(contentsOfFile: folder + "/" + path, encoding: .utf8)) ?? "<unreadable>"
        }
        return files
    }

    @Test func aReaderKeepsItsWholeTreeWhileTheBranchIsFetchedAgainAndItGoesWhenNoRunHoldsIt() throws {
        let scratch = try TestScratch.makeFolder("git-refresh")
        let work = scratch.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        _ = try Self.git(["init", "--quiet", "--initial-branch=main"], in: work)
        let first = Dictionary(uniqueKeysWithValues: (0..<24).map { ("basic/template/File\($0).swift", "first \($0)\n") })
        try Self.commit(first, in: work, message: "first")
        let environment = ["XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let source = try GitTemplates("git+file://\(work.path)#main")

        var reader: GitCacheRun? = GitCacheRun()
        let read = try source.checkout(environment: environment, offline: false, interruption: nil, run: try #require(reader))
        let paths = Self.tree(read.folder).keys.sorted()
        #expect(paths.count == first.count)
        var seen: [String: String] = [:]
        for path in paths.prefix(paths.count / 2) {
            seen[path] = try String(contentsOfFile: read.folder + "/" + path, encoding: .utf8)
        }

        // Halfway through the reading, another run fetches the moved branch.
        var second = Dictionary(uniqueKeysWithValues: (0..<12).map { ("basic/template/File\($0).swift", "second \($0)\n") })
        second["basic/template/New.swift"] = "new\n"
        try Self.commit(second, in: work, message: "second")
        var refresher: GitCacheRun? = GitCacheRun()
        let fresh = try source.checkout(environment: environment, offline: false, interruption: nil, run: try #require(refresher))
        #expect(fresh.commit == (try Self.git(["rev-parse", "HEAD"], in: work)))
        #expect(Self.tree(fresh.folder) == second)

        for path in paths.dropFirst(paths.count / 2) {
            seen[path] = try? String(contentsOfFile: read.folder + "/" + path, encoding: .utf8)
        }
        #expect(seen == first, "the reader's clone changed under it")
        #expect(Self.tree(read.folder) == first, "the reader's clone is whole")

        // The reader's run ends: the next refresh removes its clone, and keeps the one the
        // refreshing run still holds.
        reader = nil
        let third = try source.checkout(environment: environment, offline: false, interruption: nil, run: GitCacheRun())
        #expect(!FileManager.default.fileExists(atPath: read.folder), "a clone no run holds is removed")
        #expect(Self.tree(fresh.folder) == second, "a clone a run holds is kept")
        #expect(Self.tree(third.folder) == second)
        // Offline, a run reads the clone `current` names, by the clone's own path.
        let offline = try source.checkout(environment: environment, offline: true, interruption: nil, run: GitCacheRun())
        #expect(offline.folder == third.folder, "offline, the current clone is read")
        refresher = nil
        _ = try source.checkout(environment: environment, offline: false, interruption: nil, run: GitCacheRun())
        #expect(!FileManager.default.fileExists(atPath: fresh.folder))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("cache/duo-new/git").path) == [source.cacheName], "one folder per repository")
    }
}
