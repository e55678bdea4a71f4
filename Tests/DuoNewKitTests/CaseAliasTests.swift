import Foundation
import Testing
import TestSupport
@testable import DuoNewKit

/// How an update tells a path the recipe now spells with other case from the entry a disk that
/// ignores case answers it with (`ProjectScan.caseAliases`, `ProjectScan.Spelt`). This machine's
/// disk tells case apart, so only the other side shows here: no alias is found where both
/// spellings are listed, a hard link included. The plan for an alias is on values
/// (`UpdatePlannerSwapTests.aPathTheRecipeRespellsInCaseIsRemovedThenAddedWhereTheDiskIgnoresCase`).
@Suite struct CaseAliasTests {
    @Test func bothSpellingsListedAreNeverAliasesEvenAsOneFile() throws {
        let project = try TestScratch.makeFolder("case-alias").path
        try FileManager.default.createDirectory(atPath: project + "/Sources", withIntermediateDirectories: true)
        try Data("a\n".utf8).write(to: URL(fileURLWithPath: project + "/Sources/Readme.md"))
        try Data("a\n".utf8).write(to: URL(fileURLWithPath: project + "/Sources/NOTES.md"))
        try FileManager.default.linkItem(atPath: project + "/Sources/Readme.md", toPath: project + "/Sources/README.md")
        try Data("a\n".utf8).write(to: URL(fileURLWithPath: project + "/Sources/notes.md"))
        let aliases = ProjectScan.caseAliases(
            project: project, recorded: ["Sources/Readme.md", "Sources/NOTES.md"], new: ["Sources/README.md", "Sources/notes.md", "sources/x.md"]
        )
        #expect(aliases.isEmpty)
        var spelt = ProjectScan.Spelt(project: project)
        let found = ["Sources/README.md", "Sources", "sources/Readme.md", "Sources/missing.md"].map { spelt.exists($0) }
        #expect(found == [true, true, false, false])
    }
}
