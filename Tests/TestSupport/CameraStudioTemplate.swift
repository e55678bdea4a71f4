import Foundation

/// The bundled camera-studio recipe and ways to run its model tests.
package enum CameraStudioTemplate {
    package struct Run: Sendable {
        package let status: Int32
        package let output: String
        /// Where `MODEL_TESTS_SAMPLES` left the stand-in's photo, movie and gallery index.
        package let samples: URL

        package init(status: Int32, output: String, samples: URL) {
            self.status = status
            self.output = output
            self.samples = samples
        }
    }

    package static let recipe: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates/recipe-camera-studio")
    /// The layer the recipe is laid over (`layers: [duo-app]`).
    package static let layer: URL = recipe.deletingLastPathComponent().appendingPathComponent("duo-app")

    /// The recipe's tree as it is, unstamped, over the layer's tree, the way duo-new lays them
    /// together: a copy in a temporary folder, made once, so the model tests can run in it.
    package static let template: URL = {
        let folder: URL = TestScratch.folder.appendingPathComponent("camera-unstamped-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for tree in [layer, recipe].map({ $0.appendingPathComponent("template") }) {
            _ = try? ChildProcess.run(URL(fileURLWithPath: "/bin/cp"), ["-R", tree.path + "/.", folder.path])
        }
        return folder
    }()

    /// How many tests `swift test` runs (Swift Testing counts a test run over arguments once).
    /// Exact, so that a test that stops being found fails a test instead of passing quietly; a
    /// change that adds or removes tests updates it. Swift Testing prints no count of
    /// expectations: the 482 checks of the earlier harness are 483 `#expect`s evaluated.
    package static let testCount: Int = 37

    /// One run of the unstamped template's model tests, shared by every test that needs it
    /// (compiling takes seconds); it also writes the stand-in samples.
    package static let unstampedRun: Task<Run, any Error> = Task.detached {
        let samples: URL = TestScratch.folder.appendingPathComponent("camera-samples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: unstampedTemporary, withIntermediateDirectories: true)
        let run: Run = try runModelTests(in: template, environment: ["MODEL_TESTS_SAMPLES": samples.path, "TMPDIR": unstampedTemporary.path])
        return Run(status: run.status, output: run.output, samples: samples)
    }

    /// The temporary folder (`TMPDIR`) of `unstampedRun`, so what it leaves there can be seen.
    package static let unstampedTemporary: URL = TestScratch.folder.appendingPathComponent("camera-tmp-\(UUID().uuidString)")

    package static func runModelTests(in project: URL, environment: [String: String] = [:]) throws -> Run {
        try launch(URL(fileURLWithPath: "/bin/sh"), ["Tools/run-model-tests.sh"], in: project, environment: environment)
    }

    /// Runs a program to the end with standard output and error together.
    private static func launch(_ program: URL, _ arguments: [String], in folder: URL, environment: [String: String]) throws -> Run {
        let child: ChildProcess = try ChildProcess.run(program, arguments, in: folder, environment: environment, mergingErrors: true)
        return Run(status: child.status, output: child.outputText, samples: folder)
    }

    /// The tests that passed and failed, from Swift Testing's closing line (`✔ Test run with 32
    /// tests in 0 suites passed after 4.0 seconds.`) and its line for each failed test; nil
    /// without a closing line. For the media player's own harness, its `N passed, M failed` line.
    package static func finalCounts(_ output: String) -> (passed: Int, failed: Int)? {
        var failedTests: Int = 0
        for line in output.split(separator: "\n") {
            let words: [Substring] = line.split(separator: " ").dropFirst().map { $0 }
            guard words.first == "Test" else { continue }
            if words.count > 4, words[1] == "run", words[2] == "with", let tests = Int(words[3]) {
                return words.contains("passed") ? (tests, 0) : (tests - failedTests, failedTests)
            }
            if words[1] != "case", let at = words.firstIndex(of: "failed"), at + 1 < words.count, words[at + 1] == "after" {
                failedTests += 1
            }
        }
        let last: String = output.split(separator: "\n").last.map(String.init) ?? ""
        let words: [Substring] = last.split(separator: " ")
        guard words.count == 4, words[1] == "passed,", words[3] == "failed",
              let passed = Int(words[0]), let failed = Int(words[2]) else { return nil }
        return (passed, failed)
    }

    /// Runs the `duo-new` built next to the tests, with the repository's templates, in `folder`.
    package static func duoNew(_ arguments: [String], in folder: URL) throws -> Run {
        let binary: URL = try required(EndToEndHarness.binary, "the duo-new binary was not built next to the tests")
        let templates: String = recipe.deletingLastPathComponent().path
        return try launch(binary, arguments + ["--templates", templates], in: folder, environment: ["NO_COLOR": "1", "COLUMNS": TestScratch.unwrappedColumns])
    }

    /// The last `N passed, M failed` anywhere in `output` (duo-new indents its checks' lines, and
    /// puts the counts it read in parentheses after a check's outcome).
    package static func counts(in output: String) -> (passed: Int, failed: Int)? {
        var found: (passed: Int, failed: Int)? = nil
        for line in output.split(separator: "\n") {
            let words: [Substring] = line.split(separator: " ").map { $0.trimmingPrefix("(") }
            if let index = words.firstIndex(of: "passed,"), index > 0, index + 2 < words.count, words[index + 2].hasPrefix("failed"),
               let passed = Int(words[index - 1]), let failed = Int(words[index + 1]) {
                found = (passed, failed)
            }
        }
        return found
    }

    package static func temporaryFolder(_ prefix: String) throws -> URL {
        try TestScratch.makeFolder(prefix)
    }

    /// The full path of a command on PATH.
    package static func tool(_ name: String) -> String? {
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
