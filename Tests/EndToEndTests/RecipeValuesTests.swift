import Foundation
import Testing
import TestSupport

/// Typed values and the files they choose, as a user meets them through the binary: `--set`
/// read by each type, `--defaults`, `help <recipe>`, `list --json`, and `update` deciding with
/// the recorded answers.
@Suite("Recipe values")
struct RecipeValuesTests {
    static let hello = ["example-hello", "Hi", "com.example.hi"]

    @Test func setReadsEachTypeAndTheValuesChooseTheFiles() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let boxed = try harness.run(Self.hello + ["boxed", "--set", "style=boxed", "--set", "scripts=yes"])
        #expect(boxed.status == 0, "\(boxed.stderr)")
        #expect(harness.tree("boxed/Hi") == ["Boxed.swift", "main.swift"])
        #expect(harness.tree("boxed/Scripts") == ["run.sh"])
        let record = try harness.text("boxed/.duo-new.json")
        #expect(record.contains("\"SCRIPTS\" : \"true\""), "the bool is recorded as the word generation stamped: \(record)")
        #expect(record.contains("\"STYLE\" : \"boxed\""))

        let plain = try harness.run(Self.hello + ["plain", "--no-test"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(harness.tree("plain/Hi") == ["Plain.swift", "main.swift"])
        #expect(!FileManager.default.fileExists(atPath: harness.url("plain/Scripts").path), "the folder is left out with all it holds")
    }

    @Test(arguments: [
        (["--set", "style=fancy"], "error: the value 'fancy' of 'style' is not one of its choices, 'plain', 'boxed' [set.choice]"),
        (["--set", "style=Boxed"], "error: the value 'Boxed' of 'style' is not one of its choices, 'plain', 'boxed'; did you mean 'boxed'? [set.choice]"),
        (["--set", "scripts=perhaps"], "error: the value 'perhaps' of 'scripts' is not a yes or a no; give 'true' or 'false' (or yes/no, y/n, on/off, 1/0) [set.bool]"),
        (["--set", "greeting=1st"], "error: the value '1st' of 'greeting' does not match the template's pattern '^[A-Za-z][A-Za-z ,!]*$'; start with a letter; then letters, spaces, commas and '!' [set.pattern]"),
    ])
    func refusesAValueItsTypeDoesNotTakeNamingWhatIsValid(_ options: [String], _ message: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(Self.hello + ["out"] + options)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(harness.tree() == [], "nothing is created")
    }

    @Test func defaultsTakeTheConfigsPrefixTheFolderAndEachDefaultAndRecordThem() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("cfg/duo-new"), withIntermediateDirectories: true)
        try Data("bundle-id-prefix: org.sample\n".utf8).write(to: harness.url("cfg/duo-new/config.yaml"))
        let run = try harness.run(["example-hello", "Hello", "-y", "--no-test", "--set", "style=boxed"], environment: ["XDG_CONFIG_HOME": harness.url("cfg").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Using the proposals (--defaults): bundle id 'org.sample.hello' (from the config's bundle-id-prefix), folder './Hello'"), "\(run.stdout)")
        #expect(run.stdout.contains("Values not given (--defaults): greeting=Hello scripts=false"), "\(run.stderr)")
        let record = try harness.text("Hello/.duo-new.json")
        for pair in ["\"BUNDLE_ID\" : \"org.sample.hello\"", "\"GREETING\" : \"Hello\"", "\"SCRIPTS\" : \"false\"", "\"STYLE\" : \"boxed\""] {
            #expect(record.contains(pair), "\(record)")
        }
    }

    @Test func defaultsWithoutAConfigProposeTheFallbackBundleIDAndNeverTheAppName() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let environment = ["XDG_CONFIG_HOME": harness.url("none").path]
        let noPrefix = try harness.run(["example-hello", "Hello", "--defaults", "--dry-run"], environment: environment)
        #expect(noPrefix.status == 0, "\(noPrefix.stderr)")
        #expect(noPrefix.stdout.contains("bundle id 'com.example.hello' (com.example.<AppName in lower case>, as there is no config file"), "the prompt's proposal, and where it came from: \(noPrefix.stdout)")
        let noName = try harness.run(["example-hello", "--defaults"], environment: environment)
        #expect(noName.status == 64)
        #expect(noName.stderr.contains("Error: missing <AppName>; --defaults proposes the bundle id and the folder, not the AppName"), "\(noName.stderr)")
        #expect(harness.tree() == [], "nothing is created")
        // With the bundle id given, the folder and every value are proposed, no config needed.
        let given = try harness.run(["example-hello", "Hello", "com.example.hello", "--defaults", "--no-test"], environment: environment)
        #expect(given.status == 0, "\(given.stderr)")
        #expect(harness.tree("Hello/Hello") == ["Plain.swift", "main.swift"])
    }

    /// `duo-new example-hello Hello ./Apps/Hello -y`: the path in the bundle id's place is the
    /// folder, and the bundle id is proposed, instead of the path refused as a bundle id (65);
    /// without `-y` the bundle id is named as missing (64), and nothing is created.
    @Test func aPathWhereTheBundleIDGoesIsTheFolderAndTheBundleIDIsProposed() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let environment = ["XDG_CONFIG_HOME": harness.url("none").path]
        let missing = try harness.run(["example-hello", "Hello", "./Apps/Hello", "--no-test"], environment: environment)
        #expect(missing.status == 64, "\(missing.stderr)")
        #expect(missing.stderr.contains("Error: missing <bundle-id>; give it, or pass '--defaults'"), "\(missing.stderr)")
        #expect(harness.tree() == [], "nothing is created")
        let proposed = try harness.run(["example-hello", "Hello", "./Apps/Hello", "-y", "--no-test"], environment: environment)
        #expect(proposed.status == 0, "\(proposed.stderr)")
        #expect(proposed.stdout.contains("Using the proposals (--defaults): bundle id 'com.example.hello'"), "\(proposed.stdout)")
        #expect(try harness.text("Apps/Hello/.duo-new.json").contains("\"BUNDLE_ID\" : \"com.example.hello\""))
    }

