import Foundation
import Testing
import TestSupport

/// Writes that fail midway: exit 74, a message naming the cause, nothing left behind.
@Suite("Fault: writes failing midway", .serialized)
struct FaultWriteTests {
    /// Only root may mount a small file system, and only Linux has tmpfs: there (as in CI) the
    /// tests that need one run, and fail if mount(8) is missing or refused, rather than skip.
    static let mountsAsRoot: Bool = {
        #if os(Linux)
        return getuid() == 0
        #else
        return false
        #endif
    }()

    static let mountAdvice = "mount(8) could not mount a tmpfs; install util-linux's mount (Debian: mount), or run where root may mount"

    static func recipe(in harness: EndToEndHarness) throws -> URL {
        try EndToEndBrokenTreeTests.makeRecipe(in: harness.folder, files: [
            "A/small.txt": Data("__APP_NAME__\n".utf8),
            "B/large.txt": Data(repeating: UInt8(ascii: "x"), count: 2 << 20),
            "C/later.txt": Data("__APP_NAME__\n".utf8),
        ]).templates
    }

    /// A shell's `ulimit -f` with SIGXFSZ left at its default, which kills the process: duo-new
    /// must ignore it while writing so the write fails instead, and clean up.
    @Test func fileSizeLimitWithDefaultSignalExits74AndLeavesNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.recipe(in: harness)
        let binary = try #require(EndToEndHarness.binary)
        // The test runner may ignore SIGXFSZ, and a shell cannot reset a signal ignored on entry:
        // env(1) puts the default back for duo-new itself.
        let script = "ulimit -f 256; exec env --default-signal=XFSZ \"$0\" tree-test Sitter com.example.sitter out/Sitter --templates \"$1\""
        let run = try harness.run(["-c", script, binary.path, templates.path], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("could not write 'B/large.txt': File too large; nothing was left behind"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path), "\(harness.tree())")
    }

    @Test(.enabled(if: mountsAsRoot, "only root on Linux can mount a small file system"))
    func fullFileSystemExits74AndLeavesNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.recipe(in: harness)
        let disk = harness.url("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(FaultMount.mount(["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.path]), "\(Self.mountAdvice)")
        defer { FaultMount.unmount(disk.path) }
        let run = try harness.run(["tree-test", "Sitter", "com.example.sitter", "disk/projects/Sitter", "--templates", templates.path])
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("No space left on device; nothing was left behind"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty, "even the created parent is removed")
    }

    /// `cp` takes the umask away from the source's modes; so does duo-new, and an executable
    /// script stays executable for its owner.
    @Test("the umask is honoured and executable bits are kept", arguments: [("077", 0o600, 0o700, 0o700), ("022", 0o644, 0o755, 0o755), ("027", 0o640, 0o750, 0o750)])
    func honoursTheUmask(_ mask: String, file: Int, script: Int, folder: Int) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = try EndToEndBrokenTreeTests.makeRecipe(in: harness.folder, files: [
            "Sources/main.txt": Data("__APP_NAME__\n".utf8),
            "Tools/run.sh": Data("#!/bin/sh\necho __APP_NAME__\n".utf8),
        ])
        // The recipe's own modes are set here, whatever the umask the tests run under made them.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: recipe.tree.appendingPathComponent("Sources/main.txt").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recipe.tree.appendingPathComponent("Tools/run.sh").path)
        for folder in ["", "Sources", "Tools"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recipe.tree.appendingPathComponent(folder).path)
        }
        let binary = try #require(EndToEndHarness.binary)
        let run = try harness.run(
            ["-c", "umask \(mask) && exec \"$@\"", "sh", binary.path, "tree-test", "Sitter", "com.example.sitter", "out/Sitter", "--templates", recipe.templates.path, "--no-test"],
            executable: URL(fileURLWithPath: "/bin/sh")
        )
        try #require(run.status == 0, "\(run.stderr)")
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: harness.url("out/Sitter/" + path).path)[.posixPermissions] as? Int)
        }
        #expect(try mode("Sources/main.txt") == file)
        #expect(try mode(".duo-new.json") == file)
        #expect(try mode("Tools/run.sh") == script)
        #expect(try mode("Tools") == folder)
        #expect(try mode("") == folder)
    }
}
