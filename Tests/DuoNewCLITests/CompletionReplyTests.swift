import Foundation
import Testing
import TestSupport
@testable import DuoNewCLI

/// What Tab offers, decided in-process from the command table and the bundled recipes: the
/// one reading of the line that the bash, zsh and fish scripts show (`CompletionTests` runs
/// the scripts in their shells).
@Suite("Completion: the reply")
struct CompletionReplyTests {
    /// The reply's kind line and its words (descriptions dropped), for `words` typed after `duo-new`.
    private func reply(_ words: [String], shell: String = "bash") throws -> (kind: String, words: [String]) {
        let run = try InProcessRun.run(["__complete", shell] + words)
        defer { run.cleanUp() }
        #expect(run.code == .success && run.output.standardError.isEmpty, "\(run.output.standardError)")
        let lines = run.output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        return (lines.first ?? "", lines.dropFirst().map { String($0.prefix { $0 != "\t" }) })
    }

    @Test func theFirstWordIsACommandOrARecipeOrAPath() throws {
        #expect(try reply(["li"]) == ("words", ["list", "lint"]))
        #expect(try reply(["ex"]) == ("words", ["example-hello", "example-layered"]), "recipes, not the layer example-shared")
        #expect(try reply(["generate", "li"]) == ("words", []), "after an explicit generate, a recipe only")
        #expect(try reply(["./Templates/"]).kind == "folders")
        #expect(try reply(["example-hello", "He"]) == ("words", []), "an AppName is the user's to type")
        #expect(try reply(["example-hello", "Hello", "com.example.hello", ""]).kind == "folders")
        #expect(try reply(["generate", "example-hello", "Hello", "com.example.hello", ""]).kind == "folders")
    }

    @Test func eachCommandIsOfferedItsOwnOptionsWithTheirBriefs() throws {
        #expect(try reply(["lint", "--"]).words == ["--json", "--quiet", "--version", "--help"])
        #expect(try reply(["list", "--d"]).words.isEmpty, "list takes no --dry-run")
        #expect(try reply(["example-hello", "--n"]).words == ["--no-test", "--no-tasks", "--no-input"])
        #expect(try reply(["schema", "-"]).words == ["--layer", "--version", "--help", "-h"])
        #expect(try reply(["lint", "--", "--"]).kind == "folders", "after '--' a word is a positional, as the parser reads it")
        let run = try InProcessRun.run(["__complete", "fish", "check", "--w"])
        defer { run.cleanUp() }
        #expect(run.output.standardOutput == "words\n--with\talso run this opt-in check\n")
    }

    @Test func optionValuesByTheirKind() throws {
        #expect(try reply(["--templates", ""]).kind == "folders")
        #expect(try reply(["example-hello", "--check-timeout", ""]) == ("words", []), "seconds are the user's to type")
        let fixtures = EndToEndHarness.fixtureTemplates.path
        #expect(try reply(["--templates=\(fixtures)", "bas"]).words == ["basic"], "recipes from the --templates typed; an inline value is no option's next word")
        #expect(try reply(["--templates", fixtures, "bas"]).words == ["basic"])
        #expect(try reply(["example-hello", "--set", ""]) == ("words nospace", ["greeting=", "style=", "scripts=", "program="]))
        #expect(try reply(["example-hello", "--set", "style="]) == ("words", ["style=plain", "style=boxed"]))
        // Beside each, the value's own description (a choice's, where it has one), for zsh and fish.
        let described = try InProcessRun.run(["__complete", "zsh", "example-hello", "--set", "st"])
        defer { described.cleanUp() }
        #expect(described.output.standardOutput == "words nospace\nstyle=\tHow the greeting is shown.\n", "\(described.output.standardOutput)")
        let choices = try InProcessRun.run(["__complete", "fish", "example-hello", "--set", "style="])
        defer { choices.cleanUp() }
        #expect(choices.output.standardOutput == "words\nstyle=plain\tThe line alone.\nstyle=boxed\tThe line in a frame of stars.\n", "\(choices.output.standardOutput)")
        #expect(try reply(["example-hello", "--set", "style", "=", "b"]) == ("words", ["boxed"]), "bash split the word at '='")
        #expect(try reply(["example-hello", "--set", "style", "=", "b"], shell: "zsh") == ("words", []), "zsh does not split it")
        #expect(try reply(["generate", "recipe-camera-studio", "--with", ""]).words == ["UI tests"])
        #expect(try reply(["camera", "--with", ""]).words == ["UI tests"], "a part of one recipe's name stands for it, as in generation")
        #expect(try reply(["example-hello", "--set=sty"], shell: "zsh") == ("words nospace", ["--set=style="]), "--opt=value is --opt value")
        #expect(try reply(["--templates=./Tem"], shell: "zsh").kind == "folders")
        #expect(try reply(["--with", ""]) == ("words", []), "no recipe on the line yet")
        #expect(try reply(["check", "--with", ""]) == ("words", []), "check's recipe is in the project's record")
        #expect(try reply(["no-such-recipe", "--set", ""]) == ("words", []), "nothing, and no error, for a recipe not found")
    }

