import Foundation
import Testing
import TestSupport

/// The generated app workflow's `linux` job, its `run:` steps read from the generated
/// `.github/workflows/ci.yml` and run in the generated project on this machine as GitHub's
/// runner would run them, with a home folder of their own: they pass, the compiled program lands
/// in the folder the job's cache step keeps, and a second run from that folder reuses it.
@Suite("The app workflow's Linux job runs here")
struct AppWorkflowLinuxJobTests {
    @Test(arguments: WorkflowValidatorTests.recipes)
    func theLinuxJobsStepsPassAndFillTheFolderItsCacheKeeps(recipe: String, app: String) throws {
        let (harness, project) = try WorkflowValidatorTests.generate(recipe, app)
        defer { harness.cleanUp() }
        let workflow = try WorkflowFile(contentsOf: project.appendingPathComponent(".github/workflows/ci.yml"))
        let job = try workflow.job("linux")
        #expect(job.container == "swift:6.2-noble", "the oldest Swift the model tests accept, in its official image")
        #expect(job.runsOn == "ubuntu-latest")

        // The cache step keeps the script's default folder below HOME, keyed by the compiler and the sources.
        let cache = try #require(job.steps.first { $0.uses?.hasPrefix("actions/cache@") == true }, "the linux job caches the compiled tests")
        let cachePath = try #require(cache.with["path"])
        #expect(cachePath == "~/.cache/duo-new/model-tests")
        let key = try #require(cache.with["key"])
        #expect(key.contains("${{ steps.compiler.outputs.version-hash }}"), "the compiler's version is in the key: \(key)")
        #expect(key.contains("hashFiles('**/*.swift', 'Tools/**')"), "every Swift file and script is in the key: \(key)")
        #expect(cache.with["restore-keys"]?.contains("${{ steps.compiler.outputs.version-hash }}-") == true)
        let cacheIndex = try #require(job.steps.firstIndex { $0.uses == cache.uses })
        let modelTestsIndex = try #require(job.steps.firstIndex { $0.id == "model-tests" })
        #expect(cacheIndex < modelTestsIndex, "the cache is restored before the model tests run")

        // HOME is a fresh folder and XDG_CACHE_HOME empty, as in the container: the script's default applies.
        let home = try TestScratch.makeFolder("linux-job-home")
        let runner = try WorkflowStepRunner(workspace: project, environment: ["HOME": home.path, "XDG_CACHE_HOME": ""])
        let steps = job.steps.filter { $0.run != nil }
        #expect(steps.map(\.id) == ["compiler", "model-tests"])
        for step in steps {
            let run = try runner.run(step, defaultShell: job.shell)
            try #require(run.status == 0, "step '\(step.label)' failed (exit \(run.status)):\n\(run.outputText)")
            if step.id == "model-tests" {
                #expect(run.outputText.contains("no cached program matches"), "a fresh cache compiles: \(run.outputText)")
                #expect(run.outputText.firstMatch(of: /\n[1-9][0-9]* passed, 0 failed\n?$/) != nil, "\(run.outputText.suffix(400))")
            }
        }
        let hash = try #require(try runner.outputs()["version-hash"], "the compiler step sets its output")
        #expect(hash.firstMatch(of: /^[0-9a-f]{64}$/) != nil, "a SHA-256 of swift --version: \(hash)")

        let kept = home.appendingPathComponent(String(cachePath.dropFirst(2)))
        let programs = try FileManager.default.contentsOfDirectory(atPath: kept.path).filter { $0.hasSuffix(".program") }
        #expect(programs.count == 1, "the program is kept in the folder the cache step saves: \(kept.path)")

        // What the cache restores is enough: the next run reuses the program.
        let again = try runner.run(try #require(steps.last), defaultShell: job.shell)
        #expect(again.status == 0 && again.outputText.contains("run-model-tests: reusing the program"), "\(again.outputText.prefix(600))")
    }
}
