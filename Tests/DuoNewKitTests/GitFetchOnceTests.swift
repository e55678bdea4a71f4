#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// A branch from git is fetched again when a run uses it, but once a run: a second use in the
/// same process takes the clone the first fetched, even after the branch moved. A commit id is
/// cloned by itself.
@Suite struct GitFetchOnceTests {
    private static func git(_ arguments: [String], in folder: URL) throws -> String {
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: folder
        )
        try required(run.status == 0, "git \(arguments): \(run.transcript)")
        return run.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aBranchIsFetchedOnceARunAndACommitIdIsClonedAsItIs() throws {
        let folder = try TestScratch.makeFolder("git-once")
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        _ = try Self.git(["init", "--quiet", "--initial-branch=main"], in: work)
        _ = try Self.git(["commit", "--quiet", "--allow-empty", "-m", "first"], in: work)
        let first = try Self.git(["rev-parse", "HEAD"], in: work)
        let environment = ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let branch = try GitTemplates("git+file://\(work.path)#main")
        #expect(try branch.checkout(environment: environment, offline: false).commit == first)

        _ = try Self.git(["commit", "--quiet", "--allow-empty", "-m", "second"], in: work)
        let second = try Self.git(["rev-parse", "HEAD"], in: work)
        #expect(try branch.checkout(environment: environment, offline: false).commit == first, "fetched once in this run")

        let pinned = try GitTemplates("git+file://\(work.path)#\(second)")
        #expect(pinned.refIsCommitID)
        #expect(try pinned.checkout(environment: environment, offline: false).commit == second)
        #expect(GitTemplates.cloneSteps(of: pinned, into: "/x").count == 3, "init, fetch of the commit, checkout")
        #expect(try !GitTemplates("git+file:///r#v1").refIsCommitID)
    }

    /// The git cache is the user's alone, as the bases' store is: a cache others may write is
    /// made private before a clone lands there, and a repository's folder that is a link (to a
    /// clone someone else placed) is refused, never read.
    @Test func aCacheOthersCouldWriteIsMadePrivateAndALinkedRepositoryFolderIsRefused() throws {
        let folder = try TestScratch.makeFolder("git-private")
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        _ = try Self.git(["init", "--quiet", "--initial-branch=main"], in: work)
        _ = try Self.git(["commit", "--quiet", "--allow-empty", "-m", "first"], in: work)
        let root = folder.appendingPathComponent("cache/duo-new/git")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        let environment = ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let source = try GitTemplates("git+file://\(work.path)#main")
        _ = try source.checkout(environment: environment, offline: false)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: root.path)[.posixPermissions] as? Int)
        #expect(mode == 0o700, "the cache is made private: \(String(mode, radix: 8))")

        let elsewhere = folder.appendingPathComponent("planted")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let named = root.appendingPathComponent(source.cacheName)
        try FileManager.default.removeItem(at: named)
        try FileManager.default.createSymbolicLink(at: named, withDestinationURL: elsewhere)
        #expect {
            _ = try source.checkout(environment: environment, offline: true)
        } throws: { error in
            guard case .cacheNotPrivate(let path) = error as? GitTemplatesError else { return false }
            return path == named.path
        }
    }

    /// A git that never finishes: it reads a FIFO nobody writes to.
    private static func stallingGit(in folder: URL) throws -> URL {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("never-written").path
        try required(mkfifo(fifo, 0o600) == 0, "mkfifo")
        let script = bin.appendingPathComponent("git")
        try Data("#!/bin/sh\nexec /bin/cat '\(fifo)'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return bin
    }

    @Test func aGitThatStallsIsStoppedAtTheTimeLimit() throws {
        let folder = try TestScratch.makeFolder("git-stall")
        let bin = try Self.stallingGit(in: folder)
        let environment = ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "PATH": bin.path, "DUO_NEW_GIT_TIMEOUT": "1"]
        let source = try GitTemplates("git+https://example.invalid/recipes.git")
        #expect {
            _ = try source.checkout(environment: environment, offline: false, interruption: nil)
        } throws: { error in
            guard case .cloneFailed(_, let reason) = error as? GitTemplatesError else { return false }
            return reason.contains("did not finish within 1 second") && reason.contains("DUO_NEW_GIT_TIMEOUT")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache/duo-new/git").path).isEmpty, "the unfinished clone removed")
    }

    @Test func theTimeLimitIsFiveMinutesUnlessSetToWholeSeconds() {
        #expect(GitTemplates.timeLimit(environment: [:]) == 300)
        #expect(GitTemplates.timeLimit(environment: ["DUO_NEW_GIT_TIMEOUT": "20"]) == 20)
        #expect(GitTemplates.timeLimit(environment: ["DUO_NEW_GIT_TIMEOUT": "0"]) == 300)
        #expect(GitTemplates.timeLimit(environment: ["DUO_NEW_GIT_TIMEOUT": "soon"]) == 300)
    }
}
