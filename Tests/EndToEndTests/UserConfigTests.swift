@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// The user's defaults in `$XDG_CONFIG_HOME/duo-new/config.yaml`: decoded with line:column errors,
/// applied under the command line's values, shown by `duo-new config`.
@Suite("User config")
struct UserConfigTests {
    private func decode(_ text: String) throws(UserConfigError) -> UserConfig {
        try UserConfig.decode(Array(text.utf8), path: "/home/u/.config/duo-new/config.yaml", home: "/home/u")
    }

    private func problems(_ text: String) -> [String] {
        do {
            _ = try decode(text)
            return []
        } catch {
            return error.diagnostics.map(\.rendered)
        }
    }

    @Test func decodesEveryKey() throws {
        let config = try decode("""
            bundle-id-prefix: com.example
            set:
              greeting: Howdy
              count: 3
            templates:
              - ~/Recipes
              - shared/recipes
              - /opt/recipes

            """)
        #expect(config.exists)
        #expect(config.bundleIDPrefix == "com.example")
        #expect(config.settings.map(\.key) == ["greeting", "count"])
        #expect(config.settings.map(\.value) == ["Howdy", "3"])
        #expect(config.templates == ["/home/u/Recipes", "/home/u/.config/duo-new/shared/recipes", "/opt/recipes"])
        #expect(config.proposedBundleID(for: "Sitter") == "com.example.sitter")
        #expect(try decode("").bundleIDPrefix == nil, "an empty file is no defaults")
        #expect(try decode("bundle-id-prefix: com.example.\n").proposedBundleID(for: "Sitter") == "com.example.sitter")
    }

