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

/// What an update does with its work folder, `.duo-new-update`, which lies inside the project
/// where anything may be planted: a journal's roll-back takes an entry out of the project only
/// when every byte of it is what was staged, nothing is written through a link placed there,
/// and a tree of any depth is removed without recursion. On disk, in a temporary folder.
@Suite struct WorkFolderSafetyTests {
    private static func project() throws -> String {
        try TestScratch.makeFolder("work-folder").path
    }

    private static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    // MARK: - Digests of what is there

    @Test func aPlantedJournalNeverTakesAFolderThatHoldsAnything() throws {
        let project = try Self.project()
        try Self.write("let mine = 1\n", project + "/MyCode/Mine.swift")
        // The one digest every folder with entries used to get, whatever it held.
        let constant = SHA256.hex(Array("folder with entries".utf8))
        try Self.write("place\t.duo-new-update/new/MyCode\tMyCode\t\(constant)\n", project + "/.duo-new-update/journal")
        let recovery = try UpdateApplier.recover(project: project)
        #expect(recovery == .rolledBack(operations: 0, kept: ["MyCode"]))
        #expect(FileManager.default.contents(atPath: project + "/MyCode/Mine.swift") == Data("let mine = 1\n".utf8))
    }

    @Test func aFolderDigestCoversEveryEntryAtAnyDepth() throws {
        let root = try Self.project()
        for side in ["a", "b"] {
            try Self.write("one\n", root + "/\(side)/x/y/z.txt")
            try Self.write("two\n", root + "/\(side)/top.txt")
            try FileManager.default.createSymbolicLink(atPath: root + "/\(side)/x/link", withDestinationPath: "y/z.txt")
        }
        let a = try #require(ProjectScan.digest(root + "/a"))
        #expect(ProjectScan.digest(root + "/b") == a, "the same tree, the same digest")
        try Self.write("ONE\n", root + "/b/x/y/z.txt")
        let changedDeep = try #require(ProjectScan.digest(root + "/b"))
        #expect(changedDeep != a, "a file three levels down is part of the digest")
        try Self.write("one\n", root + "/b/x/y/z.txt")
        try FileManager.default.createDirectory(atPath: root + "/b/x/y/empty", withIntermediateDirectories: false)
        #expect(ProjectScan.digest(root + "/b") != a, "an empty folder inside is part of it")
        try FileManager.default.removeItem(atPath: root + "/b/x/y/empty")
        try FileManager.default.removeItem(atPath: root + "/b/x/link")
        try FileManager.default.createSymbolicLink(atPath: root + "/b/x/link", withDestinationPath: "y/other.txt")
        #expect(ProjectScan.digest(root + "/b") != a, "a link's target is part of it")
        try FileManager.default.createDirectory(atPath: root + "/empty1", withIntermediateDirectories: false)
        #expect(ProjectScan.digest(root + "/empty1") == SHA256.hex(Array("empty folder".utf8)))
    }

    @Test func nothingStandsInForAFIFOOrWhatHoldsOne() throws {
        let root = try Self.project()
        #expect(mkfifo(root + "/fifo", 0o600) == 0)
        try Self.write("text\n", root + "/folder/file.txt")
        #expect(mkfifo(root + "/folder/fifo", 0o600) == 0)
        #expect(ProjectScan.digest(root + "/fifo") == nil, "no digest, and no wait for a writer")
        #expect(ProjectScan.digest(root + "/folder") == nil)
        #expect(ProjectScan.digest(root + "/missing") == nil)
    }

    @Test func aRollBackTakesBackAFolderItPlacedWhenItHoldsWhatWasStaged() throws {
        let project = try Self.project()
        try Self.write("new\n", project + "/Added/inside/file.txt")
        let staged = try #require(ProjectScan.digest(project + "/Added"))
        try FileManager.default.createDirectory(atPath: project + "/.duo-new-update/new", withIntermediateDirectories: true)
        try Self.write("place\t.duo-new-update/new/Added\tAdded\t\(staged)\n", project + "/.duo-new-update/journal")
        #expect(try UpdateApplier.recover(project: project) == .rolledBack(operations: 1, kept: []))
        #expect(!FileManager.default.fileExists(atPath: project + "/Added"))
    }

    // MARK: - Links in the work folder

    @Test func aLinkAtTheJournalIsNeverWrittenThrough() throws {
        let project = try Self.project()
        let outside = try Self.project() + "/precious.txt"
        try Self.write("precious\n", outside)
        try Self.write("staged\n", project + "/.duo-new-update/new/a.txt")
        try FileManager.default.createSymbolicLink(atPath: project + "/.duo-new-update/journal", withDestinationPath: outside)
        let digest = try #require(ProjectScan.digest(project + "/.duo-new-update/new/a.txt"))
        let applier = UpdateApplier(project: project, operations: [.place(from: ".duo-new-update/new/a.txt", to: "a.txt", digest: digest)])
        #expect(throws: UpdateApplier.ApplyError.self) { try applier.apply() }
        #expect(FileManager.default.contents(atPath: outside) == Data("precious\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: project + "/a.txt"))
    }

