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
}
