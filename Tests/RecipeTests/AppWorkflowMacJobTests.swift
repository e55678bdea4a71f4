@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// The generated app workflow's `mac` job runs the commands the project documents: its `run:`
/// steps, run here against the stand-in Xcode tools (Tests/Fixtures/mac-tools), make exactly the
/// calls the recipe's own `simulator` and `UI tests` checks make, every one through the Xcode its
/// `DEVELOPER_DIR` names; each build, install, launch and screenshot call is one the README's
/// steps spell out; and the README's "Continuous integration" section lists the job's commands.
@Suite("The app workflow's macOS job runs the documented commands")
struct AppWorkflowMacJobTests {
    static let xcodeDefault = "/Applications/Xcode-27.1.app/Contents/Developer"
    static let resultBundle = "-resultBundlePath build/UITests.xcresult"

    static func checkRun(_ name: String, in manifest: URL) throws -> String {
        let root = try #require(try YAMLParser.parse(String(contentsOf: manifest, encoding: .utf8)))
        guard case .sequence(let checks)? = WorkflowFile.pairs(root)["checks"]?.kind else {
            Issue.record("\(manifest.path) has no checks")
            return ""
        }
        let check = try #require(checks.first { WorkflowFile.text(WorkflowFile.pairs($0)["name"]) == name }, "no check '\(name)' in \(manifest.path)")
        return try #require(WorkflowFile.text(WorkflowFile.pairs(check)["run"]))
    }

    /// The stand-in tools' record of the calls made by `commands` run one by one in `project`.
    static func calls(running commands: [(label: String, script: String, env: [String: String])], in project: URL, developerDir: String) throws -> [String] {
        let log = try TestScratch.makeFolder("mac-calls").appendingPathComponent("calls.log")
        let path = MacStepsTests.tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let runner = try WorkflowStepRunner(workspace: project, environment: [
            "PATH": path, "MAC_TOOLS_LOG": log.path, "SCREENSHOT_DELAY": "0", "DEVELOPER_DIR": developerDir,
        ])
        for command in commands {
            let step = WorkflowFile.Step(id: command.label, run: command.script, with: [:], env: command.env)
            let run = try runner.run(step, defaultShell: "bash")
            try #require(run.status == 0, "'\(command.label)' failed (exit \(run.status)):\n\(run.outputText.suffix(1500))")
        }
        return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The README's shell lines (continuations joined, spaces collapsed, the Xcode prefix and the
    /// `DEV=` line dropped), with `<UDID>` standing for the simulator.
    static func documentedCommands(in readme: String) -> Set<String> {
        var commands: Set<String> = []
        var inCode = false
        var pending = ""
        for raw in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard inCode else { continue }
            if line.hasSuffix("\\") { pending += line.dropLast() + " "; continue }
            var command = (pending + line).split(separator: " ").joined(separator: " ")
            pending = ""
            if let prefix = command.firstMatch(of: /^DEVELOPER_DIR=\S+\s/) { command.removeSubrange(prefix.range) }
            commands.insert(command)
        }
        return commands
    }

    /// The project is the shared, built one (`BuiltProject`): the job's `swift test` step finds
    /// its build, and what the stand-in tools write into `build/` is removed when it returns.
    @Test(arguments: MacStepsTests.recipes.map(\.recipe))
    func theMacJobMakesTheCallsOfTheRecipesChecksAndTheReadmesSteps(recipe: String) async throws {
        let r = try #require(MacStepsTests.recipes.first { $0.recipe == recipe })
        let built: BuiltProject = try #require(BuiltProject.of(recipe), "no built project of \(recipe)")
        #expect(built.appName == r.app)
        try await built.borrow(restoring: ["build"]) { project in
            try Self.runTheMacJob(in: project, recipe: r)
        }
    }

