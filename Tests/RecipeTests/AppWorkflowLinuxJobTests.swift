import Foundation
import Testing
import TestSupport

/// The generated app workflow's `linux` job, its `run:` steps read from the generated
/// `.github/workflows/ci.yml` and run in the generated project on this machine as GitHub's
/// runner would run them: they pass, and `swift test` finds its build in the `.build` folder the
/// job's cache step keeps. The project is the shared, built one (`BuiltProject`): duo-new's own
/// check built it into `.build`, so a step that built anywhere else would compile the app again.
@Suite("The app workflow's Linux job runs here")
struct AppWorkflowLinuxJobTests {
    @Test(arguments: WorkflowValidatorTests.recipes)
    func theLinuxJobsStepsPassAndUseTheFolderItsCacheKeeps(recipe: String, app: String) async throws {
        let built: BuiltProject = try #require(BuiltProject.of(recipe), "no built project of \(recipe)")
        #expect(built.appName == app)
        try await built.borrow(restoring: []) { project in
            try Self.runTheLinuxJob(in: project, app: app)
        }
    }

    static func runTheLinuxJob(in project: URL, app: String) throws {
        let workflow = try WorkflowFile(contentsOf: project.appendingPathComponent(".github/workflows/ci.yml"))
        let job = try workflow.job("linux")
        #expect(job.container == "swift:6.2-noble", "the oldest Swift the package accepts, in its official image")
        #expect(job.runsOn == "ubuntu-latest")

        // The cache step keeps the package's build folder, keyed by the compiler and the sources.
        let cache = try #require(job.steps.first { $0.uses?.hasPrefix("actions/cache@") == true }, "the linux job caches the build folder")
        let cachePath = try #require(cache.with["path"])
        #expect(cachePath == ".build")
        let key = try #require(cache.with["key"])
        #expect(key.contains("${{ steps.compiler.outputs.version-hash }}"), "the compiler's version is in the key: \(key)")
        #expect(key.contains("hashFiles('Package.swift', '**/*.swift')"), "the package and every Swift file are in the key: \(key)")
        #expect(cache.with["restore-keys"]?.contains("${{ steps.compiler.outputs.version-hash }}-") == true)
        let cacheIndex = try #require(job.steps.firstIndex { $0.uses == cache.uses })
        let modelTestsIndex = try #require(job.steps.firstIndex { $0.id == "model-tests" })
        #expect(cacheIndex < modelTestsIndex, "the cache is restored before the model tests run")

        // duo-new's check built the package into the folder the cache step names.
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(cachePath).path, isDirectory: &isFolder) && isFolder.boolValue,
                "the build is in the folder the cache step saves")

        let home = try TestScratch.makeFolder("linux-job-home")
        let runner = try WorkflowStepRunner(workspace: project, environment: ["HOME": home.path, "XDG_CACHE_HOME": ""])
        let steps = job.steps.filter { $0.run != nil }
        #expect(steps.map(\.id) == ["compiler", "model-tests"])
        for step in steps {
            let run = try runner.run(step, defaultShell: job.shell)
            try #require(run.status == 0, "step '\(step.label)' failed (exit \(run.status)):\n\(run.outputText)")
            if step.id == "model-tests" {
                #expect(run.outputText.firstMatch(of: /Test run with [1-9][0-9]* tests in [0-9]+ suites? passed/) != nil, "\(run.outputText.suffix(400))")
                // What the cache restores is enough: the step compiles none of the app's files.
                #expect(!run.outputText.contains("Compiling \(app) "), "the step built somewhere other than .build: \(run.outputText.prefix(600))")
            }
        }
        let hash = try #require(try runner.outputs()["version-hash"], "the compiler step sets its output")
        #expect(hash.firstMatch(of: /^[0-9a-f]{64}$/) != nil, "a SHA-256 of swift --version: \(hash)")
    }
}
