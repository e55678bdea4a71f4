@testable import DuoNewCore
@testable import DuoNewKit
import Foundation
import Testing
import TestSupport

/// One lock per project (issue 26, finding 3), with real processes and no test hook on the
/// lock: a second `update` or a `check` while the project is locked exits 75, names the process
/// holding the lock, and touches nothing; the first finishes as if alone.
@Suite("End to end: one lock per project", .serialized)
struct EndToEndUpdateLockTests {
    private static let files = (0..<30).reduce(into: ["README.md": "v1 __APP_NAME__\n"]) { files, index in
        files["Sources/file-\(index).swift"] = "// v1 \(index)\n"
    }

    private static func prepare(_ harness: EndToEndHarness) throws {
        try UpdateFixture.generate(harness, files: files)
        let second = files.mapValues { $0.replacingOccurrences(of: "v1", with: "v2") }
        try UpdateFixture.writeRecipe(harness, version: "2.0.0", files: second)
    }

    /// util-linux's `flock` holds the project folder's lock as another program would (`-o`: it
    /// holds it itself, and the `sleep` it runs does not inherit it).
    @Test func aLockHeldByAnotherProcessIsNamedAndNothingIsTouched() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Held until this test kills it, however slowly the machine runs the commands below; its
        // `sleep` is killed too, and writes nowhere, so no orphan keeps the test's output open.
        holder.arguments = ["flock", "-o", harness.url("p").path, "sleep", "120"]
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer { Self.stop(holder) }
        // Until `flock` holds it, the lock is free: wait for /proc/locks to list it (or two seconds).
        var waited = 0
        while waited < 100, !((try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? "").contains(" \(holder.processIdentifier) ") {
            usleep(20_000)
            waited += 1
        }
        let before = try UpdateFixture.snapshot(harness)
        for command in [["update", "p"], ["update", "p", "--dry-run"], ["check", "p"]] {
            let run = try harness.run(command + ["--templates", "T"])
            #expect(run.status == 75, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("is updating or checking 'p' (it holds the project's lock); nothing was changed"), "\(run.stderr)")
            #if os(Linux)
            #expect(run.stderr.contains("error: process \(holder.processIdentifier) is updating"), "the holder's id, from /proc/locks: \(run.stderr)")
            #endif
        }
        #expect(try UpdateFixture.snapshot(harness) == before)
        // Killed outright, as a power cut or `kill -9` would: the kernel lets the lock go.
        Self.stop(holder)
        #expect(try UpdateFixture.update(harness).status == 0, "the lock goes with its process")
    }

    /// Kills `holder` outright, and first the `sleep` it runs (its children, as Linux lists them).
    private static func stop(_ holder: Process) {
        guard holder.isRunning else { return }
        let id = holder.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(id)/task/\(id)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGKILL) }
        kill(id, SIGKILL)
        holder.waitUntilExit()
    }

    /// Two updates of one project at once: the first (slowed after each operation) finishes,
    /// the second is refused while it runs, and the project is exactly as after one update.
    @Test func twoUpdatesAtOnceLeaveTheProjectAsAfterOne() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.prepare(harness)
        try FileManager.default.copyItem(at: harness.url("p"), to: harness.url("alone"))
        let alone = try harness.run(["update", "alone", "--templates", "T"])
        try #require(alone.status == 0, "\(alone.stderr)")
        let after = try UpdateFixture.snapshot(harness, "alone")

        let first = try harness.launch(["update", "p", "--templates", "T"], environment: ["DUO_NEW_UPDATE_PAUSE_MS": "40"])
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        // Wait until the first is applying (its journal is there), then start the second.
        var waited = 0
        while waited < 1000, !UpdateFixture.exists(harness, "p/.duo-new-update/journal") {
            usleep(10_000)
            waited += 1
        }
        let second = try UpdateFixture.update(harness)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(second.status == 75, "\(second.stderr)")
        #expect(second.stderr.contains("is updating or checking 'p' (it holds the project's lock)"), "\(second.stderr)")
        #if os(Linux)
        #expect(second.stderr.contains("error: process \(first.processIdentifier) is updating"), "the holder's id: \(second.stderr)")
        #endif
        #expect(try UpdateFixture.snapshot(harness) == after)
    }

    /// The holder is read from `/proc/locks`: the `FLOCK` line for the folder's device and
    /// inode, not a waiter's (`->`) nor a POSIX lock's, nor another device's.
    @Test func theHolderIsReadFromTheKernelsLockTable() {
        let locks = """
        1: POSIX  ADVISORY  WRITE 22804 fe:00:16220187 1073741824 1073742335
        2: FLOCK  ADVISORY  WRITE 21319 08:01:16220187 0 EOF
        3: FLOCK  ADVISORY  WRITE 4242 fe:00:16220187 0 EOF
        3: -> FLOCK  ADVISORY  WRITE 5151 fe:00:16220187 0 EOF
        """
        #expect(ProjectLock.holder(device: 0xFE00, inode: 16_220_187, locks: locks) == 4242)
        #expect(ProjectLock.holder(device: 0x0801, inode: 16_220_187, locks: locks) == 21319)
        #expect(ProjectLock.holder(device: 0xFE00, inode: 1, locks: locks) == nil)
        #expect(ProjectLock.holder(device: 0xFE00, inode: 16_220_187, locks: nil) == nil)
    }
}
