import Foundation
import Testing
import TestSupport

/// The media player's model tests, met the way a user meets them: `duo-new` generates FieldCast
/// on the duo-app layer, runs them as the recipe's check, and prints the next steps; a project
/// missing a clip or with a broken catalogue fails them, each problem named.
@Suite("media player model tests")
struct MediaPlayerModelTests {
    static let recipe: URL = CameraStudioTemplate.recipe.deletingLastPathComponent().appendingPathComponent("recipe-media-player")
    static let media: URL = recipe.appendingPathComponent("template/__APP_NAME__/Media")

    /// The project is the shared `BuiltProject.mediaPlayer` (generated with `--pictures`, which
    /// `LayoutPictureTests` checks), borrowed by the other suites once it is built.
    @Test func generatingFieldCastRunsItsModelTestsAndPrintsTheNextSteps() async throws {
        let run: BuiltProject.Generation = try await BuiltProject.mediaPlayer.generated()
        #expect(run.status == 0, "\(run.output.suffix(3000))")
        #expect(run.output.contains("Compiling FieldCast"), "the check compiled the stamped app module")
        let counts: (passed: Int, failed: Int)? = CameraStudioTemplate.counts(in: run.output)
        #expect(counts?.failed == 0)
        // Swift Testing counts tests (23), not the expectations they evaluate.
        #expect(counts?.passed == 23, "every test ran")
        // The next steps, stamped: where the record of this run is, and what is left for a Mac
        // (RecipeEndingTextTests checks they claim no run).
        for line in [
            "Next steps:\n  cd ./FieldCast\n",
            "  open FieldCast.xcodeproj\n",
            "Tools/run-on-simulator.sh does the same from a terminal",
            "GENERATION-CHECKS.md records how each check ended; 'duo-new check ./FieldCast' runs them again.",
            "never run xcode-select",
            "Device Hub",
            "docs/device-checks.md",
        ] {
            #expect(run.output.contains(line), "the next steps say: \(line)")
        }
        // On Linux the simulator check is skipped: its command is given once, by the skipped list.
        let ending: String = run.output.components(separatedBy: "Next steps:").dropFirst().joined()
        #expect(ending.components(separatedBy: "Tools/run-on-simulator.sh -play small-repairs-1 -paused -start 4").count == 2,
                "the simulator check's command once, after the next steps: \(ending)")
        #expect(!run.output.contains("__"), "no token is left in what was printed")
        // What is on disk, read while no other test has the project.
        try await BuiltProject.mediaPlayer.borrow(restoring: []) { project in
            #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("GENERATION-CHECKS.md").path),
                    "the record the next steps point at is there after the checks")
            // The clips are copied byte for byte, never stamped.
            let names: [String] = try FileManager.default.contentsOfDirectory(atPath: Self.media.path).filter { $0.hasSuffix(".mp4") }
            #expect(names.count == 6)
            for name in names {
                let original: Data = try Data(contentsOf: Self.media.appendingPathComponent(name))
                let copied: Data = try Data(contentsOf: project.appendingPathComponent("FieldCast/Media/\(name)"))
                #expect(copied == original, "\(name) is copied byte for byte")
            }
            // The layer's files came with it, and nothing of the recipe's own repeats them.
            let record: String = try String(contentsOf: project.appendingPathComponent(".duo-new.json"), encoding: .utf8)
            #expect(record.contains("\"duo-app\""))
            for shared in ["FieldCast/Shared/FoldReader.swift", "FieldCast/Model/FoldFrame.swift"] {
                #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(shared).path), "\(shared) comes from the layer")
            }
        }
    }

    @Test func aMissingClipAndABrokenCatalogueFailTheModelTestsByName() async throws {
        let clipPath: String = "FieldCast/Media/night-sky-notes-2.mp4"
        let cataloguePath: String = "FieldCast/Media/Catalog.json"
        let (missing, duplicate) = try await BuiltProject.mediaPlayer.borrow(restoring: [clipPath, cataloguePath]) { project in
            let clip: URL = project.appendingPathComponent(clipPath)
            let kept: Data = try Data(contentsOf: clip)
            try FileManager.default.removeItem(at: clip)
            let missing: CameraStudioTemplate.Run = try CameraStudioTemplate.runModelTests(in: project)

            try kept.write(to: clip)
            let catalogue: URL = project.appendingPathComponent(cataloguePath)
            let text: String = try String(contentsOf: catalogue, encoding: .utf8)
            let broken: String = text.replacingOccurrences(of: "\"id\": \"small-repairs-3\"", with: "\"id\": \"small-repairs-2\"")
            try #require(broken != text, "the catalogue names small-repairs-3")
            try broken.write(to: catalogue, atomically: true, encoding: .utf8)
            return (missing, try CameraStudioTemplate.runModelTests(in: project))
        }
        #expect(missing.status != 0)
        #expect(missing.output.contains("Test \"The bundled clips (Media/)\" failed after"), "\(missing.output.suffix(1500))")
        #expect(missing.output.contains("night-sky-notes-2.mp4 exists in Media/ — night-sky-notes-2 names it, but there is no such file"))
        #expect(CameraStudioTemplate.finalCounts(missing.output)?.failed == 1, "\(missing.output.suffix(1500))")

        #expect(duplicate.status != 0)
        #expect(duplicate.output.contains("Test \"The catalogue (Media/Catalog.json)\" failed after"), "\(duplicate.output.suffix(1500))")
        #expect(duplicate.output.contains("The id 'small-repairs-2' is used twice"))
        #expect(CameraStudioTemplate.finalCounts(duplicate.output).map { $0.failed >= 1 } == true)
    }
}