    /// bash hands the line split at `=` and `:` as well as at spaces, and replaces only the
    /// piece after the last one: Tab right after `style=`, after `--templates=DIR`, or in a URL.
    @Test func bashsPiecesAreReadJoinedAndTheReplyIsThePieceAfter() throws {
        let fixtures = EndToEndHarness.fixtureTemplates.path
        #expect(try reply(["example-hello", "--set", "style", "="]) == ("words", ["plain", "boxed"]), "Tab right after the '='")
        #expect(try reply(["--templates", "=", fixtures, "bas"]).words == ["basic"], "--templates=DIR, split at its '='")
        #expect(try reply(["--templates", "git+file", ":", "///nowhere/x.git", "", ]).words.contains("help"), "a URL's pieces are one value, not three positionals")
        #expect(CompletionReply.bashWordsJoined(["--templates", "git+file", ":", "///x", "he"]).words == ["--templates", "git+file:///x", "he"])
        let joined = CompletionReply.bashWordsJoined(["--set", "url", "=", "https", ":", "//x"])
        #expect(joined.words == ["--set", "url=https://x"] && joined.lastPieceStart == "url=https:".count)
        #expect(CompletionReply.bashWordsJoined(["--set", "style", "="]).lastPieceStart == "style=".count)
    }

    /// The shell hands Tab's words over as typed: a `--templates ~/Recipes` on the line is read
    /// as the shell will read it when the command runs.
    @Test func aTemplatesFolderUnderTheHomeIsReadAsTheShellWillReadIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recipes = folder.appendingPathComponent("home/Recipes")
        try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: EndToEndHarness.fixtureTemplates.appendingPathComponent("basic"), to: recipes.appendingPathComponent("basic"))
        let run = try InProcessRun.run(["__complete", "bash", "--templates", "~/Recipes", "bas"], in: folder)
        #expect(run.output.standardOutput.hasPrefix("words\nbasic\t"), "\(run.output.standardOutput)")
    }

    @Test func positionalsAsTheTableDeclaresThem() throws {
        #expect(try reply(["completions", ""]).words == ["bash", "zsh", "fish"])
        #expect(try reply(["lint", "a", "b", ""]).kind == "folders")
        #expect(try reply(["check", ""]).kind == "folders")
        #expect(try reply(["check", "--with", "UI tests", ""]).kind == "folders", "a --with value is not the folder")
        #expect(try reply(["check", "Projects", ""]) == ("words", []), "one folder only")
        #expect(try reply(["config", ""]) == ("words", []))
    }

    /// A recipe folder whose name holds a control character is not offered: it could not be
    /// typed, and a newline in it would end the reply's line.
    @Test func aNameHoldingAControlCharacterIsNotOffered() throws {
        let templates = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-complete-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: templates) }
        for name in ["plain", "hostile\u{1B}[31m", "two\nlines"] {
            let folder = templates.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("template"), withIntermediateDirectories: true)
            try Data("name: x\n".utf8).write(to: folder.appendingPathComponent("template.yaml"))
        }
        let offered = try reply(["--templates", templates.path, ""]).words
        #expect(offered.contains("plain") && offered.contains("list"), "\(offered)")
        #expect(!offered.contains { $0.hasPrefix("hostile") || $0.hasPrefix("two") || $0 == "lines" }, "\(offered)")
    }

    @Test func aShellItDoesNotKnowIsAUsageError() throws {
        let run = try InProcessRun.run(["__complete", "tcsh", "ex"])
        defer { run.cleanUp() }
        #expect(run.code == .usage)
        #expect(run.output.standardOutput.isEmpty)
        #expect(run.output.standardError.contains("with a shell (bash, zsh or fish)"), "\(run.output.standardError)")
    }
}
