import Foundation
import Testing
import TestSupport
@testable import DuoNewCLI

/// Text read from a recipe (anyone's, from git) or typed on a command line reaches the terminal
/// with its control characters escaped: an escape sequence in a manifest's key must not retitle
/// the window or recolour the terminal, whichever command prints it.
@Suite("Control characters are shown escaped")
struct ControlCharacterTests {
    /// A recipe whose manifest has a key holding ESC sequences and a BEL, and lacks its placeholders.
    private func hostileRecipe(in folder: URL) throws -> String {
        let recipe = folder.appendingPathComponent("hostile")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data("name: hostile\nversion: 1.0.0\nsummary: x\n\"\\e[31mred\\e]0;title\\a\": 1\n".utf8).write(to: recipe.appendingPathComponent("template.yaml"))
        return recipe.path
    }

    @Test(arguments: [["lint"], ["help"], ["list", "--templates"], ["--json", "Sitter", "com.example.sitter", "Out", "--no-test"]])
    func aManifestsTextIsEscaped(command: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-control-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let recipe = try hostileRecipe(in: folder)
        // `list` takes the folder holding the recipe; generation takes the recipe after its options.
        let arguments = command == ["list", "--templates"] ? command + [folder.path] : command.first == "--json" ? [recipe] + command : command + [recipe]
        let run = try InProcessRun.run(arguments, in: folder)
        let printed = run.output.standardError + run.output.standardOutput
        #expect(run.code != .success || command.first == "list", "\(printed)")
        #expect(!printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(arguments): \(printed.debugDescription)")
    }

    /// A folder named with an escape sequence: generation, `check` and `update` name it escaped,
    /// and the commands they print spell it so a shell reads back the same name.
    @Test func aFolderNameIsEscapedInEveryLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-control-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "g\u{1B}[31mx"
        for arguments in [["example-hello", "Hello", "com.example.hello", name, "--dry-run"], ["example-hello", "Hello", "com.example.hello", name], ["check", name], ["update", name]] {
            let run = try InProcessRun.run(arguments, in: folder)
            let printed = run.output.standardError + run.output.standardOutput
            #expect(run.code == .success, "\(arguments): \(printed)")
            #expect(!printed.unicodeScalars.contains { $0.value == 0x1B }, "\(arguments): \(printed.debugDescription)")
            #expect(printed.contains("g\\u{1B}[31mx") || printed.contains("$'g\\x1b[31mx'"), "\(arguments): \(printed)")
        }
    }

    /// What a check or a task prints is a program's output (a project's script, a recipe's
    /// command): escaped too, so it cannot retitle the terminal or clear the screen.
    @Test func whatAChecksAndATasksCommandsPrintIsEscaped() throws {
        let folder = try TestScratch.makeFolder("duo-new-control")
        let recipe = folder.appendingPathComponent("noisy")
        let manifest = TestManifest.header(name: "noisy", summary: "Prints escapes.") + """

            tasks:
              - name: loud task
                run: printf 'task \\033]0;PWNED\\007 done\\n'
            checks:
              - name: loud check
                run: printf 'check \\033[2J done\\n\\tindented\\n'

            """
        try TestManifest.writeRecipe(at: recipe, manifest: manifest, files: ["README.md": "__APP_NAME__\n"])
        let run = try InProcessRun.run([recipe.path, "Sitter", "com.example.sitter", "Out"], in: folder)
        let printed = run.output.standardError + run.output.standardOutput
        #expect(run.code == .success, "\(printed)")
        #expect(!printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(printed.debugDescription)")
        #expect(printed.contains("│ task \\u{1B}]0;PWNED\\u{7} done") && printed.contains("│ check \\u{1B}[2J done"), "\(printed)")
        #expect(printed.contains("│     indented"), "a tab (XCTest indents with them) is shown as spaces: \(printed)")
    }

    /// `list --opt-in-checks` prints the words Tab offers: not a check name holding an escape.
    @Test func listLeavesOutACheckNameHoldingAControlCharacter() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-control-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recipe = folder.appendingPathComponent("optin")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
        let manifest = TestManifest.header(name: "optin", summary: "Opt-in checks.") + """

            checks:
              - name: plain
                run: "true"
                opt-in: true
              - name: "st\\e[31mamped"
                run: "true"
                opt-in: true

            """
        try Data(manifest.utf8).write(to: recipe.appendingPathComponent("template.yaml"))
        let run = try InProcessRun.run(["list", "--templates", folder.path, "--opt-in-checks", "optin"], in: folder)
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(run.output.standardOutput == "plain\n", "\(run.output.standardOutput.debugDescription)")
    }

    @Test func aCommandLinesWordsAreEscaped() throws {
        let run = try InProcessRun.run(["--\u{1B}]0;title\u{07}x"])
        defer { run.cleanUp() }
        #expect(run.code == .usage)
        #expect(run.output.standardError.hasPrefix("Error: unknown option '--\\u{1B}]0;title\\u{7}x'"), "\(run.output.standardError)")
    }
}
