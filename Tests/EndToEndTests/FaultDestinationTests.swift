import Foundation
import Testing
import TestSupport

/// Destinations that are or become unusable: refused with 73 before anything is written, or at
/// the final move without clobbering what appeared; links are followed as documented.
@Suite("Fault: unusable destinations", .serialized)
struct FaultDestinationTests {
    static func smallRecipe(in harness: EndToEndHarness) throws -> URL {
        try EndToEndBrokenTreeTests.makeRecipe(in: harness.folder, files: ["README.md": Data("# __APP_NAME__\n".utf8)]).templates
    }

    // MARK: - Read-only parent

    /// Root ignores permission bits, so as root (on Linux, as in CI) the parent is made read-only
    /// by mounting a read-only file system on it, and by permissions otherwise.
    @Test(.enabled(if: FaultWriteTests.mountsAsRoot || getuid() != 0, "root on a system without tmpfs cannot make a folder read-only"))
    func readOnlyParentIsRefusedWith73BeforeWriting() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.smallRecipe(in: harness)
        let parent = harness.url("locked")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let mounted = FaultWriteTests.mountsAsRoot && FaultMount.mount(["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", parent.path])
        defer { if mounted { FaultMount.unmount(parent.path) } }
        try #require(mounted || !FaultWriteTests.mountsAsRoot, "\(FaultWriteTests.mountAdvice)")
        if !mounted {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: parent.path)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent.path) }

        for destination in ["locked/Sitter", "locked/deeper/Sitter"] {
            let run = try harness.run(["tree-test", "Sitter", "com.example.sitter", destination, "--templates", templates.path])
            #expect(run.status == 73, "\(destination): \(run.stderr)")
            #expect(run.stderr.contains("is not writable"), "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
        }
    }

    // MARK: - A destination that appears while writing

    enum Intruder: String, CaseIterable {
        case nonEmptyFolder, file, emptyFolder
    }

    @Test("a destination that appears while writing is refused with 73 and left untouched", arguments: Intruder.allCases)
    func destinationAppearingBeforeTheMove(_ intruder: Intruder) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try FaultSignalTests.makeLargeRecipe(in: harness.folder)
        try FileManager.default.createDirectory(at: harness.url("output"), withIntermediateDirectories: true)
        let process = try harness.launch(["fault-large", "Sitter", "com.example.sitter", "output/Sitter", "--templates", templates.path])
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        let stderr = EndToEndHarness.PipeReader(err.fileHandleForReading)
        try process.run()

        // Once the temporary folder exists the destination has been checked: now make it appear.
        let deadline = Date().addingTimeInterval(30)
        var writing = false
        while Date() < deadline, process.isRunning {
            if harness.tree("output").contains(where: { $0.hasPrefix(".Sitter.duo-new-") }) {
                writing = true
                break
            }
            usleep(500)
        }
        let destination = harness.url("output/Sitter")
        switch intruder {
        case .nonEmptyFolder:
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
            try Data("mine\n".utf8).write(to: destination.appendingPathComponent("keep.txt"))
        case .file:
            try Data("mine\n".utf8).write(to: destination)
        case .emptyFolder:
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        }
        process.waitUntilExit()
        let message = String(decoding: stderr.wait(), as: UTF8.self)
        try #require(writing, "generation ended before the destination could appear")

        #expect(process.terminationStatus == 73, "\(message)")
        #expect(message.contains("appeared there while the project was being written"), "\(message)")
        // Counted, not listed: a clobbered destination holds the whole project.
        let left = harness.tree("output")
        let expected = intruder == .nonEmptyFolder ? ["Sitter", "Sitter/keep.txt"] : ["Sitter"]
        #expect(left.count == expected.count && left.starts(with: expected), "\(left.count) entries, first \(left.prefix(3))")
        switch intruder {
        case .nonEmptyFolder: #expect(try harness.text("output/Sitter/keep.txt") == "mine\n")
        case .file: #expect(try harness.text("output/Sitter") == "mine\n")
        case .emptyFolder: break
        }
    }

    /// Into an existing empty folder the project's entries are moved one by one at the end; one
    /// that someone else created meanwhile is not replaced.
    @Test func entryAppearingInsideAnEmptyDestinationIsNotClobbered() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try FaultSignalTests.makeLargeRecipe(in: harness.folder)
        let destination = harness.url("Sitter")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let process = try harness.launch(["fault-large", "Sitter", "com.example.sitter", "Sitter", "--templates", templates.path])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        var writing = false
        while Date() < deadline, process.isRunning {
            if harness.tree("Sitter").contains(where: { $0.hasPrefix(".duo-new-") }) {
                writing = true
                break
            }
            usleep(500)
        }
        try Data("mine\n".utf8).write(to: destination.appendingPathComponent("run.sh"))
        process.waitUntilExit()
        try #require(writing, "generation ended before the entry could appear")
        #expect(process.terminationStatus == 73)
        let left = harness.tree("Sitter")
        #expect(left.count == 1 && left.first == "run.sh", "\(left.count) entries, first \(left.prefix(3))")
        #expect(try harness.text("Sitter/run.sh") == "mine\n")
    }

    // MARK: - Symbolic links as the destination

    @Test func linkToAnEmptyFolderIsUsedAsThatFolder() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.smallRecipe(in: harness)
        try FileManager.default.createDirectory(at: harness.url("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: harness.url("link").path, withDestinationPath: "real")
        let run = try harness.run(["tree-test", "Sitter", "com.example.sitter", "link", "--templates", templates.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try harness.text("real/README.md") == "# Sitter\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: harness.url("link").path) == "real", "the link stays a link")
    }

    @Test("a link to nothing, to a file or to a non-empty folder is refused with 73 and left as it was", arguments: ["nothing", "file", "full"])
    func unusableLinkIsRefused(_ target: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.smallRecipe(in: harness)
        switch target {
        case "file": try Data("mine\n".utf8).write(to: harness.url("file"))
        case "full":
            try FileManager.default.createDirectory(at: harness.url("full"), withIntermediateDirectories: true)
            try Data("mine\n".utf8).write(to: harness.url("full/keep.txt"))
        default: break
        }
        try FileManager.default.createSymbolicLink(atPath: harness.url("link").path, withDestinationPath: target)
        let before = harness.tree()
        let run = try harness.run(["tree-test", "Sitter", "com.example.sitter", "link", "--templates", templates.path])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(harness.tree() == before)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: harness.url("link").path) == target)
    }
}

/// `mount(8)` for the fault tests: read-only and tiny file systems, where the machine allows.
enum FaultMount {
    static func mount(_ arguments: [String]) -> Bool {
        run("/bin/mount", arguments) || run("/usr/bin/mount", arguments)
    }

    static func unmount(_ path: String) {
        _ = run("/bin/umount", [path]) || run("/usr/bin/umount", [path])
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
