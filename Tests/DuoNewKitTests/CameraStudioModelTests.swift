import Foundation
import Testing

/// The camera studio's own model tests, run the way a user runs them: `Tools/run-model-tests.sh`
/// in the template as it is (unstamped), and in a stamped copy.
@Suite("camera studio model tests")
struct CameraStudioModelTests {
    @Test func unstampedTemplatePassesItsModelTests() async throws {
        let run: CameraStudioTemplate.Run = try await CameraStudioTemplate.unstampedRun.value
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        let counts: (passed: Int, failed: Int)? = CameraStudioTemplate.counts(run.output)
        #expect(counts?.failed == 0)
        #expect((counts?.passed ?? 0) >= 100, "at least 100 checks")
    }

    @Test func modelTestsLeaveNothingCompiledInTheTemplate() async throws {
        _ = try await CameraStudioTemplate.unstampedRun.value
        let paths: [String] = FileManager.default.subpaths(atPath: CameraStudioTemplate.recipe.path) ?? []
        let built: [String] = paths.filter { path in
            let name: String = (path as NSString).lastPathComponent
            let builtExtensions: Set<String> = ["o", "swiftmodule", "swiftdoc", "swiftsourceinfo", "d"]
            return name == "model-tests" || builtExtensions.contains((name as NSString).pathExtension)
        }
        #expect(built.isEmpty, "\(built)")
    }

    @Test func stampedProjectPassesItsModelTests() throws {
        let project: URL = try CameraStudioTemplate.stampedCopy(appName: "Sitter", bundleID: "com.example.sitter")
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        let run: CameraStudioTemplate.Run = try CameraStudioTemplate.runModelTests(in: project)
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.output.contains("from Sitter/"))
        #expect(CameraStudioTemplate.counts(run.output)?.failed == 0)
    }

    @Test func aFailingCheckExitsNonZeroAndIsNamed() throws {
        let project: URL = try CameraStudioTemplate.stampedCopy(appName: "Sitter", bundleID: "com.example.sitter")
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
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
        #expect(CameraStudioTemplate.counts(run.output)?.failed == 1)
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
    static let template: URL = recipe.appendingPathComponent("template")

    /// One run of the unstamped template's model tests, shared by every test that needs it
    /// (compiling takes seconds); it also writes the stand-in samples.
    static let unstampedRun: Task<Run, any Error> = Task.detached {
        let samples: URL = FileManager.default.temporaryDirectory.appendingPathComponent("camera-samples-\(UUID().uuidString)")
        let run: Run = try runModelTests(in: template, environment: ["MODEL_TESTS_SAMPLES": samples.path])
        return Run(status: run.status, output: run.output, samples: samples)
    }

    static func runModelTests(in project: URL, environment: [String: String] = [:]) throws -> Run {
        let process: Process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["Tools/run-model-tests.sh"]
        process.currentDirectoryURL = project
        var base: [String: String] = ProcessInfo.processInfo.environment
        base.merge(environment) { $1 }
        process.environment = base
        process.standardInput = FileHandle.nullDevice
        let pipe: Pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data: Data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), samples: project)
    }

    /// The numbers on the final `N passed, M failed` line.
    static func counts(_ output: String) -> (passed: Int, failed: Int)? {
        let last: String = output.split(separator: "\n").last.map(String.init) ?? ""
        let words: [Substring] = last.split(separator: " ")
        guard words.count == 4, words[1] == "passed,", words[3] == "failed",
              let passed = Int(words[0]), let failed = Int(words[2]) else { return nil }
        return (passed, failed)
    }

    /// A copy of the template with the tokens replaced in names and text, in a new temporary
    /// folder; returns the project folder inside it.
    static func stampedCopy(appName: String, bundleID: String) throws -> URL {
        let files: FileManager = FileManager.default
        let parent: URL = files.temporaryDirectory.appendingPathComponent("camera-stamped-\(UUID().uuidString)")
        let project: URL = parent.appendingPathComponent(appName)
        try files.createDirectory(at: project, withIntermediateDirectories: true)
        let paths: [String] = (files.subpaths(atPath: template.path) ?? []).sorted()
        for path in paths {
            let source: URL = template.appendingPathComponent(path)
            let target: URL = project.appendingPathComponent(stamp(path, appName: appName, bundleID: bundleID))
            var isFolder: ObjCBool = false
            _ = files.fileExists(atPath: source.path, isDirectory: &isFolder)
            if isFolder.boolValue {
                try files.createDirectory(at: target, withIntermediateDirectories: true)
                continue
            }
            let data: Data = try Data(contentsOf: source)
            if !data.contains(0), let text = String(data: data, encoding: .utf8) {
                try Data(stamp(text, appName: appName, bundleID: bundleID).utf8).write(to: target)
            } else {
                try data.write(to: target)
            }
            let mode: Any? = try files.attributesOfItem(atPath: source.path)[.posixPermissions]
            if let mode {
                try files.setAttributes([.posixPermissions: mode], ofItemAtPath: target.path)
            }
        }
        return project
    }

    private static func stamp(_ text: String, appName: String, bundleID: String) -> String {
        text.replacingOccurrences(of: "__APP_NAME__", with: appName).replacingOccurrences(of: "__BUNDLE_ID__", with: bundleID)
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