    static func runTheMacJob(in project: URL, recipe r: (recipe: String, app: String, bundleID: String, switches: String)) throws {
        let recipe = r.recipe
        let workflow = try WorkflowFile(contentsOf: project.appendingPathComponent(".github/workflows/ci.yml"))
        let job = try workflow.job("mac")
        #expect(!workflow.text.contains("xcode-select "), "the Xcode is chosen by DEVELOPER_DIR only")
        // The first step finds the Xcode (AppWorkflowXcodeTests) and hands it on as DEVELOPER_DIR.
        #expect(job.env["XCODE_DEVELOPER_DIR"] == "${{ vars.XCODE_DEVELOPER_DIR }}")
        // Gated: without a runner named by the input or the variable, the job is skipped.
        #expect(job.condition == "inputs.mac-runner != '' || vars.MAC_RUNNER != ''")
        #expect(job.runsOn == "${{ inputs.mac-runner || vars.MAC_RUNNER }}")

        // The job's steps, with the launch switches the recipe's simulator check uses.
        let simulatorCheck = try Self.checkRun("simulator", in: SchemaValidator.repository.appendingPathComponent("Templates/\(recipe)/template.yaml"))
        let uiTestsCheck = try Self.checkRun("UI tests", in: SchemaValidator.repository.appendingPathComponent("Templates/duo-app/layer.yaml"))
        #expect(simulatorCheck == "Tools/run-on-simulator.sh \(r.switches)" && uiTestsCheck == "Tools/run-on-simulator.sh --ui-tests")
        let xcode = try TestScratch.makeFolder("Xcode-27.1.app").appendingPathComponent("Contents/Developer").path
        try FileManager.default.createDirectory(atPath: xcode, withIntermediateDirectories: true)
        let steps = job.steps.filter { $0.run != nil }
        #expect(steps.map(\.id) == ["runner", "model-tests", "simulator", "ui-tests"])
        let jobCommands = try steps.map { step in
            (label: step.label, script: try #require(step.run), env: try step.env.mapValues { value in
                try #require(value == "${{ inputs.launch-switches }}" ? r.switches : nil, "step '\(step.label)': unexpected env value \(value)")
            })
        }
        let jobCalls = try Self.calls(running: jobCommands, in: project, developerDir: xcode)

        // The same as the recipe's checks (what duo-new runs on a Mac), after the job's look for the simulator.
        let checkCalls = try Self.calls(
            running: [("udid", "Tools/run-on-simulator.sh --udid", [:]), ("simulator", simulatorCheck, [:]), ("UI tests", "\(uiTestsCheck) \(Self.resultBundle)", [:])],
            in: project, developerDir: xcode
        )
        #expect(jobCalls == checkCalls)
        #expect(jobCalls.count == 10 && jobCalls.allSatisfy { $0.hasPrefix("DEVELOPER_DIR=\(xcode) ") }, "\(jobCalls)")
        #expect(jobCalls.last?.hasSuffix(" -parallel-testing-enabled NO \(Self.resultBundle)") == true, "the result bundle the job uploads: \(jobCalls.last ?? "")")
        let upload = try #require(job.steps.first { $0.uses?.hasPrefix("actions/upload-artifact@") == true })
        #expect(upload.condition == "always()")
        #expect(upload.with["path"] == "build/outer.png\nbuild/inner.png\nbuild/UITests.xcresult\nbuild/xcodebuild.log\n")
        for file in ["build/outer.png", "build/inner.png", "build/xcodebuild.log"] {
            #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(file).path), "\(file) is there to upload")
        }

        // Every build, install, launch and screenshot call is a command the README's steps give.
        let readme = try String(contentsOf: project.appendingPathComponent("README.md"), encoding: .utf8)
        let documented = Self.documentedCommands(in: readme)
        let spelledOut = jobCalls.map { call in
            call.replacingOccurrences(of: "DEVELOPER_DIR=\(xcode) ", with: "").replacingOccurrences(of: MacStepsTests.udid, with: "<UDID>")
        }.filter { $0.hasPrefix("xcodebuild -project") || $0.contains("simctl install") || $0.contains("simctl launch") || $0.contains("simctl io") }
        #expect(spelledOut.count == 5)
        for call in spelledOut {
            #expect(documented.contains(call), "README.md does not give the command the mac job runs: \(call)")
        }
        #expect(readme.contains("DEVELOPER_DIR=\(Self.xcodeDefault)"), "the README's Xcode is the job's default")

        // The README's CI section lists the job's commands, in order.
        let section = try #require(readme.components(separatedBy: "\n## Continuous integration\n").dropFirst().first?.components(separatedBy: "\n## ").first, "README.md has a 'Continuous integration' section")
        let block = try #require(section.components(separatedBy: "```bash\n").dropFirst().first?.components(separatedBy: "```").first)
        let listed = block.split(separator: "\n").map(String.init)
        let run = jobCommands.flatMap { $0.script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { $0.hasPrefix("Tools/") || $0 == "swift test" }
        #expect(listed == run, "README.md's CI section lists \(listed); the mac job runs \(run)")
        for needed in ["Xcode 27.1", "iPhone Duo simulator", "MAC_RUNNER", "skipped", "cannot check", "\(r.app)-simulator"] {
            #expect(section.contains(needed), "the CI section says '\(needed)'")
        }
    }
}
