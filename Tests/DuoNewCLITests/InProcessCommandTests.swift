import Foundation
import Testing
import TestSupport
@testable import DuoNewCLI
import DuoNewKit
import DuoNewCore

/// The command line run in-process, its words captured: what the binary does, without a process
/// per test. The end-to-end suites run the same commands through the built binary.
@Suite struct InProcessCommandTests {
    @Test func helpGoesToStandardOutput() throws {
        let run = try InProcessRun.run(["--help"])
        defer { run.cleanUp() }
        #expect(run.code == .success)
        #expect(run.output.standardOutput.contains("duo-new"), "\(run.output.standardOutput)")
        #expect(run.output.standardError.isEmpty)
    }

    @Test func anUnknownRecipeIsRefusedWithItsExitCodeAndNothingIsCreated() throws {
        let run = try InProcessRun.run(["no-such-recipe", "Sitter", "com.example.sitter", "Sitter"])
        defer { run.cleanUp() }
        #expect(run.code == .noRecipe)
        #expect(run.output.standardError.contains("no-such-recipe"), "\(run.output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("Sitter").path))
    }

    @Test func aBadAppNameIsRefusedBeforeAnythingIsWritten() throws {
        let run = try InProcessRun.run(["example-hello", "Sit ter", "com.example.sitter", "Out", "--no-test"])
        defer { run.cleanUp() }
        #expect(run.code == .badValue)
        #expect(run.output.standardError.contains("error:"), "\(run.output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("Out").path))
    }

