#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Temporary folders: a killed run's is recognised and removed by the next run into the same
/// place; a failing run removes its own even when the template made some folders read-only.
@Suite("Fault: temporary folders", .serialized)
struct FaultTemporaryFolderTests {
    /// Starts a large generation into `destination`, waits until its temporary folder exists
    /// in `watched`, and kills it with SIGKILL, which no program can catch.
    static func killWhileWriting(_ harness: EndToEndHarness, templates: URL, destination: String, watched: String) throws -> String {
        let process = try harness.launch(["fault-large", "Sitter", "com.example.sitter", destination, "--templates", templates.path, "--no-test"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        var temporary: String?
        while Date() < deadline, process.isRunning, temporary == nil {
            temporary = harness.tree(watched).first { $0.contains("duo-new-\(process.processIdentifier)-") && !$0.contains("/") }
            if temporary == nil { usleep(200) }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return try #require(temporary, "the run ended before its temporary folder could be seen")
    }

    @Test("the next run removes the temporary folder a SIGKILL left, beside or inside the destination", arguments: [false, true])
    func nextRunRemovesAKilledRunsTemporaryFolder(_ intoEmptyFolder: Bool) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try FaultSignalTests.makeLargeRecipe(in: harness.folder)
        try FileManager.default.createDirectory(at: harness.url(intoEmptyFolder ? "output/Sitter" : "output"), withIntermediateDirectories: true)
        let watched = intoEmptyFolder ? "output/Sitter" : "output"
        let left = try Self.killWhileWriting(harness, templates: templates, destination: "output/Sitter", watched: watched)
        #expect(left.hasPrefix(intoEmptyFolder ? ".duo-new-" : ".Sitter.duo-new-"), "\(left)")
        #expect(FileManager.default.fileExists(atPath: harness.url(watched + "/" + left).path))

        let dry = try harness.run(["fault-large", "Sitter", "com.example.sitter", "output/Sitter", "--templates", templates.path, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("would remove '") && dry.stdout.contains(left), "\(dry.stdout)")
        #expect(FileManager.default.fileExists(atPath: harness.url(watched + "/" + left).path), "a dry run removes nothing")

        let run = try harness.run(["fault-large", "Sitter", "com.example.sitter", "output/Sitter", "--templates", templates.path, "--no-test"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("removing '"), "\(run.stdout)")
        #expect(!harness.tree("output").contains { $0.contains(".duo-new-") }, "\(harness.tree("output").prefix(5))")
        #expect(FileManager.default.fileExists(atPath: harness.url("output/Sitter/.duo-new.json").path))
    }

    /// A run killed beside a project it was replacing leaves its temporary folder there; the
    /// next `--replace` into that project removes it, as a run into a missing folder does.
    @Test func aReplaceRemovesAKilledRunsTemporaryFolderBesideTheProject() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("output"), withIntermediateDirectories: true)
        let arguments = ["example-hello", "Sitter", "com.example.sitter", "output/Sitter", "--no-test"]
        #expect(try harness.run(arguments).status == 0)
        // What a killed run leaves: its folder, named with the id of a process that is gone.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let left = ".Sitter.duo-new-\(gone.processIdentifier)-AbCdEf"
        try FileManager.default.createDirectory(at: harness.url("output/" + left + "/Sources"), withIntermediateDirectories: true)
        let run = try harness.run(arguments + ["--replace"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("removing '") && run.stdout.contains(left), "\(run.stdout)")
        #expect(!harness.tree("output").contains { $0.hasPrefix(".Sitter.duo-new-") }, "\(harness.tree("output").prefix(5))")
    }

    @Test func aTemporaryFolderOfALiveProcessIsNamedNotRemoved() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try FaultPathTests.recipe(in: harness)
        // Process 1 never goes away: its folder is not stale, and the user is told what to delete.
        let foreign = harness.url("output/.duo-new-1-AbCdEf")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        let run = try harness.generate("tree-test", "Sitter", "com.example.sitter", "output", ["--templates", templates.path, "--no-test"])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("it holds only '.duo-new-1-AbCdEf', a temporary folder an interrupted duo-new left"), "\(run.stderr)")
        #expect(run.stderr.contains("rm -rf "), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: foreign.path))
    }

    /// As an ordinary user a 0555 folder cannot be emptied without being opened up first.
    /// Root ignores modes, so as root the run is made as `nobody` through setpriv(1), from a copy
    /// of the binary in a folder `nobody` can reach (the checkout may be under a 0700 home).
    @Test(.enabled(if: OtherUserStage.available, "needs an ordinary user, or root with setpriv(1) and a temporary folder anyone may enter"))
    func aFailureAfterReadOnlyFoldersAreClosedLeavesNothing() throws {
        let stage = try OtherUserStage()
        let harness = try EndToEndHarness(in: stage.folder)
        defer { stage.cleanUp() }
        let templates = try FaultSignalTests.makeLargeRecipe(in: harness.folder)
        let tree = templates.appendingPathComponent("fault-large/template")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("Locked/Inner"), withIntermediateDirectories: true)
        try Data("__APP_NAME__\n".utf8).write(to: tree.appendingPathComponent("Locked/Inner/a.txt"))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: tree.appendingPathComponent("Locked/Inner").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: tree.appendingPathComponent("Locked").path)
        try FileManager.default.createDirectory(at: harness.url("output"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: harness.url("output").path)
        try stage.share(templates)
        let command = OtherUserStage.switchUser + [stage.binary.path, "fault-large", "Sitter", "com.example.sitter", "output/Sitter", "--templates", templates.path, "--no-test"]
        let process = try harness.launch(Array(command.dropFirst()), environment: stage.environment, executable: URL(fileURLWithPath: command[0]))
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        let stderr = EndToEndHarness.PipeReader(err.fileHandleForReading)
        try process.run()
        // The destination appears while the project is written: the final move fails, after
        // the folder modes were applied, and the whole temporary tree must still go.
        let deadline = Date().addingTimeInterval(30)
        var seen = false
        while Date() < deadline, process.isRunning, !seen {
            seen = harness.tree("output").contains { $0.hasPrefix(".Sitter.duo-new-") }
            if !seen { usleep(200) }
        }
        try Data("mine\n".utf8).write(to: harness.url("output/Sitter"))
        process.waitUntilExit()
        let message = String(decoding: stderr.wait(), as: UTF8.self)
        try #require(seen, "generation ended before the destination could appear: \(message)")
        #expect(process.terminationStatus == 73, "\(message)")
        #expect(harness.tree("output") == ["Sitter"], "\(harness.tree("output").prefix(5))")
    }
}
