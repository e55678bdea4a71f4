@testable import DuoNewCore
import Foundation
import Testing
import TestSupport

/// The generated app workflow's `mac` job on a real runner: it finds Xcode 27.1 under the name
/// Apple gives it (`Xcode-27.1.app`) or the one GitHub's macOS images use (`Xcode_27.1.app`),
/// two runs never share the simulator at once, and it says (and does) how to get the iOS
/// runtime and the iPhone Duo simulator.
@Suite("The app workflow's macOS job finds its Xcode and simulator")
struct AppWorkflowXcodeTests {
    static let recipe = MacStepsTests.recipes[0]

    static func runnerStep(_ project: URL) throws -> (WorkflowFile, WorkflowFile.Step) {
        let workflow = try WorkflowFile(contentsOf: project.appendingPathComponent(".github/workflows/ci.yml"))
        let step = try #require(try workflow.job("mac").steps.first { $0.id == "runner" })
        return (workflow, step)
    }

    static func runner(_ project: URL, _ environment: [String: String]) throws -> WorkflowStepRunner {
        let log = try TestScratch.makeFolder("xcode-calls").appendingPathComponent("calls.log")
        let path = MacStepsTests.tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try WorkflowStepRunner(workspace: project, environment: ["PATH": path, "MAC_TOOLS_LOG": log.path].merging(environment) { $1 })
    }

    @Test func runsQueueByBranchAndTheMacJobByRunner() throws {
        let (harness, project) = try WorkflowValidatorTests.generate(Self.recipe.recipe, Self.recipe.app)
        defer { harness.cleanUp() }
        let (workflow, _) = try Self.runnerStep(project)
        let root = try #require(try YAMLParser.parse(workflow.text))
        let topNode = try #require(WorkflowFile.pairs(root)["concurrency"], "the workflow has no concurrency group")
        let top = WorkflowFile.pairs(topNode)
        #expect(WorkflowFile.text(top["group"]) == "${{ github.workflow }}-${{ github.ref }}")
        let jobsNode = try #require(WorkflowFile.pairs(root)["jobs"])
        let macJob = try #require(WorkflowFile.pairs(jobsNode)["mac"])
        let macNode = try #require(WorkflowFile.pairs(macJob)["concurrency"], "the mac job has no concurrency group")
        let mac = WorkflowFile.pairs(macNode)
        #expect(WorkflowFile.text(mac["group"])?.contains("${{ inputs.mac-runner || vars.MAC_RUNNER }}") == true,
                "the mac job's group is its runner, whose one simulator two runs would share")
        #expect(WorkflowFile.text(mac["cancel-in-progress"]) == "false", "a run on the simulator is queued, never cut off")
    }

    /// With no `DEVELOPER_DIR` and no variable, the step looks under both names and says so.
    @Test func theRunnerStepLooksForXcodeUnderBothNames() throws {
        let (harness, project) = try WorkflowValidatorTests.generate(Self.recipe.recipe, Self.recipe.app)
        defer { harness.cleanUp() }
        let (workflow, step) = try Self.runnerStep(project)
        #expect(try workflow.job("mac").env["DEVELOPER_DIR"] == nil, "DEVELOPER_DIR is found by the first step, not fixed to one name")
        let script = try #require(step.run)
        for name in ["/Applications/Xcode-27.1.app", "/Applications/Xcode_27.1.app"] {
            #expect(script.contains(name), "the runner step looks for \(name)")
        }
        // Neither here (Linux): the step stops and names both, and the variable.
        let missing = try Self.runner(project, ["XCODE_DEVELOPER_DIR": ""]).run(WorkflowFile.Step(id: "runner", run: script, with: [:], env: [:]), defaultShell: "bash")
        #expect(missing.status == 1)
        #expect(missing.outputText.contains("Xcode-27.1.app") && missing.outputText.contains("Xcode_27.1.app") && missing.outputText.contains("XCODE_DEVELOPER_DIR"), "\(missing.outputText)")

        // The variable names one: it becomes DEVELOPER_DIR for the later steps.
        let xcode = try TestScratch.makeFolder("Xcode_27.1.app").appendingPathComponent("Contents/Developer")
        try FileManager.default.createDirectory(at: xcode, withIntermediateDirectories: true)
        let runner = try Self.runner(project, ["XCODE_DEVELOPER_DIR": xcode.path])
        let found = try runner.run(WorkflowFile.Step(id: "runner", run: script, with: [:], env: [:]), defaultShell: "bash")
        #expect(found.status == 0, "\(found.outputText)")
        let env = try String(contentsOf: runner.runnerFolder.appendingPathComponent("env"), encoding: .utf8)
        #expect(env.contains("DEVELOPER_DIR=\(xcode.path)\n"), "\(env)")
    }

    /// The step says how to get the iOS runtime and the iPhone Duo simulator, and gets them
    /// when they are missing.
    @Test func theRunnerStepGetsTheRuntimeAndTheDevice() throws {
        let (harness, project) = try WorkflowValidatorTests.generate(Self.recipe.recipe, Self.recipe.app)
        defer { harness.cleanUp() }
        let (workflow, step) = try Self.runnerStep(project)
        let script = try #require(step.run)
        #expect(script.contains("xcodebuild -downloadPlatform iOS"), "the runner step installs the iOS runtime when missing")
        #expect(script.contains(#"xcrun simctl create "iPhone Duo" "iPhone Duo""#), "the runner step creates the iPhone Duo simulator when missing")
        #expect(workflow.text.contains("Xcode > Settings > Components"), "the workflow says how to get the runtime by hand")
    }
}