    @Test func theCameraStudioDryRunListsItsProjectAndWritesNothing() throws {
        let run = try InProcessRun.run(["recipe-camera-studio", "Sitter", "com.example.sitter", "Sitter", "--dry-run"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("Sitter.xcodeproj/project.pbxproj"), "\(run.output.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("Sitter").path))
    }

    @Test func generationWritesTheProjectAndItsRecord() throws {
        let run = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--no-test", "--json"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let project = run.folder.appendingPathComponent("Hello")
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(".duo-new.json").path))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any])
        #expect(report["exitCode"] as? Int == 0)
        #expect(report["recipe"] as? String == "example-hello")
    }

    /// The command that runs the checks later names a folder with a space as the shell needs it,
    /// set apart from the sentence by double quotes, not nested in its single quotes.
    @Test func theCheckCommandForAFolderWithASpaceCanBePasted() throws {
        let run = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "my folder", "--no-test"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("Checks skipped (--no-test); \"duo-new check 'my folder'\" runs them."), "\(run.output.standardOutput)")
        #expect(!run.output.standardOutput.contains("'duo-new check 'my"), "\(run.output.standardOutput)")
    }

    /// A command line refused before any command ran reports only its exit code and why, not
    /// another command's fields.
    @Test(arguments: [["lint", "--json"], ["list", "--json", "--bogus"], ["update", "--json", "--with", "x"]])
    func aRefusedCommandLinesJSONHoldsOnlyTheExitCodeAndTheError(arguments: [String]) throws {
        let run = try InProcessRun.run(arguments)
        defer { run.cleanUp() }
        #expect(run.code == .usage)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any])
        #expect(Set(report.keys) == ["exitCode", "error"], "\(report)")
        #expect(report["exitCode"] as? Int == 64)
    }

    /// `--pictures` naming a file is refused (73) before anything is written, by generation and `check` alike.
    @Test func picturesNamingAFileIsRefusedBeforeAnythingIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("afile"))
        let run = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--pictures", "afile"], in: folder)
        defer { run.cleanUp() }
        #expect(run.code == .destinationUnusable, "\(run.output.standardError)")
        #expect(run.output.standardError.contains("names a file, not a folder"), "\(run.output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Hello").path))
        let check = try InProcessRun.run(["check", "Hello", "--pictures", "afile"], in: folder)
        #expect(check.code == .destinationUnusable, "\(check.output.standardError)")
    }

    /// On a terminal too narrow for `name  version  summary`, each summary goes under its
    /// recipe, whole, rather than cut to an ellipsis.
    @Test func aNarrowListStacksTheSummariesWhole() throws {
        let run = try InProcessRun.run(["list"], environment: ["COLUMNS": "40"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let lines = run.output.standardOutput.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(run.output.standardOutput)")
        #expect(!run.output.standardOutput.contains("…"), "\(run.output.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("    The smallest recipe") }, "\(run.output.standardOutput)")
    }

    /// A recipe whose name alone is wider than a narrow terminal does not push every other row's
    /// version past the width: the columns are padded only while a row still fits.
    @Test func aNameWiderThanTheTerminalLeavesTheOtherRowsWithin() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        let long = "a-recipe-whose-name-is-wider-than-a-narrow-terminal"
        for name in [long, "short"] {
            try TestManifest.writeRecipe(at: folder.appendingPathComponent("T/\(name)"), manifest: "name: \(name)\nsummary: A recipe.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n",
                                         files: ["a.txt": "__APP_NAME__\n"])
        }
        let run = try InProcessRun.run(["list", "--templates", "T"], in: folder, environment: ["COLUMNS": "40"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let lines = run.output.standardOutput.split(separator: "\n")
        #expect(lines.filter { !$0.hasPrefix(long) }.allSatisfy { $0.count <= 40 }, "\(run.output.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("short  1.0.0") }, "\(run.output.standardOutput)")
    }

    @Test func replacingAProjectWhileItIsLockedIsRefusedAndNothingIsMoved() throws {
        let first = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--no-test"])
        defer { first.cleanUp() }
        #expect(first.code == .success, "\(first.output.standardError)")
        let project = first.folder.appendingPathComponent("Hello").path
        do {
            // Held as an update of the project holds it, until the end of this block.
            let lock = try ProjectLock.take(project: project, exclusive: true)
            let replace = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--no-test", "--replace"], in: first.folder)
            #expect(replace.code == .busy, "\(replace.output.standardError)")
            #expect(replace.output.standardError.contains("holds the project's lock"), "\(replace.output.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: first.folder.path).filter { $0.hasPrefix("Hello") } == ["Hello"], "nothing moved aside")
            withExtendedLifetime(lock) {}
        }
        let after = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--no-test", "--replace"], in: first.folder)
        #expect(after.code == .success, "once the lock is free: \(after.output.standardError)")
    }

    /// `--quiet` silences the update's story, its plan among it; with `--dry-run` the plan is
    /// the result asked for, and is printed.
    @Test func quietUpdatePrintsItsPlanOnlyWhenThePlanIsTheResult() throws {
        let first = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--no-test", "-q"])
        defer { first.cleanUp() }
        #expect(first.code == .success, "\(first.output.standardError)")
        try Data("mine\n".utf8).write(to: first.folder.appendingPathComponent("Hello/README.md"))
        let planned = try InProcessRun.run(["update", "Hello", "-q", "--dry-run"], in: first.folder)
        #expect(planned.code == .success, "\(planned.output.standardError)")
        #expect(planned.output.standardOutput.contains("keep          README.md"), "\(planned.output.standardOutput)")
        let quiet = try InProcessRun.run(["update", "Hello", "-q"], in: first.folder)
        #expect(quiet.code == .success, "\(quiet.output.standardError)")
        #expect(quiet.output.standardOutput.isEmpty && quiet.output.standardError.isEmpty, "\(quiet.output.standardOutput)")
    }

    /// A recipe without a bundle id (a ported Python or web template) is run as `<recipe>
    /// <AppName> <folder>`: a missing folder is named with that usage line and no word about a
    /// bundle id it never takes.
    @Test func aMissingFolderOfARecipeWithoutABundleIDShowsThatRecipesUsage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        let recipe = folder.appendingPathComponent("T/pyproj")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data("name: pyproj\nsummary: A package.\nversion: 1.0.0\nplaceholders:\n  PROJECT: {from: app-name}\n".utf8).write(to: recipe.appendingPathComponent("template.yaml"))
        try Data("__PROJECT__\n".utf8).write(to: recipe.appendingPathComponent("template/README.md"))
        let run = try InProcessRun.run(["pyproj", "Proj", "--templates", "T"], in: folder)
        defer { run.cleanUp() }
        #expect(run.code == .usage, "\(run.output.standardError)")
        let said = run.output.standardError
        #expect(said.contains("Error: missing <folder>; give it, or pass '--defaults' ('-y') to take the proposal (the folder from the AppName)\n"), "\(said)")
        #expect(said.contains("Usage: duo-new pyproj <AppName> <folder> [options]\n"), "\(said)")
        #expect(!said.contains("bundle"), "\(said)")
    }

    /// The same recipe lacking a `--set` value it needs shows its own usage line too.
    @Test func aMissingSettingOfARecipeWithoutABundleIDShowsThatRecipesUsage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        let recipe = folder.appendingPathComponent("T/pyproj")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data("name: pyproj\nsummary: A package.\nversion: 1.0.0\nplaceholders:\n  PROJECT: {from: app-name}\n  AUTHOR: {from: set}\n".utf8).write(to: recipe.appendingPathComponent("template.yaml"))
        try Data("__PROJECT__ __AUTHOR__\n".utf8).write(to: recipe.appendingPathComponent("template/README.md"))
        let run = try InProcessRun.run(["pyproj", "Proj", "out", "--templates", "T"], in: folder)
        defer { run.cleanUp() }
        #expect(run.code == .usage, "\(run.output.standardError)")
        #expect(run.output.standardError.contains("Usage: duo-new pyproj <AppName> <folder> [options]\n"), "\(run.output.standardError)")
    }

    /// A file an answer given anew leaves out (`--set scripts=false`) is one the recipe no longer
    /// writes, though the recipe still has it: the plan does not say the recipe dropped it.
    @Test func anEditedFileAnAnswerLeavesOutIsNotSaidToBeGoneFromTheRecipe() throws {
        let first = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--no-test", "-q", "--set", "scripts=true"])
        defer { first.cleanUp() }
        #expect(first.code == .success, "\(first.output.standardError)")
        try Data("#!/bin/sh\necho mine\n".utf8).write(to: first.folder.appendingPathComponent("Hello/Scripts/run.sh"))
        let planned = try InProcessRun.run(["update", "Hello", "--dry-run", "--set", "scripts=false"], in: first.folder)
        #expect(planned.code == .success, "\(planned.output.standardError)")
        let plan = planned.output.standardOutput
        #expect(plan.contains("keep          Scripts/run.sh  (you edited it; the recipe no longer writes it)"), "\(plan)")
        #expect(!plan.contains("no longer has it"), "\(plan)")
    }
}