    @Test func helpOnARecipeShowsEveryValueWithItsTypeChoicesDefaultPatternAndHint() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["help", "example-hello"])
        #expect(run.status == 0, "\(run.stderr)")
        for line in [
            "RECIPE: example-hello 1.0.0",
            "  --set greeting=TEXT     The word the program greets with.",
            "                          text matching '^[A-Za-z][A-Za-z ,!]*$' (start with a letter; then letters, spaces, commas and '!'); default: Hello",
            "  --set style=CHOICE      How the greeting is shown.",
            "                          default: plain; one of:",
            "                            * plain  The line alone.",
            "                              boxed  The line in a frame of stars.",
            "  --set scripts=BOOL      Add Scripts/run.sh, which builds and runs the program.",
            "                          true or false (also yes/no, y/n, on/off, 1/0); default: false",
            "  Scripts                   only if SCRIPTS",
        ] {
            #expect(run.stdout.contains(line + "\n"), "'\(line)' in:\n\(run.stdout)")
        }
        let unknown = try harness.run(["help", "exampel-hello"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: no help on 'exampel-hello'; did you mean 'example-hello'?\n"), "\(unknown.stderr)")
    }

    @Test func listJSONGivesEachPlaceholdersTypeChoicesAndDefault() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["list", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let recipes = try #require(listing["recipes"] as? [[String: Any]])
        let hello = try #require(recipes.first { $0["name"] as? String == "example-hello" })
        let placeholders = try #require(hello["placeholders"] as? [[String: Any]])
        let style = try #require(placeholders.first { $0["token"] as? String == "STYLE" })
        #expect(style["type"] as? String == "choice")
        #expect(style["key"] as? String == "style")
        #expect(style["default"] as? String == "plain")
        #expect((style["choices"] as? [[String: String]])?.map { $0["value"] } == ["plain", "boxed"])
        let scripts = try #require(placeholders.first { $0["token"] as? String == "SCRIPTS" })
        #expect(scripts["type"] as? String == "bool" && scripts["default"] as? String == "false")
        let greeting = try #require(placeholders.first { $0["token"] as? String == "GREETING" })
        #expect(greeting["pattern"] as? String == "^[A-Za-z][A-Za-z ,!]*$")
        #expect((greeting["hint"] as? String)?.hasPrefix("start with a letter") == true)
        #expect((hello["includeIf"] as? [[String: String]])?.last == ["path": "Scripts", "condition": "SCRIPTS"])
    }

    /// `update` decides with the recorded answers: the files the old values chose stay chosen,
    /// and a placeholder the new version declares takes its default, with the file it chooses.
    @Test func updateDecidesWithTheRecordedAnswersAndANewValueTakesItsDefault() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = harness.url("T/example-hello")
        try FileManager.default.createDirectory(at: harness.url("T"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: SchemaValidator.repository.appendingPathComponent("Templates/example-hello"), to: recipe)
        let made = try harness.run(Self.hello + ["out", "--templates", "T", "--no-test", "--set", "style=boxed", "--set", "scripts=on"])
        try #require(made.status == 0, "\(made.stderr)")

        let manifest = recipe.appendingPathComponent("template.yaml")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text = text.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
        text = text.replacingOccurrences(of: "include-if:\n", with: """
          NOTES:
            from: set
            type: bool
            description: A NOTES.md to write in, new in 1.1.0.
            default: true
        include-if:
          NOTES.md: NOTES and STYLE == boxed

        """)
        try Data(text.utf8).write(to: manifest)
        try Data("# Notes on __APP_NAME__ (__NOTES__)\n".utf8).write(to: recipe.appendingPathComponent("template/NOTES.md"))

        let updated = try harness.run(["update", "out", "--templates", "T"])
        #expect(updated.status == 0, "\(updated.stdout)\(updated.stderr)")
        #expect(updated.stdout.contains("new placeholder NOTES ('notes') takes its default 'true'"), "\(updated.stdout)")
        #expect(harness.tree("out/Hi") == ["Boxed.swift", "main.swift"], "the recorded style still chooses the file")
        #expect(harness.tree("out/Scripts") == ["run.sh"])
        #expect(try harness.text("out/NOTES.md") == "# Notes on Hi (true)\n")
        let record = try harness.text("out/.duo-new.json")
        for pair in ["\"NOTES\" : \"true\"", "\"SCRIPTS\" : \"true\"", "\"STYLE\" : \"boxed\""] {
            #expect(record.contains(pair), "\(record)")
        }
    }
}
