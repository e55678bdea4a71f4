import DuoNewCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// The exact words of messages a user meets, where the words are the point: positions that
/// point where to edit, quotes of what was really found, and the exit code that says whose fault.
@Suite("End to end: messages say what happened")
struct EndToEndMessageTests {
    /// Writes a recipe folder named `name` in the harness folder: a manifest and tree files.
    static func recipe(_ harness: EndToEndHarness, _ name: String, manifest: String, files: [String: String]) throws {
        let folder = harness.url(name)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("template"), withIntermediateDirectories: true)
        try manifest.write(to: folder.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        for (path, text) in files {
            let url = folder.appendingPathComponent("template/\(path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    static let appOnly = """
        name: left
        summary: Two leftovers on one stamped line.
        version: 1.0.0
        placeholders:
          APP_NAME:
            from: app-name

        """

    /// Point 1: positions are the template's, one per occurrence, the same in generation and lint.
    @Test func leftoverPositionsAreTemplateCoordinatesForEachOccurrence() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(harness, "left", manifest: Self.appOnly, files: ["main.swift": "// x\nlet __APP_NAME__ = 1 // __LEFT__ and __OVER__\n"])
        let run = try harness.run(["./left", "LongerAppName", "com.example.app", "out"])
        #expect(run.status == 78)
        let expected = """
            left/template/main.swift:2:25: error: '__LEFT__' is shaped like a token but is not a declared placeholder
            left/template/main.swift:2:38: error: '__OVER__' is shaped like a token but is not a declared placeholder
            """
        #expect(run.stderr.hasPrefix(expected), "\(run.stderr)")
        let lint = try harness.run(["lint", "left"])
        #expect(lint.stderr.contains("left/template/main.swift:2:25: error: token '__LEFT__'"), "\(lint.stderr)")
        #expect(lint.stderr.contains("left/template/main.swift:2:38: error: token '__OVER__'"), "\(lint.stderr)")
    }

    /// Point 4: a recipe's own token-shaped default is the recipe's error (78), found by lint,
    /// and a token-shaped `--set` value is quoted as found (65).
    @Test func tokenShapedValuesAreQuotedAndADefaultIsTheRecipesFault() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(harness, "greet", manifest: """
            name: greet
            summary: A default shaped like a token.
            version: 1.0.0
            placeholders:
              APP_NAME:
                from: app-name
              GREETING:
                from: set
                default: "Hi __USER__"

            """, files: ["__APP_NAME__.txt": "__GREETING__\n"])
        let run = try harness.run(["./greet", "Sitter", "com.example.sitter", "out"])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("greet/template.yaml:9:14: error: default of placeholder 'GREETING' holds '__USER__', text shaped like a token, which a value may not hold; change the default"), "\(run.stderr)")
        let lint = try harness.run(["lint", "greet"])
        #expect(lint.status == 78)

        let set = try harness.generate("basic", "Sitter", "com.example.sitter", "out", ["--set", "greeting=Hi __THERE__"])
        #expect(set.status == 65)
        #expect(set.stderr.contains("error: the value of 'greeting' holds '__THERE__', text shaped like a token"), "\(set.stderr)")
    }

    /// Point 8: the length budget is the declared suffix's; without one, Apple's whole 155.
    @Test func bundleIDBudgetComesFromTheDeclaredSuffix() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let id = "com." + String(repeating: "a", count: 151)
        let hello = try harness.run(["example-hello", "Hello", id, "hello", "--dry-run"])
        #expect(hello.status == 0, "\(hello.stderr)")
        let basic = try harness.generate("basic", "Sitter", id, "basic", ["--dry-run"])
        #expect(basic.status == 65)
        #expect(basic.stderr.contains("error: the bundle id '\(id)' makes the recipe's id '\(id).UITests' 163 characters long, more than Apple's 155; try 'com.\(String(repeating: "a", count: 143))' [bundle-id.suffixed-length]"), "\(basic.stderr)")
    }

    /// Point 9: an excluded top-level folder is not generated, so the AppName may take its name.
    @Test func excludedNamesDoNotClashWithTheAppName() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["example-hello", "Notes", "com.example.notes", "notes", "--no-test"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: harness.url("notes/Notes/main.swift").path))
        // A generated top-level name still clashes.
        let tools = try harness.run(["example-hello", "Tools", "com.example.tools", "tools", "--no-test"])
        #expect(tools.status == 65)
        #expect(tools.stderr.contains("[app-name.top-level]"), "\(tools.stderr)")
    }

    // MARK: - Point 6: wording

    /// A manifest that is not a regular file is named for what it is, never with Foundation's
    /// "NSCocoaErrorDomain error 256" or a permission problem that is not the cause.
    @Test func manifestThatIsNotAFileIsNamedForWhatItIs() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        for name in ["folder", "fifo", "zero", "loop"] {
            try FileManager.default.createDirectory(at: harness.url("\(name)/template"), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: harness.url("folder/template.yaml"), withIntermediateDirectories: true)
        #expect(mkfifo(harness.url("fifo/template.yaml").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: harness.url("zero/template.yaml").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: harness.url("loop/template.yaml").path, withDestinationPath: "template.yaml")
        let expected = [
            "folder": "error: 'folder/template.yaml' is a folder, not a file; the manifest is a YAML file named 'template.yaml'",
            "fifo": "error: 'fifo/template.yaml' is a FIFO, not a file; the manifest is a YAML file named 'template.yaml'",
            // A link is refused before it is followed: it could lead anywhere (issue 26).
            "zero": "error: 'zero/template.yaml' is a symbolic link; a manifest must be a file in its folder, since a link (in a recipe from git, say) could make duo-new read a file from anywhere; replace the link with the file",
            "loop": "error: 'loop/template.yaml' is a symbolic link; a manifest must be a file in its folder, since a link (in a recipe from git, say) could make duo-new read a file from anywhere; replace the link with the file",
        ]
        for (name, message) in expected {
            let run = try harness.run(["lint", name])
            #expect(run.status == 78)
            #expect(run.stderr == message + "\n1 error, 0 warnings in 1 template\n", "\(run.stderr)")
        }
        let generate = try harness.run(["./fifo", "Sitter", "com.example.sitter", "out"])
        #expect(generate.status == 78)
        #expect(generate.stderr.hasPrefix("error: 'fifo/template.yaml' is a FIFO, not a file;"), "\(generate.stderr)")
    }

    /// A path that is a file is called a file; one that is missing, missing.
    @Test func fileWhereAFolderBelongsIsCalledAFile() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try "x".write(to: harness.url("notes.txt"), atomically: true, encoding: .utf8)
        let lint = try harness.run(["lint", "notes.txt", "missing"])
        #expect(lint.stderr == """
            error: 'notes.txt' is a file, not a recipe folder; give the folder that holds 'template.yaml' and 'template/'
            error: the recipe folder 'missing' does not exist
            2 errors, 0 warnings in 2 templates

            """, "\(lint.stderr)")
        let recipe = try harness.run(["./notes.txt", "Sitter", "com.example.sitter", "out"])
        #expect(recipe.status == 66)
        #expect(recipe.stderr == "error: './notes.txt' is a file, not a recipe folder; give the folder that holds 'template.yaml' and 'template/'\n")
        let templates = try harness.run(["list", "--templates", "notes.txt"])
        #expect(templates.status == 66)
        #expect(templates.stderr == "error: the templates folder 'notes.txt' (from --templates) is a file; point it at a folder holding recipe folders\n")
    }

    /// `--templates` at one recipe's folder says so and names the folder to give instead.
    @Test func templatesAtARecipeFolderNamesItsParent() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = EndToEndHarness.fixtureTemplates.appendingPathComponent("basic").path
        let run = try harness.run(["list", "--templates", recipe])
        #expect(run.status == 66)
        #expect(run.stderr == "error: '\(recipe)' (from --templates) is a recipe folder, not a folder of recipes; point it at its parent '\(EndToEndHarness.fixtureTemplates.path)', or give the recipe itself as a path\n", "\(run.stderr)")
    }

    /// The next steps' `cd` works for a folder whose name starts with `-`.
    @Test func nextStepsMakeADashFolderSafeForCd() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["example-hello", "Hello", "com.example.hello", "--no-test", "--", "-odd"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  cd ./-odd\n"), "\(run.stdout)")
    }

    /// Through a terminal (`script` gives duo-new one), colour and the live counter are escape
    /// sequences; `TERM=dumb` gets none of them.
    @Test func dumbTerminalGetsNoEscapeSequences() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let script = URL(fileURLWithPath: "/usr/bin/script")
        try #require(FileManager.default.isExecutableFile(atPath: script.path), "the test needs script(1) from util-linux")
        let binary = try #require(EndToEndHarness.binary)
        func transcript(term: String, folder: String, noColor: String = "") throws -> String {
            let command = "\(ShellQuoting.quoted(binary.path)) example-hello Hello com.example.hello \(folder) --no-test"
            let run = try ChildProcess.run(script, ["-qec", command, "/dev/null"], in: harness.folder,
                                           environment: ["TERM": term, "NO_COLOR": noColor], mergingErrors: true)
            #expect(run.status == 0, "\(run.transcript)")
            return run.outputText
        }
        // An empty NO_COLOR is not set (no-color.org): colour stays; a non-empty one turns it off.
        let bold = "\u{1B}[1m"
        #expect(try transcript(term: "xterm", folder: "colour").contains(bold))
        #expect(try !transcript(term: "xterm", folder: "nocolour", noColor: "1").contains(bold))
        let dumb = try transcript(term: "dumb", folder: "plain")
        #expect(!dumb.contains("\u{1B}"), "\(dumb.debugDescription)")
        #expect(dumb.contains("Generated Hello in plain"), "\(dumb)")
    }

    // MARK: - Point 7: list items

    /// Messages and `--json` count list items from 1 (`checks[2]` is the second check).
    @Test func listItemsCountFromOneInMessagesAndJSON() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(harness, "items", manifest: """
            name: items
            summary: The second check and the second glob are wrong.
            version: 1.0.0
            placeholders:
              APP_NAME:
                from: app-name
            verbatim: ["*.png", 7]
            checks:
              - name: one
                run: "true"
              - name: two
                run: 3

            """, files: ["__APP_NAME__.txt": "x\n", "icon.png": "x"])
        let expected = [
            "items/template.yaml:7:21: error: 'verbatim[2]' must be a string, not the number 7; quote it: \"7\"",
            "items/template.yaml:12:10: error: 'checks[2].run' must be a string, not the number 3; quote it: \"3\"",
        ]
        let lint = try harness.run(["lint", "items"])
        #expect(lint.stderr == expected.joined(separator: "\n") + "\n2 errors, 0 warnings in 1 template\n", "\(lint.stderr)")
        let json = try harness.run(["lint", "--json", "items"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["diagnostics"] as? [String] == expected)
    }

    // MARK: - Point 13: what the docs say is what happens

    /// A `--set` value that makes a stamped name too long is the user's (65), before writing;
    /// the recipe, fine for shorter values, is not blamed.
    @Test func longSetValueIsTheUsersFault() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(harness, "part", manifest: """
            name: part
            summary: A setting in a file name.
            version: 1.0.0
            placeholders:
              APP_NAME:
                from: app-name
              PART:
                from: set
                default: notes

            """, files: ["__PART__.txt": "__APP_NAME__\n"])
        let long = String(repeating: "a", count: 300)
        let run = try harness.run(["./part", "Sitter", "com.example.sitter", "out", "--set", "part=\(long)"])
        #expect(run.status == 65)
        #expect(run.stderr == """
            error: the value of '--set part' makes the name of '__PART__.txt' 304 bytes long, over the 255-byte limit of file systems; choose a shorter value
            error: the values do not fit this recipe's file names

            """, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path))
        let lint = try harness.run(["lint", "part"])
        #expect(lint.status == 0, "\(lint.stderr)")
    }
}
