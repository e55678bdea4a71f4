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
        #expect(refusal(scene, folder: "nowhere")?.kind == .noRecipe)
        let unknown = try #require(refusal(scene, with: ["lint"]))
        #expect(unknown.kind == .usage)
        #expect(unknown.message.contains("'lint'"))
    }
}
