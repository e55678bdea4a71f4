import DuoNewCore
import Foundation
import Testing
import TestSupport

/// The command line itself: help, version, usage errors, `list` and `lint`, through the binary.
@Suite("Command line")
struct CLITests {
    @Test(arguments: [["--help"], ["-h"], ["generate", "--help", "--bogus-is-ignored-after-help"]])
    func helpGoesToStandardOutput(arguments: [String]) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(arguments)
        #expect(run.status == 0)
        for section in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "EXIT CODES:"] {
            #expect(run.stdout.contains(section), "\(section) missing")
        }
        #expect(run.stderr.isEmpty)
    }

    @Test func versionGoesToStandardOutput() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.range(of: #"^duo-new \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(run.stdout)")
    }

    static let generateUsage = "Usage: duo-new <recipe> <AppName> <bundle-id> <folder> [options]\n  See 'duo-new --help' for more information.\n"
    static let listUsage = "Usage: duo-new list [--templates DIR] [--json | --names]\n  See 'duo-new list --help' for more information.\n"
    static let lintUsage = "Usage: duo-new lint <template-dir>... [--json] [--quiet]\n  See 'duo-new lint --help' for more information.\n"

    @Test("usage errors exit 64 with the usage line", arguments: [
        (["--dryrun"], "unknown option '--dryrun'; did you mean '--dry-run'?"),
        (["--jsn"], "unknown option '--jsn'; did you mean '--json'?"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["example-hello", "Sitter"], "missing <bundle-id>; give it, or pass '--defaults' ('-y') to take the proposal"),
        (["example-hello", "Sitter", "com.example.sitter"], "missing <folder>; give it, or pass '--defaults' ('-y') to take the proposal"),
        ([], "missing <recipe>; name one of the recipes 'duo-new list' shows, or a recipe folder"),
        (["basic", "Sitter", "com.example.sitter", "Sitter", "extra"], "unexpected argument 'extra'"),
        (["basic", "Sitter", "com.example.sitter", "Sitter", "--templates"], "missing value for '--templates'"),
        (["basic", "Sitter", "com.example.sitter", "Sitter", "--templates="], "missing value for '--templates'"),
        (["basic", "Sitter", "com.example.sitter", "Sitter", "--set", ""], "missing value for '--set'"),
        (["basic", "Sitter", "com.example.sitter", "Sitter", "--set", "novalue"], "'--set novalue' is not KEY=VALUE"),
        (["basic", "Sitter", "com.example.sitter", "Sitter", "--dry-run=yes"], "'--dry-run' takes no value"),
        (["lsit"], "unknown command 'lsit'; did you mean 'list'?"),
        (["basic", "Sitter", "com.example.sitter", ""], "<folder> is empty"),
    ] as [([String], String)])
    func usageErrors(arguments: [String], message: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: \(message)"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix(Self.generateUsage), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(harness.tree().isEmpty)
    }

    @Test func optionsTakeEitherFormAndDoubleDashEndsThem() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = EndToEndHarness.fixtureTemplates.path
        let run = try harness.run(["--templates=\(templates)", "--no-test", "--", "basic", "Sitter", "com.example.sitter", "-odd-folder"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(harness.tree().contains("-odd-folder/Sitter/App/SitterApp.swift"))
    }

    @Test func listShowsNameVersionSummaryAndFlagsBrokenRecipes() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["list", "--templates", EndToEndHarness.fixtureTemplates.path])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.range(of: #"^basic +2\.1\.0 +Test recipe with text, binary"#, options: .regularExpression) != nil }, "\(lines)")
        let broken = try #require(lines.first { $0.hasPrefix("broken-manifest ") })
        #expect(broken.contains("broken"))
        #expect(broken.contains("template.yaml:6:1: error: unknown key 'verbatum'"))
    }

    @Test func listFindsTheBundledRecipesFromAnyFolder() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["list", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let templates = try #require(object["templates"] as? String)
        #expect(templates.hasSuffix("/Templates"))
        #expect(object["recipes"] is [[String: Any]])
    }

    @Test func lintReportsEveryDiagnosticAndATally() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let fixtures = EndToEndHarness.fixtureTemplates.path
        let run = try harness.run(["lint", "\(fixtures)/broken-manifest", "\(fixtures)/leftover"])
        #expect(run.status == 78)
        #expect(run.stderr.contains("broken-manifest/template.yaml:6:1: error: unknown key 'verbatum'"), "\(run.stderr)")
        #expect(run.stderr.contains("leftover/template/Sources/Config.swift:3:13: error:"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("3 errors, 0 warnings in 2 templates\n"), "\(run.stderr)")
    }

    @Test func lintWithJSONCountsEverything() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["lint", "--json", EndToEndHarness.fixtureTemplates.appendingPathComponent("leftover").path])
        #expect(run.status == 78)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["exitCode"] as? Int == 78)
        #expect(object["errors"] as? Int == 2)
        #expect(object["templates"] as? Int == 1)
        #expect((object["diagnostics"] as? [String])?.first?.contains("Config.swift:3:13: error:") == true)
        #expect(run.stderr.isEmpty)
    }

    @Test func listWithJSONCarriesTheProblemsOfABrokenRecipe() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["list", "--json", "--templates", EndToEndHarness.fixtureTemplates.path])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let recipes = try #require(object["recipes"] as? [[String: Any]])
        let broken = try #require(recipes.first { $0["name"] as? String == "broken-manifest" })
        #expect(broken["version"] == nil)
        #expect((broken["problems"] as? [String])?.first?.contains("template.yaml:6:1: error: unknown key 'verbatum'") == true)
        #expect(recipes.first { $0["name"] as? String == "basic" }?["version"] as? String == "2.1.0")
    }

    @Test func lintPassesACleanRecipe() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["lint", EndToEndHarness.fixtureTemplates.appendingPathComponent("failing-check").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "0 errors, 0 warnings in 1 template\n")
    }
}

