import Foundation
import Testing
import TestSupport

/// The camera studio's own model tests, run the way a user meets them: `swift test` (through
/// `Tools/run-model-tests.sh`) in the template as it is (unstamped, laid over its `duo-app`
/// layer), and as the check of a project `duo-new` generates.
@Suite("camera studio model tests")
struct CameraStudioModelTests {
    @Test func unstampedTemplatePassesItsModelTests() async throws {
        let run: CameraStudioTemplate.Run = try await CameraStudioTemplate.unstampedRun.value
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        let counts = try #require(CameraStudioTemplate.finalCounts(run.output), "no final count line: \(run.output.suffix(500))")
        #expect(counts.failed == 0)
        #expect(counts.passed == CameraStudioTemplate.testCount, "every test ran; update testCount when adding or removing tests")
    }

    @Test func modelTestsLeaveNothingCompiledInTheTemplate() async throws {
        _ = try await CameraStudioTemplate.unstampedRun.value
        // Each listing is required: a folder that cannot be read must not pass as one with nothing built.
        var paths: [String] = []
        // The copy it ran in holds .build; the recipe's and the layer's own folders must not.
        let copy: [String] = try #require(FileManager.default.subpaths(atPath: CameraStudioTemplate.template.path))
        #expect(copy.contains("__APP_NAME__Tests/CameraChecks.swift"), "the unstamped copy holds the model tests")
        #expect(copy.contains(".build"), "swift test built in the copy")
        for folder in [CameraStudioTemplate.recipe, CameraStudioTemplate.layer] {
            let listed: [String] = try #require(FileManager.default.subpaths(atPath: folder.path), "\(folder.path)")
            try #require(!listed.isEmpty, "\(folder.path) is empty")
            paths += listed
        }
        #expect(!paths.contains { $0.hasPrefix("template/.build") }, "no .build in the recipe's or the layer's tree")
        let built: [String] = paths.filter { path in
            let name: String = (path as NSString).lastPathComponent
            let builtExtensions: Set<String> = ["o", "swiftmodule", "swiftdoc", "swiftsourceinfo", "d"]
            return name == "model-tests" || builtExtensions.contains((name as NSString).pathExtension)
        }
        #expect(built.isEmpty, "\(built)")
    }

    /// A user runs `swift test` many times a day: each run must take its folders away with it.
    @Test func modelTestsLeaveNoFoldersInTheTemporaryFolder() async throws {
        let run: CameraStudioTemplate.Run = try await CameraStudioTemplate.unstampedRun.value
        try #require(run.status == 0, "\(run.output.suffix(2000))")
        let left: [String] = try FileManager.default.contentsOfDirectory(atPath: CameraStudioTemplate.unstampedTemporary.path)
        #expect(!left.contains { $0.hasPrefix("model-tests-") }, "the tests' own folders were left: \(left)")
    }

    /// What a user types: the project is generated, its model tests run and pass. The project
    /// is the shared `BuiltProject.cameraStudio`, which the other suites borrow once it is built.
    @Test func generatingSitterRunsItsModelTestsAndTheyPass() async throws {
        let run: BuiltProject.Generation = try await BuiltProject.cameraStudio.generated()
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.output.contains("Compiling Sitter"), "the check compiled the stamped app module")
        let counts = try #require(CameraStudioTemplate.counts(in: run.output), "no count line: \(run.output.suffix(500))")
        #expect(counts.failed == 0)
        #expect(counts.passed == CameraStudioTemplate.testCount, "the generated project runs every test the template has")
        // Here the Mac steps are skipped (no Xcode), which --require-all would refuse.
        #expect(run.output.contains("Generated Sitter in ./Sitter; 1 check passed, 2 skipped"), "\(run.output.suffix(2000))")
    }

    @Test func aFailingCheckExitsNonZeroAndIsNamed() async throws {
        let run: CameraStudioTemplate.Run = try await BuiltProject.cameraStudio.borrow(restoring: ["Sitter/PrivacyInfo.xcprivacy"]) { project in
            let manifest: URL = project.appendingPathComponent("Sitter/PrivacyInfo.xcprivacy")
            let text: String = try String(contentsOf: manifest, encoding: .utf8)
            let tracking: String = text.replacingOccurrences(
                of: "<key>NSPrivacyTracking</key>\n\t<false/>", with: "<key>NSPrivacyTracking</key>\n\t<true/>"
            )
            try #require(tracking != text, "the privacy manifest declares NSPrivacyTracking false")
            try tracking.write(to: manifest, atomically: true, encoding: .utf8)
            return try CameraStudioTemplate.runModelTests(in: project)
        }
        #expect(run.status != 0)
        #expect(run.output.contains("Test \"Privacy: the privacy manifest\" recorded an issue"), "\(run.output.suffix(2000))")
        #expect(run.output.contains("no tracking"))
        #expect(run.output.contains("Test \"Privacy: the privacy manifest\" failed after"))
        #expect(CameraStudioTemplate.finalCounts(run.output)?.failed == 1)
        #expect(CameraStudioTemplate.finalCounts(run.output)?.passed == CameraStudioTemplate.testCount - 1)
    }
}

// MARK: - Running the template's tools

