import Foundation
import Testing
import TestSupport

/// Prompts on a terminal, through a real pseudo-terminal (Tests/Fixtures/pty/drive.py): what a
/// generation's command line leaves out is asked for, checked as typed, and never asked when
/// standard input is not a terminal, with `--no-input` or `--json`, or when `CI` is set.
@Suite("Prompts")
struct PromptTests {
    /// Runs duo-new with `arguments` on a pseudo-terminal in the harness folder, typing `steps`.
    private func drive(_ harness: EndToEndHarness, _ arguments: [String], _ steps: [(expect: String, send: String)], environment: [String: String] = [:]) throws -> TerminalSession {
        try TerminalSession.run(arguments, steps: TerminalSession.steps(steps), in: harness.folder,
                                environment: ["XDG_CONFIG_HOME": harness.url("cfg").path].merging(environment) { $1 })
    }

    private func configure(_ harness: EndToEndHarness, _ text: String) throws {
        try FileManager.default.createDirectory(at: harness.url("cfg/duo-new"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: harness.url("cfg/duo-new/config.yaml"))
    }

    @Test func asksForEverythingAndGenerates() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try configure(harness, "bundle-id-prefix: org.sample\n")
        let session = try drive(harness, ["--no-test"], [
            ("Recipe (number or name): ", "example-hello\r"),
            ("AppName (letters and digits, such as Sitter): ", "Sitter\r"),
            ("Bundle id [org.sample.sitter]: ", "\r"),
            ("Folder [./Sitter]: ", "\r"),
            ("greeting (The word the program greets with.) [Hello]: ", "Howdy\r"),
            ("Choice (number or value) [plain]: ", "1\r"),
            ("(y/n) [n]: ", "\r"),
        ])
        #expect(session.missed == nil, "\(session.transcript)")
        #expect(session.status == 0, "\(session.transcript)")
        #expect(session.transcript.contains("  1  example-hello"), "the recipes are listed, numbered")
        let record = try harness.text("Sitter/.duo-new.json")
        #expect(record.contains("\"BUNDLE_ID\" : \"org.sample.sitter\""), "the proposal from the config's prefix, taken with Enter")
        #expect(record.contains("\"GREETING\" : \"Howdy\""))
        #expect(record.contains("\"STYLE\" : \"plain\""), "choice 1 is the first value: \(record)")
        #expect(record.contains("\"SCRIPTS\" : \"false\""), "Enter takes the bool's default")
        #expect(record.contains("\"APP_NAME\" : \"Sitter\""))
        #expect(session.transcript.contains("Without questions: duo-new --set 'greeting=Howdy' --set 'style=plain' --set 'scripts=false' --no-test example-hello Sitter org.sample.sitter ./Sitter"),
                "the equivalent command line is printed: \(session.transcript)")
    }

    /// On a narrow terminal the recipes' summaries go under their names, as `list` puts them,
    /// rather than in a column a word or two wide.
    @Test func theRecipesListedFitANarrowTerminal() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let session = try drive(harness, [], [("Recipe (number or name): ", "\u{4}")], environment: ["COLUMNS": "40"])
        #expect(session.missed == nil && session.status == 64, "\(session.transcript)")
        let listed = try #require(session.transcript.components(separatedBy: "Recipes:").last?.components(separatedBy: "Recipe (").first)
        let lines = listed.split(whereSeparator: \.isNewline).filter { !$0.isEmpty }
        #expect(lines.contains("  1  example-hello"), "\(listed)")
        #expect(lines.allSatisfy { $0.prefix { $0 == " " }.count <= 40 - 20 }, "\(listed)")
    }

    /// A choice's question and its values with their descriptions fit a narrow terminal.
    @Test func aChoicesValuesFitANarrowTerminal() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let session = try drive(harness, ["example-hello"], [("Sitter): ", "Sitter\r"), ("]: ", "\r"), ("]: ", "\r"), ("[Hello]: ", "\r"), ("[plain]: ", "\u{4}")],
                                environment: ["COLUMNS": "40"])
        #expect(session.missed == nil && session.status == 64, "\(session.transcript)")
        let choices = try #require(session.transcript.components(separatedBy: "[Hello]: ").last?.components(separatedBy: "Choice (").first)
        #expect(choices.contains("  2  boxed  The line in a frame of"), "\(choices)")
        #expect(choices.split(whereSeparator: \.isNewline).allSatisfy { $0.count <= 40 }, "\(choices)")
    }

    /// A whole command line whose secret is missing: it is asked without echo, and the line
    /// "Without questions" leaves it out, as it does when every argument is asked.
    @Test func aSecretAskedForAWholeCommandLineIsNotPrinted() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try TestManifest.writeRecipe(
            at: harness.url("T/sec"), manifest: "name: sec\nsummary: S.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  API_KEY: {from: set, secret: true}\n",
            files: ["a.txt": "__APP_NAME__ __API_KEY__\n"]
        )
        let session = try drive(harness, ["sec", "App", "out", "--templates", "T", "--no-test"], [
            ("api-key (secret, not shown): ", "sekritTTY9\r"),
        ])
        #expect(session.missed == nil && session.status == 0, "\(session.transcript)")
        #expect(!session.transcript.contains("sekritTTY9"), "\(session.transcript)")
        #expect(session.transcript.contains("(secrets left out: add --set api-key=…)"), "\(session.transcript)")
        #expect(try harness.text("out/a.txt") == "App sekritTTY9\n")
        // Ctrl-C at the secret's question (echo off) ends duo-new with 130 and its line, as at any
        // other question, nothing created.
        let interrupted = try drive(harness, ["sec", "App", "out2", "--templates", "T", "--no-test"], [
            ("api-key (secret, not shown): ", "\u{03}"),
        ])
        #expect(interrupted.status == 130, "\(interrupted.transcript)")
        #expect(interrupted.transcript.contains("error: interrupted at a question; nothing was created"), "\(interrupted.transcript)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out2").path))
    }

    /// A secret its `env` variable gives is not asked, and the line "Without questions" says the
    /// variable gives it again rather than pointing at '--set', which would put it in the history.
    @Test func aSecretFromItsVariableIsNotToBeAddedWithSet() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try TestManifest.writeRecipe(
            at: harness.url("T/sec"),
            manifest: "name: sec\nsummary: S.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  API_KEY: {from: set, secret: true, env: SEC_API_KEY}\n",
            files: ["a.txt": "__APP_NAME__ __API_KEY__\n"]
        )
        let session = try drive(harness, ["sec", "App", "--templates", "T", "--no-test"], [
            ("Folder [./App]: ", "out\r"),
        ], environment: ["SEC_API_KEY": "sekritENV9"])
        #expect(session.missed == nil && session.status == 0, "\(session.transcript)")
        #expect(!session.transcript.contains("sekritENV9") && !session.transcript.contains("add --set api-key"), "\(session.transcript)")
        #expect(session.transcript.contains("(the secret api-key is read from $SEC_API_KEY)"), "\(session.transcript)")
        #expect(try harness.text("out/a.txt") == "App sekritENV9\n")
    }

    /// A config `set` value that breaks its placeholder's rule is refused before the values are
    /// asked (65, at its line), as the same command without questions refuses it; never dropped
    /// in silence for the recipe's default.
    @Test func aBadConfigDefaultIsRefusedNotDropped() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try configure(harness, "set:\n  style: fancy\n")
        let session = try drive(harness, ["example-hello", "--no-test"], [
            ("AppName (letters and digits, such as Sitter): ", "Sitter\r"),
            ("Bundle id [com.example.sitter]: ", "\r"),
            ("Folder [./Sitter]: ", "\r"),
        ])
        #expect(session.status == 65, "\(session.transcript)")
        #expect(session.transcript.contains("the value is the default of 'set: style' at "), "\(session.transcript)")
        #expect(session.transcript.contains("config.yaml:2:"), "\(session.transcript)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("Sitter").path))
    }

    @Test func refusesABadAppNameWithItsFixThenTakesAGoodOne() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let session = try drive(harness, ["example-hello", "--no-test"], [
            ("AppName (letters and digits, such as Sitter): ", "my-app\r"),
            ("AppName (letters and digits, such as Sitter): ", "Resources\r"),
            ("AppName (letters and digits, such as Sitter): ", "MyApp\r"),
            ("Bundle id [com.example.myapp]: ", "\r"),
            ("Folder [./MyApp]: ", "\r"),
            ("[Hello]: ", "\r"),
            ("[plain]: ", "\r"),
            ("[n]: ", "\r"),
        ])
        #expect(session.missed == nil, "\(session.transcript)")
        #expect(session.status == 0, "\(session.transcript)")
        // The messages are generation's own, fix included.
        let direct = try harness.run(["example-hello", "my-app", "com.example.x", "x", "--dry-run"])
        let message = direct.stderr.components(separatedBy: "\n").first { $0.hasPrefix("error: ") } ?? "none"
        #expect(message.contains("try 'MyApp'"), "\(direct.stderr)")
        #expect(session.transcript.contains(message), "\(session.transcript)")
        #expect(session.transcript.contains("[app-name.reserved]") || session.transcript.contains("'Resources'"), "\(session.transcript)")
        #expect(FileManager.default.fileExists(atPath: harness.url("MyApp/.duo-new.json").path))
    }

    /// A choice is offered as a numbered list, taken by its number or its value; a bool as y/n;
    /// a wrong answer to either is refused with generation's message, naming what is valid.
    @Test func asksForAChoiceByNumberAndABoolAsYesOrNo() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let session = try drive(harness, ["example-hello", "Hi", "com.example.hi", "--no-test", "--set", "greeting=Hi"], [
            ("Folder [./Hi]: ", "out\r"),
            ("Choice (number or value) [plain]: ", "3\r"),
            ("Choice (number or value) [plain]: ", "Boxed\r"),
            ("Choice (number or value) [plain]: ", "2\r"),
            ("scripts (Add Scripts/run.sh, which builds and runs the program.) (y/n) [n]: ", "maybe\r"),
            ("(y/n) [n]: ", "y\r"),
            ("program (The program Scripts/run.sh builds.) [hi]: ", "\r"),
        ])
        #expect(session.missed == nil, "\(session.transcript)")
        #expect(session.status == 0, "\(session.transcript)")
        #expect(session.transcript.contains("style (How the greeting is shown.):"), "\(session.transcript)")
        #expect(session.transcript.contains("  1  plain  The line alone."), "\(session.transcript)")
        #expect(session.transcript.contains("  2  boxed  The line in a frame of stars."), "\(session.transcript)")
        #expect(session.transcript.contains("error: the value '3' of 'style' is not one of its choices, 'plain', 'boxed' [set.choice]"), "\(session.transcript)")
        #expect(session.transcript.contains("error: the value 'Boxed' of 'style' is not one of its choices, 'plain', 'boxed'; did you mean 'boxed'? [set.choice]"), "\(session.transcript)")
        #expect(session.transcript.contains("error: the value 'maybe' of 'scripts' is not a yes or a no"), "\(session.transcript)")
        let record = try harness.text("out/.duo-new.json")
        #expect(record.contains("\"STYLE\" : \"boxed\""), "\(record)")
        #expect(record.contains("\"SCRIPTS\" : \"true\""), "\(record)")
        #expect(FileManager.default.fileExists(atPath: harness.url("out/Hi/Boxed.swift").path))
        #expect(!FileManager.default.fileExists(atPath: harness.url("out/Hi/Plain.swift").path))
        #expect(FileManager.default.fileExists(atPath: harness.url("out/Scripts/run.sh").path))
        #expect(session.transcript.contains("Without questions: duo-new --set 'greeting=Hi' --set 'style=boxed' --set 'scripts=true' --set 'program=hi' --no-test example-hello Hi com.example.hi out"), "\(session.transcript)")
    }

    /// A recipe without a bundle id takes `<recipe> <AppName> <folder>`: given whole on a
    /// terminal, only a value with no default is asked, as for any whole command line.
    @Test func aWholeLineForARecipeWithoutABundleIDAsksOnlyWhatItLacks() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let manifest = """
            name: nobundle
            summary: A recipe without a bundle id.
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name}
              STYLE: {from: set, type: choice, choices: [plain, boxed], default: plain}
              OWNER: {from: set, description: Who owns it.}

            """
        try TestManifest.writeRecipe(at: harness.url("T/nobundle"), manifest: manifest, files: ["README.md": "__APP_NAME__ __STYLE__ __OWNER__\n"])
        let session = try drive(harness, ["nobundle", "Hi", "out", "--templates", harness.url("T").path], [
            ("owner (Who owns it.): ", "me\r"),
        ])
        #expect(session.missed == nil && session.status == 0, "\(session.transcript)")
        #expect(!session.transcript.contains("style"), "a value with a default is not asked: \(session.transcript)")
        #expect(try harness.text("out/README.md") == "Hi plain me\n")
    }

    /// A question longer than the terminal (a key with its description) is wrapped to it, as
    /// the recipe list above it is, the answer typed after its last line.
    @Test func aLongQuestionIsWrappedToTheTerminal() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let session = try drive(harness, ["example-hello", "Hi", "com.example.hi", "--no-test", "--set", "greeting=Hi", "--set", "style=plain"], [
            ("Folder [./Hi]: ", "out\r"),
            ("[n]: ", "n\r"),
        ], environment: ["COLUMNS": "50"])
        #expect(session.missed == nil && session.status == 0, "\(session.transcript)")
        let lines = session.transcript.components(separatedBy: "\r\n")
        let question = try #require(lines.firstIndex { $0.hasPrefix("scripts (Add") }, "\(session.transcript)")
        let asked = lines[question...].prefix { !$0.contains("[n]: ") } + [lines.first { $0.contains("[n]: ") } ?? ""]
        #expect(asked.count > 1 && asked.allSatisfy { $0.replacingOccurrences(of: "[n]: n", with: "[n]: ").count <= 50 }, "\(asked)")
    }

    /// A number outside the list says which there are; a misspelt name gets a did-you-mean; a
    /// word one recipe's name holds stands for that recipe, as on the command line.
    @Test func recipePromptSuggests() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let session = try drive(harness, ["--no-test"], [
            ("Recipe (number or name): ", "99\r"),
            ("Recipe (number or name): ", "exampel-hello\r"),
            ("Recipe (number or name): ", "camera\r"),
            ("AppName (letters and digits, such as Sitter): ", "\u{04}"),
        ])
        #expect(session.missed == nil, "\(session.transcript)")
        #expect(session.status == 64, "\(session.transcript)")
        #expect(session.transcript.contains("there is no recipe 99 in the list; pick 1-"), "\(session.transcript)")
        #expect(session.transcript.contains("no recipe named 'exampel-hello'; did you mean 'example-hello'?"), "\(session.transcript)")
        #expect(session.transcript.contains("note: taking the recipe 'recipe-camera-studio' for 'camera'"), "\(session.transcript)")
    }

    /// A part of one recipe's name stands for it at a terminal too, as on a whole command line.
    @Test func aPartOfARecipesNameIsTakenBeforeTheQuestions() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let session = try drive(harness, ["hello"], [("AppName (letters and digits, such as Sitter): ", "\u{03}")])
        #expect(session.missed == nil && session.status == 130, "\(session.transcript)")
        #expect(session.transcript.contains("note: taking the recipe 'example-hello' for 'hello'"), "\(session.transcript)")
    }

    /// `~/…` at the folder question is the home's, as a shell would read it: no folder named `~`.
    @Test func aFolderAnswerUnderTheHomeIsTheHomes() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let home = harness.url("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let session = try drive(harness, ["example-hello", "Sitter", "com.example.sitter", "--no-test"], [
            ("Folder [./Sitter]: ", "~/Apps/Sitter\r"),
            ("greeting (The word the program greets with.) [Hello]: ", "\r"),
            ("Choice (number or value) [plain]: ", "\r"),
            ("(y/n) [n]: ", "\r"),
        ], environment: ["HOME": home.path])
        #expect(session.missed == nil && session.status == 0, "\(session.transcript)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("Apps/Sitter/.duo-new.json").path), "\(session.transcript)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("~").path))
    }

    @Test func ctrlCAndEndOfInputAtAPromptCreateNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let interrupted = try drive(harness, ["example-hello", "Sitter"], [
            ("Bundle id [com.example.sitter]: ", "\r"),
            ("Folder [./Sitter]: ", "\u{03}"),
        ])
        #expect(interrupted.missed == nil, "\(interrupted.transcript)")
        #expect(interrupted.status == 130, "\(interrupted.transcript)")
        #expect(interrupted.transcript.contains("error: interrupted at a question; nothing was created"), "\(interrupted.transcript)")
        let ended = try drive(harness, ["example-hello", "Sitter"], [("Bundle id [com.example.sitter]: ", "\u{04}")])
        #expect(ended.status == 64, "\(ended.transcript)")
        #expect(ended.transcript.contains("error: no answer for 'Bundle id' (end of input); nothing was created"), "\(ended.transcript)")
        #expect(harness.tree().allSatisfy { $0.hasPrefix("cfg") }, "\(harness.tree())")
    }

    @Test("no prompt without a terminal, with --no-input or --json, or with CI set: exit 64 as before", arguments: [
        ([String](), [String: String]()),
        (["--no-input"], [:]),
        (["--json"], [:]),
        ([], ["CI": "1"]),
    ])
    func neverPromptsForScripts(options: [String], environment: [String: String]) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        if options.isEmpty && environment.isEmpty {
            // A pipe for standard input (the harness closes it): no terminal.
            let run = try harness.run(["example-hello", "Sitter"])
            #expect(run.status == 64)
            #expect(run.stderr.hasPrefix("Error: missing <bundle-id>"), "\(run.stderr)")
            return
        }
        let session = try drive(harness, ["example-hello", "Sitter"] + options, [], environment: environment)
        #expect(session.status == 64, "\(session.transcript)")
        #expect(session.transcript.contains("Error: missing <bundle-id>"), "\(session.transcript)")
        #expect(!session.transcript.contains("Bundle id ["), "\(session.transcript)")
    }
}