#if os(Linux)
/// On a terminal (a pseudo-terminal from util-linux `script`, which scripts/test.sh installs):
/// colour and a live counter, unless `NO_COLOR`.
@Suite("Command line on a terminal")
struct CLITerminalTests {
    func runOnTerminal(noColor: String, columns: String? = nil) throws -> String {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let binary = try #require(EndToEndHarness.binary)
        let script = try #require(CameraStudioTemplate.tool("script"), "install util-linux's script (Debian: bsdutils)")
        let command = [binary.path, "basic", "Sitter", "com.example.sitter", "Sitter", "--templates", EndToEndHarness.fixtureTemplates.path]
            .map(ShellQuoting.quoted).joined(separator: " ")
        let run = try harness.run(["-qc", command, "/dev/null"], environment: ["NO_COLOR": noColor, "COLUMNS": columns ?? TestScratch.unwrappedColumns], executable: URL(fileURLWithPath: script))
        #expect(run.status == 0, "\(run.stdout)")
        return run.stdout
    }

    @Test func colourAndLiveProgressOnATerminal() throws {
        let output = try runOnTerminal(noColor: "")
        #expect(output.contains("\u{1B}[1mGenerating Sitter\u{1B}[0m"))
        #expect(output.contains("\r\u{1B}[K  writing "))
        #expect(output.contains("\u{1B}[32m✓\u{1B}[0m smoke test passed"))
    }

    /// The live counter is redrawn with `\r` and erased with `\e[K`, which reach back to the
    /// start of one line only: on a terminal narrower than the counter, each drawing is cut to
    /// fit, or its wrapped part would stay on the screen.
    @Test func theLiveCounterFitsANarrowTerminal() throws {
        let output = try runOnTerminal(noColor: "1", columns: "20")
        let drawings = output.components(separatedBy: "\r\u{1B}[K").dropFirst().map { $0.prefix { $0 != "\r" && $0 != "\n" } }
            .filter { $0.hasPrefix("  writing") }
        #expect(!drawings.isEmpty, "\(output)")
        #expect(drawings.allSatisfy { $0.count < 20 }, "\(drawings)")
    }

    @Test func noColourWhenNoColorIsSet() throws {
        let output = try runOnTerminal(noColor: "1")
        #expect(!output.contains("\u{1B}[1m") && !output.contains("\u{1B}[32m"))
        #expect(output.contains("✓ smoke test passed"))
    }
}
#endif
