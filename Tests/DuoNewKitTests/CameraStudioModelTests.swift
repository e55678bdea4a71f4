import Foundation
import Testing

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

/// The bundled camera-studio recipe and ways to run its model tests.
enum CameraStudioTemplate {
    struct Run: Sendable {
        let status: Int32
        let output: String
        /// Where `MODEL_TESTS_SAMPLES` left the stand-in's photo, movie and gallery index.
        let samples: URL
    }

    static let recipe: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates/recipe-camera-studio")
    /// The layer the recipe is laid over (`layers: [duo-app]`).
    static let layer: URL = recipe.deletingLastPathComponent().appendingPathComponent("duo-app")

    /// The recipe's tree as it is, unstamped, over the layer's tree, the way duo-new lays them
    /// together: a copy in a temporary folder, made once, so the model tests can run in it.
    static let template: URL = {
        let folder: URL = FileManager.default.temporaryDirectory.appendingPathComponent("camera-unstamped-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for tree in [layer, recipe].map({ $0.appendingPathComponent("template") }) {
            _ = try? ChildProcess.run(URL(fileURLWithPath: "/bin/cp"), ["-R", tree.path + "/.", folder.path])
        }
        return folder
    }()

    /// How many checks `Tools/run-model-tests.sh` runs. Exact, so that a group of checks that
    /// stops running (an early return, a loop over an empty list) fails a test instead of
    /// passing quietly; a change that adds or removes checks updates it.
    static let checkCount: Int = 469

    /// One run of the unstamped template's model tests, shared by every test that needs it
    /// (compiling takes seconds); it also writes the stand-in samples.
    static let unstampedRun: Task<Run, any Error> = Task.detached {
        let samples: URL = FileManager.default.temporaryDirectory.appendingPathComponent("camera-samples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: unstampedTemporary, withIntermediateDirectories: true)
        let run: Run = try runModelTests(in: template, environment: ["MODEL_TESTS_SAMPLES": samples.path, "TMPDIR": unstampedTemporary.path])
        return Run(status: run.status, output: run.output, samples: samples)
    }

    /// The temporary folder (`TMPDIR`) of `unstampedRun`, so what it leaves there can be seen.
    static let unstampedTemporary: URL = FileManager.default.temporaryDirectory.appendingPathComponent("camera-tmp-\(UUID().uuidString)")

    static func runModelTests(in project: URL, environment: [String: String] = [:]) throws -> Run {
        try launch(URL(fileURLWithPath: "/bin/sh"), ["Tools/run-model-tests.sh"], in: project, environment: environment)
    }

    /// Runs a program to the end with standard output and error together.
    private static func launch(_ program: URL, _ arguments: [String], in folder: URL, environment: [String: String]) throws -> Run {
        let child: ChildProcess = try ChildProcess.run(program, arguments, in: folder, environment: environment, mergingErrors: true)
        return Run(status: child.status, output: child.outputText, samples: folder)
    }

    /// The numbers on the final `N passed, M failed` line.
    static func finalCounts(_ output: String) -> (passed: Int, failed: Int)? {
        let last: String = output.split(separator: "\n").last.map(String.init) ?? ""
        let words: [Substring] = last.split(separator: " ")
        guard words.count == 4, words[1] == "passed,", words[3] == "failed",
              let passed = Int(words[0]), let failed = Int(words[2]) else { return nil }
        return (passed, failed)
    }

    /// Runs the `duo-new` built next to the tests, with the repository's templates, in `folder`.
    static func duoNew(_ arguments: [String], in folder: URL) throws -> Run {
        let binary: URL = try #require(EndToEndHarness.binary, "the duo-new binary was not built next to the tests")
        let templates: String = recipe.deletingLastPathComponent().path
        return try launch(binary, arguments + ["--templates", templates], in: folder, environment: ["NO_COLOR": "1"])
    }

    /// The last `N passed, M failed` anywhere in `output` (duo-new indents its checks' lines).
    static func counts(in output: String) -> (passed: Int, failed: Int)? {
        var found: (passed: Int, failed: Int)? = nil
        for line in output.split(separator: "\n") {
            let words: [Substring] = line.split(separator: " ")
            if let index = words.firstIndex(of: "passed,"), index > 0, index + 2 < words.count, words[index + 2] == "failed",
               let passed = Int(words[index - 1]), let failed = Int(words[index + 1]) {
                found = (passed, failed)
            }
        }
        return found
    }

    static func temporaryFolder(_ prefix: String) throws -> URL {
        let folder: URL = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The full path of a command on PATH.
    static func tool(_ name: String) -> String? {
        let path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate: String = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }
}
