import Foundation
import Testing
import TestSupport

/// The recipe action (`action.yml` at the repository's root): its `lint` and `generate` steps,
/// the parts that need no GitHub, read from the file and run here with the built duo-new on
/// PATH, against this repository's Templates/ and against broken copies. The inputs take the
/// action's own defaults unless a test says otherwise.
@Suite("The recipe action lints and generates recipes here")
struct RecipeActionTests {
    static let action = SchemaValidator.repository.appendingPathComponent("action.yml")

    struct Outcome {
        var lint: ChildProcess
        var generate: ChildProcess?
        var reports: URL
    }

    /// Runs the lint step, then (when it passed) the generate step, in the repository's folder.
    static func runSteps(templates: String, inputs: [String: String] = [:]) throws -> Outcome {
        let file = try WorkflowFile(contentsOf: action)
        let binary = try #require(EndToEndHarness.binary, "the duo-new binary was not built next to the tests")
        let reports = try TestScratch.makeFolder("action-reports").appendingPathComponent("reports")
        var values = file.inputDefaults.merging(inputs) { $1 }
        values["templates"] = templates
        values["reports"] = reports.path
        let path = binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let runner = try WorkflowStepRunner(
            workspace: SchemaValidator.repository, environment: ["PATH": path, "NO_COLOR": "1"],
            expressions: Dictionary(uniqueKeysWithValues: values.map { ("inputs.\($0.key)", $0.value) })
        )
        let lint = try runner.run(try file.actionStep("lint"))
        guard lint.status == 0 else { return Outcome(lint: lint, generate: nil, reports: reports) }
        return Outcome(lint: lint, generate: try runner.run(try file.actionStep("generate")), reports: reports)
    }

    static func report(_ name: String, in reports: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: reports.appendingPathComponent("\(name).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(name).json is a JSON object")
    }

    /// A recipe folder of its own holding a copy of example-hello, its manifest changed by `edit`.
    static func templates(withHello edit: (String) -> String) throws -> URL {
        let templates = try TestScratch.makeFolder("action-templates")
        let hello = templates.appendingPathComponent("example-hello")
        try FileManager.default.copyItem(at: SchemaValidator.repository.appendingPathComponent("Templates/example-hello"), to: hello)
        let manifest = hello.appendingPathComponent("template.yaml")
        try edit(try String(contentsOf: manifest, encoding: .utf8)).write(to: manifest, atomically: true, encoding: .utf8)
        return templates
    }

    /// Every bundled recipe and layer linted, and every recipe generated, with `checks: false`.
    /// The Duo recipes' checks (their model tests, a cold build of each package) run in the shared
    /// generations of `BuiltProject`, with the same options; here the examples show that the
    /// action runs and reports checks.
    @Test func theActionLintsAndGeneratesEveryBundledRecipe() throws {
        let outcome = try Self.runSteps(templates: "Templates", inputs: ["checks": "false"])
        #expect(outcome.lint.status == 0, "\(outcome.lint.outputText)")
        let lint = try Self.report("lint", in: outcome.reports)
        #expect(lint["exitCode"] as? Int == 0 && lint["errors"] as? Int == 0 && lint["warnings"] as? Int == 0)
        let folders = try FileManager.default.contentsOfDirectory(atPath: SchemaValidator.repository.appendingPathComponent("Templates").path)
        #expect(lint["templates"] as? Int == folders.count, "every recipe and layer is linted")

        let generate = try #require(outcome.generate)
        #expect(generate.status == 0, "\(generate.outputText.suffix(2000))")
        let recipes = folders.filter { FileManager.default.fileExists(atPath: SchemaValidator.repository.appendingPathComponent("Templates/\($0)/template.yaml").path) }.sorted()
        #expect(recipes.count == 4 && generate.outputText.contains("\(recipes.count) recipes generated, 0 failed"), "\(generate.outputText.suffix(400))")
        for recipe in recipes {
            let report = try Self.report(recipe, in: outcome.reports)
            #expect(report["exitCode"] as? Int == 0 && report["recipe"] as? String == recipe, "\(recipe): \(report)")
            #expect(report["checksSkipped"] as? Bool == true, "\(recipe): \(report)")
        }
    }

    /// With its default `checks: true`, the action runs each recipe's checks and reports them.
    @Test func theActionRunsAndReportsEachRecipesChecks() throws {
        let templates = try TestScratch.makeFolder("action-examples")
        for name in ["example-hello", "example-layered", "example-shared"] {
            try FileManager.default.copyItem(
                at: SchemaValidator.repository.appendingPathComponent("Templates/\(name)"), to: templates.appendingPathComponent(name)
            )
        }
        let outcome = try Self.runSteps(templates: templates.path)
        #expect(outcome.lint.status == 0, "\(outcome.lint.outputText)")
        let generate = try #require(outcome.generate)
        #expect(generate.status == 0 && generate.outputText.contains("2 recipes generated, 0 failed"), "\(generate.outputText.suffix(2000))")
        for recipe in ["example-hello", "example-layered"] {
            let report = try Self.report(recipe, in: outcome.reports)
            let checks = try #require(report["checks"] as? [[String: Any]], "\(recipe) ran its checks")
            #expect(!checks.isEmpty && checks.allSatisfy { $0["status"] as? String == "passed" }, "\(recipe): \(checks)")
        }
    }

