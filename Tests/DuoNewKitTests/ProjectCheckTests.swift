import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// `ProjectCheck` in-process: the project `duo-new check` opens, on the scene the update tests
/// use (a recipe `fix` in a scratch folder, a project `p` generated from it).
@Suite("Check in-process")
struct ProjectCheckTests {
    typealias Scene = ProjectUpdateTests.Scene

    private func open(_ scene: Scene, folder: String = "p", with optIn: [String] = []) throws(GenerationFailure) -> ProjectCheck {
        let recipes = RecordedRecipe(templates: "T", offline: false, environment: scene.environment, workingDirectory: scene.root.path, catalog: scene.catalog)
        var selection = CheckSelection()
        selection.optIn = optIn
        return try ProjectCheck(folder: folder, recipes: recipes, selection: selection)
    }

    private func refusal(_ scene: Scene, folder: String = "p", with optIn: [String] = []) -> GenerationFailure? {
        do {
            _ = try open(scene, folder: folder, with: optIn)
            return nil
        } catch {
            return error
        }
    }

    @Test func aFreshProjectOpensWithItsRecordAndRecipeAndNoMarkers() throws {
        let scene = try Scene(files: ["a.txt": "one\n"])
        let opened = try open(scene)
        #expect(opened.record.recipe == "fix")
        #expect(opened.recipe.manifest.version == "1.0.0")
        #expect(opened.direction == .same)
        #expect(opened.markers.isEmpty)
        #expect(opened.markersReason == nil)
        // Found in the folder `--templates` gave: the user's choice, judged by nothing more.
        #expect(opened.recordedFolder == nil)
    }

    @Test func aNewerRecipeIsSaidToBeNewer() throws {
        let scene = try Scene(files: ["a.txt": "one\n"])
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "one\n"])
        #expect(try open(scene).direction == .newer)
    }

    @Test func markersAnUpdateLeftAreFoundWithTheirLines() throws {
        let scene = try Scene(files: ["a.txt": "one\ntwo\n", "b.txt": "bee\n"])
        try scene.edit("a.txt", "one\n<<<<<<< yours\nTWO\n=======\nzwei\n>>>>>>> recipe\n")
        let opened = try open(scene)
        #expect(opened.markers == [ConflictMarkerScan.Found(path: "a.txt", lines: [2])])
        #expect(opened.markersReason?.contains("'a.txt' (line 2)") == true)
    }

    /// The markers' check is counted with the recipe's; alone, its own sentence is the failure.
    @Test func markersAreCountedWithTheChecksAndAloneFailWithTheirOwnSentence() throws {
        let scene = try Scene(files: ["a.txt": "one\ntwo\n"])
        let clean = try open(scene)
        var passed = CheckTally(total: 1)
        passed.add(CheckResult(name: "c", status: .passed, seconds: 0), of: Check(name: "c", run: "true"))
        #expect(clean.counted(passed).tally == passed && clean.counted(passed).failure == nil)
        try scene.edit("a.txt", "one\n<<<<<<< yours\nTWO\n=======\nzwei\n>>>>>>> recipe\n")
        let marked = try open(scene)
        let alone = marked.counted(passed)
        #expect(alone.tally.failed == 1 && alone.tally.passed == 1 && alone.tally.total == 2)
        #expect(alone.failure == marked.markersReason)
        let none = marked.counted(CheckTally(total: 0))
        #expect((none.tally.passed, none.tally.failed, none.tally.skipped) == (0, 1, 0) && none.failure == marked.markersReason)
        var failing = CheckTally(total: 1)
        failing.add(CheckResult(name: "c", status: .failed(exitCode: 1), seconds: 0), of: Check(name: "c", run: "false"))
        let both = marked.counted(failing)
        #expect(both.tally.failed == 2)
        #expect(both.failure == "2 of 2 checks did not pass: 'c' failed (exit 1); \(marked.markersReason ?? "")")
        #expect(clean.counted(failing).failure == "1 of 1 check did not pass: 'c' failed (exit 1)")
    }

    @Test func anUpdateLeftHalfDoneIsRefused() throws {
        let scene = try Scene(files: ["a.txt": "one\n", "b.txt": "bee\n"])
        try scene.writeRecipe(version: "1.1.0", files: ["a.txt": "one 2\n", "b.txt": "bee 2\n"])
        _ = scene.update(observer: ProjectUpdateTests.StopAfter(count: 1))
        let failure = try #require(refusal(scene))
        #expect(failure.kind == .badValue)
        #expect(failure.message.contains("did not finish"))
        // Once the next update has rolled it back, the project opens again.
        _ = try scene.update().result.get()
        #expect(try open(scene).direction == .same)
    }

    @Test func anUpdateHoldingTheLockMakesCheckWait() throws {
        let scene = try Scene(files: ["a.txt": "one\n"])
        let held = try ProjectLock.take(project: scene.project.path, exclusive: true)
        defer { withExtendedLifetime(held) {} }
        #expect(refusal(scene)?.kind == .busy)
    }

    @Test func aFolderWithoutARecordAndAWithNamingNoCheckAreRefused() throws {
        let scene = try Scene(files: ["a.txt": "one\n"])
        try FileManager.default.createDirectory(at: scene.root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        #expect(refusal(scene, folder: "empty")?.kind == .noRecipe)
        let nowhere = try #require(refusal(scene, folder: "nowhere"))
        #expect(nowhere.kind == .noRecipe)
        // What is wrong, and what to give instead.
        #expect(nowhere.message == "'nowhere' does not exist; give the folder of a project duo-new generated, the one holding .duo-new.json", "\(nowhere.message)")
        let unknown = try #require(refusal(scene, with: ["lint"]))
        #expect(unknown.kind == .usage)
        #expect(unknown.message.contains("'lint'"))
    }
}