/// `help <recipe>` shows the keys issue 37 added: a derived value's expression, the day, a
/// default worked out from an answer and a question's condition; no `<bundle-id>` when the
/// recipe declares none.
@Suite struct RecipeHelpValueRulesTests {
    @Test func helpShowsDerivedValuesTheDayDefaultsFromAnswersAndConditions() throws {
        let manifest = try ManifestDecoder.decode("""
        name: rules
        summary: Values worked out from others.
        version: 1.0.0
        placeholders:
          APP_NAME: {from: app-name}
          SLUG: {from: derived, value: APP_NAME | kebab}
          TITLE: {from: set, default-from: APP_NAME | words}
          CI: {from: set, type: bool}
          RUNNER: {from: set, default: hosted, ask-if: CI}
          YEAR: {from: year}
        """, file: "template.yaml")
        let text = RecipeHelp.text(of: manifest)
        #expect(text.contains("USAGE: duo-new rules <AppName> <folder> "), "\(text)")
        #expect(text.contains("worked out from the others: APP_NAME | kebab; never asked"), "\(text)")
        #expect(text.contains("default: APP_NAME | words"), "\(text)")
        #expect(text.contains("asked only if CI"), "\(text)")
        #expect(text.contains("the year of generation, as 2026; kept by 'update'"), "\(text)")
    }

    /// A task says when it runs: once after writing, also after an update, or only after an
    /// update (`on: [update]`), which generation never runs.
    @Test func helpSaysWhenEachTaskRuns() throws {
        let manifest = try ManifestDecoder.decode("""
        name: tasks
        summary: Tasks at each moment.
        version: 1.0.0
        placeholders:
          APP_NAME: {from: app-name}
        tasks:
          - {name: git, run: git init -q}
          - {name: notes, run: echo notes > NOTES.txt, on: [generate, update]}
          - {name: regen, run: echo regen > REGEN.txt, on: [update]}
        """, file: "template.yaml")
        let text = RecipeHelp.text(of: manifest)
        #expect(text.contains("TASKS (run after writing, before the checks; --no-tasks skips them):\n  git: git init -q\n"), "\(text)")
        #expect(text.contains("  notes: echo notes > NOTES.txt (also after update)\n"), "\(text)")
        #expect(text.contains("  regen: echo regen > REGEN.txt (only after update, never at generation)\n"), "\(text)")
    }

    /// The config's `set` value is what generation and the prompt take: help shows it beside
    /// the default (never a secret's).
    @Test func helpShowsWhatTheConfigSets() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("config/duo-new"), withIntermediateDirectories: true)
        try Data("set:\n  greeting: Howdy\n".utf8).write(to: folder.appendingPathComponent("config/duo-new/config.yaml"))
        let run = try InProcessRun.run(["help", "example-hello"], in: folder)
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("your config's 'set' gives: Howdy"), "\(run.output.standardOutput)")
    }

    /// A key longer than the usual column moves every description past it, all in one column;
    /// an empty default is shown as such.
    @Test func aLongKeyKeepsTheDescriptionsInOneColumnAndAnEmptyDefaultIsShown() throws {
        let manifest = try ManifestDecoder.decode("""
        name: names
        summary: Names.
        version: 1.0.0
        placeholders:
          APP_NAME: {from: app-name, description: The name.}
          DISPLAY_NAME: {from: set, key: display-name-on-the-home-screen, description: Under the icon., default: x}
          TEAM: {from: set, description: The team., default: ""}
        """, file: "template.yaml")
        let text = RecipeHelp.text(of: manifest)
        let values = try #require(text.components(separatedBy: "VALUES:\n").last?.components(separatedBy: "\n\n").first)
        // Each entry's first line: two spaces, the term, a gap, the description.
        let columns = values.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { line in
            let afterTerm = line.dropFirst(2).firstRange(of: "  ").map { line[$0.lowerBound...] } ?? ""
            return line.count - afterTerm.drop { $0 == " " }.count
        }
        #expect(columns.count == 3 && Set(columns).count == 1, "the descriptions start in one column: \(values)")
        #expect(text.contains("default: \"\" (empty)"), "\(text)")
    }
}
