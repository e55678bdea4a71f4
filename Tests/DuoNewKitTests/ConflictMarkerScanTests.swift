@testable import DuoNewKit
import Foundation
import Testing
import TestSupport

/// `check`'s marker scan (issue 42, finding 13): a file the recipe wrote with conflict markers in
/// it (one that documents them) is the recipe's, not a leftover; an edited or merged one is looked at.
@Suite struct ConflictMarkerScanTests {
    private static let documented = "Resolve a conflict:\n<<<<<<< yours\nmine\n=======\ntheirs\n>>>>>>> theirs\n"

    @Test func aFileStillAsTheRecipeWroteItIsNotALeftover() throws {
        let project = try TestScratch.makeFolder("markers")
        try Data(Self.documented.utf8).write(to: project.appendingPathComponent("CONFLICTS.md"))
        let recorded = ["CONFLICTS.md": GenerationRecord.File(mode: 0o644, sha256: SHA256.hex(Array(Self.documented.utf8)))]
        #expect(ConflictMarkerScan.scan(project: project.path, recorded: recorded).isEmpty)
        // Once it differs from what the recipe wrote (an update marked it, or the user merged into it), it is looked at.
        try Data(("intro\n" + Self.documented).utf8).write(to: project.appendingPathComponent("CONFLICTS.md"))
        #expect(ConflictMarkerScan.scan(project: project.path, recorded: recorded) == [.init(path: "CONFLICTS.md", lines: [3])])
    }

    /// A recorded path below a link in the project is not the project's file: `check` never
    /// reads through the link (until 2026-12-07 it reported the markers of a file outside the
    /// project, the folder `Hello` being a link to it), as `update` never follows one.
    @Test func aFileBelowALinkIsNotReadThroughIt() throws {
        let root = try TestScratch.makeFolder("markers-link")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(("intro\n" + Self.documented).utf8).write(to: outside.appendingPathComponent("main.swift"))
        let project = root.appendingPathComponent("p")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("Hello").path, withDestinationPath: "../outside")
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("README.md").path, withDestinationPath: "outside/main.swift")
        let recorded = [
            "Hello/main.swift": GenerationRecord.File(mode: 0o644, sha256: SHA256.hex(Array("recipe\n".utf8))),
            "README.md": GenerationRecord.File(mode: 0o644, sha256: SHA256.hex(Array("recipe\n".utf8))),
        ]
        #expect(ConflictMarkerScan.scan(project: project.path, recorded: recorded).isEmpty)
    }
}

