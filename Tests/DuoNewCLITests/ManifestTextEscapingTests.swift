import Foundation
import Testing
@testable import DuoNewCLI

/// A manifest's text (from anyone's git repository, checks or no checks) reaches the terminal with
/// its control characters shown, never acted on (issue 42, finding 12): a window title, a screen
/// clear, a clipboard write through `help`, `list` and the ending's next steps. (A summary and a
/// default with one are refused when the manifest is read.)
@Suite struct ManifestTextEscapingTests {
    /// ESC ] 0 ; … BEL retitles the window; ESC [ 2 J clears the screen; ESC ] 52 writes the clipboard.
    private static let title = #"\e]0;owned\a"#
    private static let clear = #"\e[2J"#
    private static let clipboard = #"\e]52;c;ZXZpbA==\a"#

    private static func recipe(in folder: URL) throws {
        let recipe = folder.appendingPathComponent("T/esc")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data("__APP_NAME__ __BUNDLE_ID__ __STYLE__ __GREETING__\n".utf8).write(to: recipe.appendingPathComponent("template/README.md"))
        let manifest = """
            name: esc
            summary: A summary.
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name, description: "The name\(clear)"}
              BUNDLE_ID: {from: bundle-id}
              GREETING:
                from: set
                description: "A greeting\(clipboard)"
                default: Hello
                pattern: "^[A-Za-z]+$"
                hint: "letters\(title)"
              STYLE:
                from: set
                type: choice
                description: How it looks.
                choices:
                  - {value: plain, description: "Plain\(clear)"}
                  - {value: boxed, description: Boxed.}
                default: plain
            checks:
              - {name: "tests\(title)", run: "true"}
            next-steps: "cd __DESTINATION__\\nnow\(clear) build\\n"

            """
        try Data(manifest.utf8).write(to: recipe.appendingPathComponent("template.yaml"))
    }

    private static func expectNoEscape(_ run: InProcessRun, _ what: String) {
        let all = run.output.standardOutput + run.output.standardError
        #expect(!all.contains("\u{1B}") && !all.contains("\u{07}"), "\(what) passed a control character on: \(all.debugDescription)")
    }

    @Test func helpOfARecipeShowsItsTextEscaped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        try Self.recipe(in: folder)
        let run = try InProcessRun.run(["help", "esc", "--templates", "T"], in: folder)
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        Self.expectNoEscape(run, "help")
        let shown = run.output.standardOutput
        for text in ["The name\\u{1B}[2J", "A greeting\\u{1B}]52;c;ZXZpbA==\\u{7}", "(letters\\u{1B}]0;owned\\u{7})", "Plain\\u{1B}[2J", "tests\\u{1B}]0;owned\\u{7}"] {
            #expect(shown.contains(text), "'\(text)' in: \(shown)")
        }
    }

    /// A recipe folder's name is the list's first column, broken recipe or not.
    @Test func listShowsAFolderNameEscaped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        try Self.recipe(in: folder)
        let odd = folder.appendingPathComponent("T/odd\u{1B}]0;owned\u{07}")
        try FileManager.default.createDirectory(at: odd.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data("name: odd\nsummary: Odd.\nversion: 1.0.0\n".utf8).write(to: odd.appendingPathComponent("template.yaml"))
        let run = try InProcessRun.run(["list", "--templates", "T"], in: folder)
        defer { run.cleanUp() }
        Self.expectNoEscape(run, "list")
        #expect(run.output.standardOutput.contains("odd\\u{1B}]0;owned\\u{7}"), "\(run.output.standardOutput)")
        #expect(run.output.standardOutput.contains("esc "), "\(run.output.standardOutput)")
    }

    @Test func theEndingsNextStepsAndCheckNamesAreEscapedButKeepTheirLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        try Self.recipe(in: folder)
        let run = try InProcessRun.run(["esc", "App", "com.example.app", "Out", "--templates", "T"], in: folder)
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        Self.expectNoEscape(run, "generation")
        #expect(run.output.standardOutput.contains("  cd Out\n  now\\u{1B}[2J build\n"), "\(run.output.standardOutput)")
        #expect(run.output.standardOutput.contains("tests\\u{1B}]0;owned\\u{7} passed"), "\(run.output.standardOutput)")
    }
}
