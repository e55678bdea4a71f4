import Foundation
import Testing
import TestSupport

/// Each command's own help, and one format for every usage error: `Error: …`, the usage line of
/// the command it is about, and where to read more (issue 16, point 5).
@Suite("Command line: help and usage per command")
struct CLIHelpTests {
    @Test("each command has its own help on standard output", arguments: [
        (["list", "--help"], "OVERVIEW: List the recipes found", "USAGE: duo-new list [--templates DIR] [--json | --names]"),
        (["lint", "-h"], "OVERVIEW: Check recipe folders for their authors.", "USAGE: duo-new lint <template-dir>... [--json] [--quiet]"),
        (["help", "lint"], "OVERVIEW: Check recipe folders for their authors.", "-q, --quiet           Print only the errors, and the tally only when there is one."),
        (["help", "list"], "OVERVIEW: List the recipes found", "66   no templates folder"),
        (["help", "schema"], "OVERVIEW: Print the JSON Schema of template.yaml", "USAGE: duo-new schema"),
        (["help"], "OVERVIEW: Create an iPhone Duo app project from a recipe.", "duo-new lint <template-dir>... [--json] [--quiet]"),
        (["help", "generate"], "OVERVIEW: Create an iPhone Duo app project from a recipe.", "USAGE: duo-new <recipe> <AppName> <bundle-id> <folder> [options]"),
        (["--templates", "x", "lint", "--help"], "OVERVIEW: Check recipe folders", "USAGE: duo-new lint"),
    ] as [([String], String, String)])
    func commandHelp(arguments: [String], overview: String, line: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(arguments)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(overview), "\(run.stdout)")
        #expect(run.stdout.contains(line), "\(run.stdout)")
        #expect(run.stderr.isEmpty)
    }

    /// The main help names lint's `--quiet` and offers a `--set` that a bundled recipe takes.
    @Test func mainHelpListsLintQuietAndAWorkingSetExample() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["--help"])
        #expect(run.stdout.contains("duo-new lint <template-dir>... [--json] [--quiet]"))
        #expect(!run.stdout.contains("team-id"))
        #expect(run.stdout.contains("--set greeting=Hi"))
        let set = try harness.run(["example-hello", "Hello", "com.example.hello", "hello", "--set", "greeting=Hi", "--dry-run"])
        #expect(set.status == 0, "\(set.stderr)")
    }

    @Test("every usage error has one format and its command's usage line", arguments: [
        (["list", "--dry-run"], "'--dry-run' does not apply to 'list'", CLITests.listUsage),
        (["list", "extra"], "unexpected argument 'extra'", CLITests.listUsage),
        (["lint"], "missing <template-dir>; name at least one recipe folder to lint", CLITests.lintUsage),
        (["lint", "x", "--no-test"], "'--no-test' does not apply to 'lint'", CLITests.lintUsage),
        (["help", "lnit"], "no help on 'lnit'; did you mean 'lint'?",
         "Usage: duo-new help [command | recipe] [--templates DIR] [--offline]\n  See 'duo-new --help' for more information.\n"),
        (["example-hello", "Hello", "com.example.hello", "out", "--set"], "missing value for '--set'", CLITests.generateUsage),
        (["example-hello", "Hello", "com.example.hello", "out", "--set", "greting=Hi"],
         "this recipe has no setting 'greting'; did you mean 'greeting'?", CLITests.generateUsage),
        (["example-hello", "Hello", "com.example.hello", "out", "--set", "greeting=Hi", "--set", "greeting=Yo"],
         "'--set greeting=…' is given more than once; give each setting once", CLITests.generateUsage),
        (["example-hello", "Hello", "com.example.hello", "out", "--set", "greeting"],
         "'--set greeting' is not KEY=VALUE; write it as '--set KEY=VALUE', such as '--set greeting=Hi' for example-hello", CLITests.generateUsage),
    ] as [([String], String, String)])
    func usageErrorFormat(arguments: [String], message: String, usage: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr == "Error: \(message)\n" + usage, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(harness.tree().isEmpty)
    }

    /// A `--set` the recipe needs but was not given reads like every other usage error.
    @Test func missingRequiredSettingIsAUsageError() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try EndToEndMessageTests.recipe(harness, "needs", manifest: """
            name: needs
            summary: A setting without a default.
            version: 1.0.0
            placeholders:
              APP_NAME:
                from: app-name
              TEAM_ID:
                from: set
                description: The signing team.

            """, files: ["__APP_NAME__.txt": "__TEAM_ID__\n"])
        let run = try harness.run(["./needs", "Sitter", "com.example.sitter", "out"])
        #expect(run.status == 64)
        // The recipe takes no bundle id: the usage line is its own.
        #expect(run.stderr == "Error: this recipe needs '--set team-id=VALUE' (The signing team.)\nUsage: duo-new needs <AppName> <folder> [options]\n  See 'duo-new --help' for more information.\n", "\(run.stderr)")
    }

    /// `lint -q` prints the errors and the tally, nothing about warnings; with only warnings, nothing.
    @Test func lintQuietPrintsOnlyErrors() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let warnings = Fixtures.lint.appendingPathComponent("exclude-matches-nothing").path
        let loud = try harness.run(["lint", warnings])
        #expect(loud.stderr.contains("warning:"), "\(loud.stderr)")
        let quiet = try harness.run(["lint", "-q", warnings])
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        let both = try harness.run(["lint", "--quiet", warnings, Fixtures.lint.appendingPathComponent("check-commands").path])
        #expect(both.status == 78)
        #expect(!both.stderr.contains("warning:"), "\(both.stderr)")
        #expect(both.stderr.contains("error:"), "\(both.stderr)")
        #expect(both.stderr.hasSuffix(" in 2 templates\n"), "\(both.stderr)")
    }

    /// An installed duo-new gives the schema itself; it is the text of docs/template.schema.json.
    @Test func schemaCommandPrintsTheDocumentedSchema() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["schema"])
        #expect(run.status == 0)
        let documented = try String(contentsOf: SchemaValidator.schemaURL, encoding: .utf8)
        #expect(run.stdout == documented, "regenerate with 'duo-new schema > docs/template.schema.json'")
        let layer = try harness.run(["schema", "--layer"])
        #expect(layer.status == 0)
        let layerDocumented = try String(contentsOf: SchemaValidator.repository.appendingPathComponent("docs/layer.schema.json"), encoding: .utf8)
        #expect(layer.stdout == layerDocumented, "the layer's schema is docs/layer.schema.json")
        #expect(layer.stdout != run.stdout)
    }
}
