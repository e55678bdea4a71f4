@testable import DuoNewKit
import Foundation
import Testing
import TestSupport

/// `update` asks git whether a project has uncommitted changes; nothing the project's git config
/// names may run, directly or through `include.path` and `includeIf` (issue 42, finding 6).
@Suite struct ProjectGitStatusTests {
    /// A committed repository `p` in a fresh folder, a script that leaves `ran` when anything
    /// runs it, and the folder.
    private static func repository() throws -> (folder: URL, project: URL, script: String) {
        let folder = try TestScratch.makeFolder("git-status")
        let project = folder.appendingPathComponent("p")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: project.appendingPathComponent("README.md"))
        let script = folder.appendingPathComponent("planted.sh")
        try Data("#!/bin/sh\ntouch '\(folder.appendingPathComponent("ran").path)'\ncat\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try git(project, ["init", "--quiet"])
        try git(project, ["add", "-A"])
        try git(project, ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "generated"])
        return (folder, project, script.path)
    }

    private static func git(_ folder: URL, _ arguments: [String]) throws {
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder)
        try #require(run.status == 0, "\(run.transcript)")
    }

    /// Every tracked file's stat data changes and `.gitattributes` names the filter, so a status
    /// that read the filter would run it.
    private static func touchEverything(_ project: URL) throws {
        try Data("* filter=planted\n".utf8).write(to: project.appendingPathComponent(".gitattributes"))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: project.appendingPathComponent("README.md").path)
    }

    private static func ran(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("ran").path)
    }

    private static let environment = ProcessInfo.processInfo.environment

    @Test func aFilterInTheProjectsOwnConfigIsNotRun() throws {
        let (folder, project, script) = try Self.repository()
        try Self.git(project, ["config", "filter.planted.clean", script])
        try Self.touchEverything(project)
        #expect(ProjectGitStatus.of(project.path, environment: Self.environment) == .notAsked(setting: "filter.planted.clean"))
        #expect(!Self.ran(folder))
    }

    @Test(arguments: ["include.path", "includeIf.gitdir:/.path", "includeIf.onbranch:**.path"])
    func aFilterTheProjectsConfigIncludesIsNotRun(_ include: String) throws {
        let (folder, project, script) = try Self.repository()
        let included = folder.appendingPathComponent("included.config")
        try Data("[filter \"planted\"]\n\tclean = \(script)\n".utf8).write(to: included)
        try Self.git(project, ["config", include, included.path])
        try Self.touchEverything(project)
        #expect(ProjectGitStatus.of(project.path, environment: Self.environment) == .notAsked(setting: "filter.planted.clean"))
        #expect(!Self.ran(folder), "the filter an '\(include)' names ran")
    }

    /// `core.fsmonitor`, a pager, and hooks (`post-index-change` runs when status rewrites the
    /// index) in the project's config or one it includes: status is asked, and none of them runs.
    @Test(arguments: [false, true])
    func fsmonitorPagerAndHooksFromTheProjectAreNotRun(_ throughInclude: Bool) throws {
        let (folder, project, script) = try Self.repository()
        let hooks = folder.appendingPathComponent("hooks")
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: script, toPath: hooks.appendingPathComponent("post-index-change").path)
        try FileManager.default.copyItem(atPath: script, toPath: project.appendingPathComponent(".git/hooks/post-index-change").path)
        let settings = ["core.fsmonitor": script, "core.pager": script, "pager.status": script, "core.hooksPath": hooks.path]
        if throughInclude {
            let included = folder.appendingPathComponent("included.config")
            let text = "[core]\n\tfsmonitor = \(script)\n\tpager = \(script)\n\thooksPath = \(hooks.path)\n[pager]\n\tstatus = \(script)\n"
            try Data(text.utf8).write(to: included)
            try Self.git(project, ["config", "include.path", included.path])
        } else {
            for (key, value) in settings { try Self.git(project, ["config", key, value]) }
        }
        try Data("changed\n".utf8).write(to: project.appendingPathComponent("README.md"))
        #expect(ProjectGitStatus.of(project.path, environment: Self.environment) == .uncommittedChanges)
        #expect(!Self.ran(folder))
    }

    @Test func aCleanProjectAndAFolderWithoutARepositoryAreToldApart() throws {
        let (_, project, _) = try Self.repository()
        #expect(ProjectGitStatus.of(project.path, environment: Self.environment) == .clean)
        let bare = try TestScratch.makeFolder("no-git")
        var environment = Self.environment
        environment["GIT_CEILING_DIRECTORIES"] = bare.deletingLastPathComponent().path
        #expect(ProjectGitStatus.of(bare.path, environment: environment) == .unknown)
    }

    @Test func onlyTheProjectsOwnScopesCount() {
        let listing = "global\0filter.lfs.clean\ngit-lfs clean -- %f\0local\0core.bare\nfalse\0"
        #expect(ProjectGitStatus.commandSetting(in: listing) == nil)
        #expect(ProjectGitStatus.commandSetting(in: listing + "local\0Filter.X.Smudge\nrun\0") == "filter.x.smudge")
        #expect(ProjectGitStatus.commandSetting(in: "worktree\0filter.y.process\nrun\0") == "filter.y.process")
    }
}
