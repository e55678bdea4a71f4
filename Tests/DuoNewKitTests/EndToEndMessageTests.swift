import Foundation
import Testing
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
        #expect(run.stderr.contains("greet/template.yaml:9:14: error: default of placeholder 'GREETING' holds '__USER__', text shaped like a token, which generation would report as left unstamped; change the default"), "\(run.stderr)")
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
}
