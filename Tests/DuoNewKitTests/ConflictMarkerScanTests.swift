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
}