    @Test func reportsEveryProblemAtItsLineAndColumn() {
        let file = "/home/u/.config/duo-new/config.yaml"
        #expect(problems("bundle-id-prefix: [com.example]\nsett:\n  greeting: Howdy\ntemplates: {a: b}\nset:\n  greeting:\n") == [
            "\(file):1:19: error: 'bundle-id-prefix' is a text such as 'com.example'",
            "\(file):2:1: error: unknown key 'sett'; did you mean 'set'?",
            "\(file):4:12: error: 'templates' is a list of folders (or git URLs) holding recipe folders",
            "\(file):6:12: error: the value of 'greeting' is one text, such as 'greeting: Howdy'",
        ])
        #expect(problems("set: {greeting: \"Hi}\n") == [
            "\(file):2:1: error: found unexpected end of stream; close the quote\nnote: while scanning a quoted scalar (1:17)",
        ])
        #expect(problems("- a\n") == ["\(file):1:1: error: the config is a mapping of 'bundle-id-prefix', 'set', 'templates', 'trusted'; see 'duo-new config --help'"])
        #expect(problems("set: {a: 1}\nset: {a: 2}\n").first?.hasPrefix("\(file):2:1: error: duplicate key 'set'") == true)
    }

    @Test func findsTheFileUnderXDGConfigHomeElseHome() {
        #expect(UserConfig.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/duo-new/config.yaml")
        #expect(UserConfig.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/duo-new/config.yaml")
        #expect(UserConfig.path(environment: ["HOME": "/h"]) == "/h/.config/duo-new/config.yaml")
        #expect(UserConfig.path(environment: [:]) == nil)
    }

    // MARK: - Through the binary

    /// A harness with `cfg/duo-new/config.yaml` holding `text`, and the environment pointing at it.
    private func configured(_ text: String) throws -> (EndToEndHarness, [String: String]) {
        let harness = try EndToEndHarness()
        try FileManager.default.createDirectory(at: harness.url("cfg/duo-new"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: harness.url("cfg/duo-new/config.yaml"))
        return (harness, ["XDG_CONFIG_HOME": harness.url("cfg").path])
    }

    @Test func setDefaultsApplyAndTheCommandLineWins() throws {
        let (harness, environment) = try configured("set:\n  greeting: Howdy\n  flavour: mint\n")
        defer { harness.cleanUp() }
        let run = try harness.run(["example-hello", "Hello", "com.example.hello", "A", "--no-test"], environment: environment)
        #expect(run.status == 0, "a setting the recipe does not declare is left out: \(run.stderr)")
        #expect(try harness.text("A/.duo-new.json").contains("\"GREETING\" : \"Howdy\""))
        let given = try harness.run(["example-hello", "Hello", "com.example.hello", "B", "--no-test", "--set", "greeting=Hi"], environment: environment)
        #expect(given.status == 0, "\(given.stderr)")
        #expect(try harness.text("B/.duo-new.json").contains("\"GREETING\" : \"Hi\""))
    }

    @Test func extraTemplatesFoldersAreSearchedAndShown() throws {
        let (harness, environment) = try configured("bundle-id-prefix: com.example\ntemplates:\n  - ../../recipes\n")
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("recipes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: EndToEndHarness.fixtureTemplates.appendingPathComponent("basic"), to: harness.url("recipes/basic"))
        let list = try harness.run(["list", "--names"], environment: environment)
        #expect(list.stdout.split(separator: "\n").contains("basic") && list.stdout.contains("example-hello"), "\(list.stdout)\(list.stderr)")
        let shown = try harness.run(["config"], environment: environment)
        #expect(shown.status == 0)
        #expect(shown.stdout == """
            config file: \(harness.url("cfg/duo-new/config.yaml").path)
            bundle-id-prefix: com.example
            set: (none)
            templates:
              - \(harness.url("recipes").path)
            trusted: (none)

            """)
        let bundledOnly = try harness.run(["list", "--names", "--templates", EndToEndHarness.fixtureTemplates.path], environment: environment)
        #expect(!bundledOnly.stdout.contains("example-hello"), "--templates replaces the config's folders too")
    }

    @Test func aBrokenConfigStopsGenerationAndCreatesNothing() throws {
        let (harness, environment) = try configured("bundle-id-prefix: com.example\nsett:\n  greeting: Howdy\n")
        defer { harness.cleanUp() }
        let run = try harness.run(["example-hello", "Hello", "com.example.hello", "Hello"], environment: environment)
        #expect(run.status == 78)
        let file = harness.url("cfg/duo-new/config.yaml").path
        #expect(run.stderr == """
            \(file):2:1: error: unknown key 'sett'; did you mean 'set'?
            error: the config file '\(file)' is broken; fix it, or move it away to use no defaults

            """)
        #expect(harness.tree() == ["cfg", "cfg/duo-new", "cfg/duo-new/config.yaml"])
        let config = try harness.run(["config"], environment: environment)
        #expect(config.status == 78)
        #expect(config.stderr.hasPrefix("\(file):2:1: error: unknown key 'sett'"))
        let missing = try harness.run(["config"], environment: ["XDG_CONFIG_HOME": harness.url("nowhere").path])
        #expect(missing.stdout == "config file: \(harness.url("nowhere/duo-new/config.yaml").path) (not there; no defaults)\n")
    }

    // MARK: - Values checked when read

    /// The prefix follows the bundle-id rules, one segment enough: the prompt never proposes
    /// an id it would then refuse.
    @Test(arguments: [
        ("com.ex\u{0430}mple", "1:19: error: the bundle-id prefix 'com.ex\u{0430}mple' has", "bundle-id.characters"),
        ("com..bad", "1:19: error: the bundle-id prefix 'com..bad' has an empty segment", "bundle-id.empty-segment"),
        (".com", "1:19: error: the bundle-id prefix '.com' has an empty segment", "bundle-id.empty-segment"),
        ("com.ex ample", "1:19: error: the bundle-id prefix 'com.ex ample' has", "bundle-id.characters"),
    ])
    func aBadBundleIDPrefixIsRefusedAtItsLine(prefix: String, message: String, rule: String) throws {
        let found = problems("bundle-id-prefix: \"\(prefix)\"\n")
        #expect(found.count == 1 && found[0].hasPrefix("/home/u/.config/duo-new/config.yaml:" + message) && found[0].contains("[\(rule)]"), "\(found)")

        let (harness, environment) = try configured("bundle-id-prefix: \"\(prefix)\"\n")
        defer { harness.cleanUp() }
        let shown = try harness.run(["config"], environment: environment)
        #expect(shown.status == 78, "\(shown.stdout)")
        #expect(shown.stderr.hasPrefix(harness.url("cfg/duo-new/config.yaml").path + ":" + message), "\(shown.stderr)")
        let run = try harness.run(["example-hello", "Hello", "com.example.hello", "A", "--no-test"], environment: environment)
        #expect(run.status == 78 && harness.tree() == ["cfg", "cfg/duo-new", "cfg/duo-new/config.yaml"], "\(run.stderr)")
    }

    @Test(arguments: ["com", "com.example", "com.example.", "org.my-team"])
    func aGoodPrefixIsTaken(prefix: String) throws {
        #expect(try decode("bundle-id-prefix: \(prefix)\n").bundleIDPrefix == prefix)
    }

    @Test func aTemplatesFolderThatIsNotThereIsReportedByConfigAtItsLine() throws {
        let (harness, environment) = try configured("templates:\n  - recipes\n  - ../gone\n")
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("cfg/duo-new/recipes"), withIntermediateDirectories: true)
        let file = harness.url("cfg/duo-new/config.yaml").path
        let shown = try harness.run(["config"], environment: environment)
        #expect(shown.status == 78, "\(shown.stdout)")
        #expect(shown.stderr == "error: the templates folder '\(harness.url("cfg/gone").path)' named at \(file):3:5 does not exist; create it or remove it from 'templates'\n")
        let list = try harness.run(["list"], environment: environment)
        #expect(list.status == 66 && list.stderr.contains("named at \(file):3:5 does not exist"), "\(list.stderr)")
    }

    /// A `set` default the recipe's rule refuses names the config file and line, not `--set`.
    @Test func aBadSetDefaultNamesTheConfigFileAndLine() throws {
        let (harness, environment) = try configured("set:\n  greeting: Howdy\n  team-id: nope\n")
        defer { harness.cleanUp() }
        let file = harness.url("cfg/duo-new/config.yaml").path
        let failed = try harness.run(["basic", "Sitter", "com.example.sitter", "A", "--no-test", "--templates", EndToEndHarness.fixtureTemplates.path], environment: environment)
        #expect(failed.status == 65, "\(failed.stderr)")
        #expect(failed.stderr.contains("the value is the default of 'set: team-id' at \(file):3:12; change it there, or give '--set team-id=VALUE'"), "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("A").path))
    }
}