    @Test func aLinkAtTheBackupNeverReceivesTheProjectsFiles() throws {
        let project = try Self.project()
        let outside = try Self.project()
        try Self.write("mine\n", project + "/Sources/a.txt")
        try FileManager.default.createDirectory(atPath: project + "/.duo-new-update", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project + "/.duo-new-update/backup", withDestinationPath: outside)
        let applier = UpdateApplier(project: project, operations: [.move(from: "Sources/a.txt", to: ".duo-new-update/backup/Sources/a.txt")])
        #expect(throws: UpdateApplier.ApplyError.self) { try applier.apply() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
        #expect(FileManager.default.contents(atPath: project + "/Sources/a.txt") == Data("mine\n".utf8))
    }

    @Test func aLinkAtCommittedIsNeverTruncated() throws {
        let project = try Self.project()
        let outside = try Self.project() + "/precious.txt"
        try Self.write("precious\n", outside)
        try FileManager.default.createDirectory(atPath: project + "/.duo-new-update/new", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project + "/.duo-new-update/committed", withDestinationPath: outside)
        let applier = UpdateApplier(project: project, operations: [.makeFolder("Made")])
        #expect(throws: UpdateApplier.ApplyError.self) { try applier.apply() }
        #expect(FileManager.default.contents(atPath: outside) == Data("precious\n".utf8))
    }

    // MARK: - A committed marker

    /// An apply stopped after moving the user's edited file aside, before placing the merged one.
    private static func stoppedAfterTheMoveAside(_ project: String) throws {
        try Self.write("mine, edited\n", project + "/.duo-new-update/backup/a.txt")
        try Self.write("merged\n", project + "/.duo-new-update/new/a.txt")
        let staged = try #require(ProjectScan.digest(project + "/.duo-new-update/new/a.txt"))
        try Self.write(
            "move\ta.txt\t.duo-new-update/backup/a.txt\nplace\t.duo-new-update/new/a.txt\ta.txt\t\(staged)\n",
            project + "/.duo-new-update/journal"
        )
    }

    @Test func aCommittedMarkerOverAnUnfinishedApplyIsRolledBackNotRemoved() throws {
        let project = try Self.project()
        try Self.stoppedAfterTheMoveAside(project)
        try Self.write("", project + "/.duo-new-update/committed")
        #expect(try UpdateApplier.inspect(project: project) != .finished, "a place the journal lists is not done")
        #expect(try UpdateApplier.recover(project: project) == .rolledBack(operations: 1, kept: []))
        #expect(FileManager.default.contents(atPath: project + "/a.txt") == Data("mine, edited\n".utf8))
    }

    @Test func aCommittedMarkerWithoutAJournalNeverRemovesABackupThatHoldsAFile() throws {
        let project = try Self.project()
        try Self.write("mine, edited\n", project + "/.duo-new-update/backup/a.txt")
        try Self.write("", project + "/.duo-new-update/committed")
        #expect(throws: UpdateApplier.ApplyError.self) { try UpdateApplier.recover(project: project) }
        #expect(FileManager.default.contents(atPath: project + "/.duo-new-update/backup/a.txt") == Data("mine, edited\n".utf8))
    }

    @Test func aFinishedApplysWorkFolderIsRemovedWithItsBackup() throws {
        let project = try Self.project()
        try Self.stoppedAfterTheMoveAside(project)
        #expect(rename(project + "/.duo-new-update/new/a.txt", project + "/a.txt") == 0)
        try Self.write("", project + "/.duo-new-update/committed")
        #expect(try UpdateApplier.recover(project: project) == .finished)
        #expect(!FileManager.default.fileExists(atPath: project + "/.duo-new-update"))
        #expect(FileManager.default.contents(atPath: project + "/a.txt") == Data("merged\n".utf8))
    }

    // MARK: - Depth

    @Test func aWorkFolderOfAnyDepthIsRemovedWithoutRecursion() throws {
        let project = try DeepFolders.scratch("work-folder")
        defer { TreeRemover.remove(project) }
        try FileManager.default.createDirectory(atPath: project + "/.duo-new-update/new", withIntermediateDirectories: true)
        #expect(DeepFolders.nest(in: project + "/.duo-new-update/new") == DeepFolders.levels)
        #expect(try UpdateApplier.recover(project: project) == .staging)
        #expect(!FileManager.default.fileExists(atPath: project + "/.duo-new-update"))
    }
}
