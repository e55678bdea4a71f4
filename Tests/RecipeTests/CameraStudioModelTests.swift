import Foundation
import Testing
import TestSupport

/// The camera studio's own model tests, run the way a user meets them: `Tools/run-model-tests.sh`
/// in the template as it is (unstamped, laid over its `duo-app` layer), and as the check of a
/// project `duo-new` generates.
@Suite("camera studio model tests")
struct CameraStudioModelTests {
    @Test func unstampedTemplatePassesItsModelTests() async throws {
        let run: CameraStudioTemplate.Run = try await CameraStudioTemplate.unstampedRun.value
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        let counts = try #require(CameraStudioTemplate.finalCounts(run.output), "no final count line: \(run.output.suffix(500))")
        #expect(counts.failed == 0)
        #expect(counts.passed == CameraStudioTemplate.checkCount, "every check ran; update checkCount when adding or removing checks")
    }

    @Test func modelTestsLeaveNothingCompiledInTheTemplate() async throws {
        _ = try await CameraStudioTemplate.unstampedRun.value
        // Each listing is required: a folder that cannot be read must not pass as one with nothing built.
        var paths: [String] = []
        for folder in [CameraStudioTemplate.recipe, CameraStudioTemplate.layer, CameraStudioTemplate.template] {
            let listed: [String] = try #require(FileManager.default.subpaths(atPath: folder.path), "\(folder.path)")
            try #require(!listed.isEmpty, "\(folder.path) is empty")
            paths += listed
        }
        #expect(paths.contains("Tools/ModelTests/main.swift"), "the unstamped copy holds the model tests")
        let built: [String] = paths.filter { path in
            let name: String = (path as NSString).lastPathComponent
            let builtExtensions: Set<String> = ["o", "swiftmodule", "swiftdoc", "swiftsourceinfo", "d"]
            return name == "model-tests" || builtExtensions.contains((name as NSString).pathExtension)
        }
        #expect(built.isEmpty, "\(built)")
    }

    /// The script's sources list and build folder, and the compiler's own temporary folders
    /// (`TemporaryDirectory.*`, one per run before), all go when it ends.
    @Test func modelTestsLeaveNothingInTheTemporaryFolder() async throws {
        _ = try await CameraStudioTemplate.unstampedRun.value
        let left: [String] = (try? FileManager.default.contentsOfDirectory(atPath: CameraStudioTemplate.unstampedTemporary.path)) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    /// What a user types: the project is generated, its model tests run and pass.
    @Test func generatingSitterRunsItsModelTestsAndTheyPass() throws {
        let work: URL = try CameraStudioTemplate.temporaryFolder("camera-generated")
        defer { try? FileManager.default.removeItem(at: work) }
        let run: CameraStudioTemplate.Run = try CameraStudioTemplate.duoNew(["recipe-camera-studio", "Sitter", "com.example.sitter", "./Sitter"], in: work)
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.output.contains("from Sitter/"), "the check compiled the stamped app folder")
        let counts = try #require(CameraStudioTemplate.counts(in: run.output), "no count line: \(run.output.suffix(500))")
        #expect(counts.failed == 0)
        #expect(counts.passed == CameraStudioTemplate.checkCount, "the generated project runs every check the template has")
    }

    @Test func aFailingCheckExitsNonZeroAndIsNamed() throws {
        let work: URL = try CameraStudioTemplate.temporaryFolder("camera-failing")
        defer { try? FileManager.default.removeItem(at: work) }
        let generated: CameraStudioTemplate.Run = try CameraStudioTemplate.duoNew(
            ["recipe-camera-studio", "Sitter", "com.example.sitter", "./Sitter", "--no-test"], in: work
        )
        try #require(generated.status == 0, "\(generated.output)")
        let project: URL = work.appendingPathComponent("Sitter")
        let manifest: URL = project.appendingPathComponent("Sitter/PrivacyInfo.xcprivacy")
        let text: String = try String(contentsOf: manifest, encoding: .utf8)
        let tracking: String = text.replacingOccurrences(
            of: "<key>NSPrivacyTracking</key>\n\t<false/>", with: "<key>NSPrivacyTracking</key>\n\t<true/>"
        )
        try #require(tracking != text, "the privacy manifest declares NSPrivacyTracking false")
        try tracking.write(to: manifest, atomically: true, encoding: .utf8)
        let run: CameraStudioTemplate.Run = try CameraStudioTemplate.runModelTests(in: project)
        #expect(run.status == 1)
        #expect(run.output.contains("FAIL  Privacy: the privacy manifest: no tracking"))
        #expect(run.output.contains("Privacy: the privacy manifest: 4 passed, 1 failed"))
        #expect(CameraStudioTemplate.finalCounts(run.output)?.failed == 1)
    }

    @Test func missingCompilerIsReportedWithWhatToInstall() throws {
        let bin: URL = FileManager.default.temporaryDirectory.appendingPathComponent("no-swiftc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        // A PATH holding only what the script needs before it looks for the compiler.
        let dirname: String = try #require(CameraStudioTemplate.tool("dirname"))
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("dirname").path, withDestinationPath: dirname)
        let run: CameraStudioTemplate.Run = try CameraStudioTemplate.runModelTests(
            in: CameraStudioTemplate.template, environment: ["PATH": bin.path]
        )
        #expect(run.status == 127)
        #expect(run.output.contains("swiftc not found"))
        #expect(run.output.contains("swift.org"))
    }
}

// MARK: - Running the template's tools