    /// The build step against a stand-in `swift` (Tests/Fixtures/action-tools) that records its
    /// calls and "builds" a duo-new saying which tree it came from: the action's own copy, or the
    /// given ref of the given repository.
    @Test func theBuildStepBuildsTheGivenRefAndPutsItsDuoNewOnPath() throws {
        let folder = try TestScratch.makeFolder("action-build")
        func shell(_ script: String) throws {
            let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: folder, mergingErrors: true)
            try #require(run.status == 0, "\(script): \(run.outputText)")
        }
        try shell("""
            set -e
            mkdir own repository
            echo the-action >own/TREE
            cd repository && git init -q && git config user.email t@example.com && git config user.name t
            echo tagged >TREE && git add TREE && git commit -qm one && git tag v1
            echo later >TREE && git commit -qam two
            """)
        let step = try WorkflowFile(contentsOf: Self.action).actionStep("build")
        for (ref, tree) in [("", "the-action"), ("v1", "tagged")] {
            let log = folder.appendingPathComponent("swift-\(tree).log")
            let runner = try WorkflowStepRunner(
                workspace: folder,
                environment: [
                    "PATH": Fixtures.root.appendingPathComponent("action-tools").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                    "SWIFT_LOG": log.path, "GITHUB_ACTION_PATH": folder.appendingPathComponent("own").path,
                    "GITHUB_SERVER_URL": "https://github.invalid", "GITHUB_ACTION_REPOSITORY": "nobody/duo-new",
                ],
                expressions: ["inputs.duo-new-ref": ref, "inputs.duo-new-repository": "file://" + folder.appendingPathComponent("repository").path]
            )
            let run = try runner.run(step)
            #expect(run.status == 0 && run.outputText.contains("duo-new from \(tree)\n"), "\(run.outputText)")
            let source = ref.isEmpty ? folder.appendingPathComponent("own").path : runner.runnerFolder.appendingPathComponent("temp/duo-new-source").path
            let calls = try String(contentsOf: log, encoding: .utf8)
            #expect(calls == "swift build -c release --product duo-new --package-path \(source)\nswift build -c release --show-bin-path --package-path \(source)\n")
            let path = try String(contentsOf: runner.runnerFolder.appendingPathComponent("path"), encoding: .utf8)
            #expect(path == "\(source)/.build/release\n", "the built duo-new is on PATH for the next steps")
        }
    }

    /// Here libyaml, libcrypto and Swift are installed, so the first step only looks.
    @Test func theDependencyStepPassesWhereEverythingIsInstalled() throws {
        let run = try WorkflowStepRunner(workspace: SchemaValidator.repository).run(try WorkflowFile(contentsOf: Self.action).actionStep("dependencies"))
        #expect(run.status == 0 && run.outputText.isEmpty, "\(run.outputText)")
    }

    @Test func aLintErrorStopsTheActionWithItsDiagnosticInTheReport() throws {
        let templates = try Self.templates { $0.replacingOccurrences(of: "verbatim:", with: "verbatum:") }
        let outcome = try Self.runSteps(templates: templates.path)
        #expect(outcome.lint.status == 78, "\(outcome.lint.outputText)")
        let manifest = templates.appendingPathComponent("example-hello/template.yaml").path
        let line = try #require(outcome.lint.outputText.firstMatch(of: /:([0-9]+):1: error: unknown key 'verbatum'/), "the finding is in the log: \(outcome.lint.outputText)")
        #expect(outcome.lint.outputText.contains("\(manifest):\(line.1):1: error: unknown key 'verbatum'; did you mean 'verbatim'?\n"))
        #expect(outcome.lint.outputText.contains("::error file=\(manifest),line=\(line.1),col=1::unknown key 'verbatum'; did you mean 'verbatim'?\n"), "an annotation on the manifest's line")
        let diagnostics = try #require(try Self.report("lint", in: outcome.reports)["diagnostics"] as? [String])
        #expect(diagnostics.contains("\(manifest):\(line.1):1: error: unknown key 'verbatum'; did you mean 'verbatim'?"), "\(diagnostics)")
        #expect(outcome.generate == nil)
    }

    @Test func requireAllFailsARecipeWhoseCheckIsSkippedHere() throws {
        let templates = try Self.templates {
            $0.replacingOccurrences(of: "    run: Tools/check.sh\n", with: """
                    run: Tools/check.sh
                  - name: on a Mac
                    run: sw_vers
                    needs:
                      commands: [duo-new-test-no-such-tool]
                      hint: a tool no machine has

                """)
        }
        let relaxed = try Self.runSteps(templates: templates.path)
        #expect(relaxed.generate?.status == 0, "\(relaxed.generate?.outputText ?? relaxed.lint.outputText)")
        let strict = try Self.runSteps(templates: templates.path, inputs: ["require-all": "true"])
        let generate = try #require(strict.generate, "\(strict.lint.outputText)")
        #expect(generate.status == 1)
        #expect(generate.outputText.contains("::error::example-hello: duo-new exited with 1") && generate.outputText.contains("1 recipes generated, 1 failed: example-hello"), "\(generate.outputText)")
        #expect(try Self.report("example-hello", in: strict.reports)["exitCode"] as? Int == 1)
    }

    @Test func settingsReachTheirRecipeOnly() throws {
        let templates = try Self.templates { $0 }
        let outcome = try Self.runSteps(templates: templates.path, inputs: ["checks": "false", "settings": "example-hello greeting=Howdy\nother-recipe greeting=Nope\n"])
        #expect(outcome.generate?.status == 0, "\(outcome.generate?.outputText ?? outcome.lint.outputText)")
        let report = try Self.report("example-hello", in: outcome.reports)
        #expect(report["checksSkipped"] as? Bool == true)
        let program = try String(contentsOf: URL(fileURLWithPath: try #require(report["folder"] as? String)).appendingPathComponent("Sample/main.swift"), encoding: .utf8)
        #expect(program.contains("Howdy from Sample") && !program.contains("Nope"), "\(program)")
    }
}
