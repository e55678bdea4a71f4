import Foundation
import Testing
import TestSupport
@testable import DuoNewCLI

/// Text fits the terminal: at `COLUMNS=80` no line of the help, `list` or the ending is longer
/// than 80 characters, and the words are the same as when nothing is wrapped (so none was broken
/// in two).
@Suite struct TerminalWidthTests {
    /// Lines over `width` characters (not bytes: `…` and `⌘` count one).
    static func overlong(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.count > width }
    }

    static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: \.isWhitespace)
    }

    @Test(arguments: [["--help"], ["help", "update"], ["help", "check"], ["list"], ["help", "recipe-camera-studio"], ["help", "recipe-media-player"]])
    func fitsEightyColumnsWithEveryWordWhole(_ arguments: [String]) throws {
        let narrow = try InProcessRun.run(arguments, environment: ["COLUMNS": "80"])
        defer { narrow.cleanUp() }
        let wide = try InProcessRun.run(arguments, environment: ["COLUMNS": "1000"])
        defer { wide.cleanUp() }
        #expect(narrow.code == .success, "\(narrow.output.standardError)")
        let text = narrow.output.standardOutput
        #expect(Self.overlong(text, width: 80).isEmpty, "over 80 columns:\n\(Self.overlong(text, width: 80).joined(separator: "\n"))")
        #expect(Self.words(text) == Self.words(wide.output.standardOutput), "the same words, none cut")
    }

    /// On a narrow terminal (40, 60 columns) every help page keeps its words whole, and a line is
    /// longer than the width only when it cannot break: one word (a pattern, a path) or one
    /// quoted phrase. The option and value entries move under their terms to leave room.
    @Test(arguments: [40, 60])
    func everyHelpFitsANarrowTerminal(_ width: Int) throws {
        let pages = Help.topics.map { ["help", $0] } + [["--help"], ["help", "example-hello"], ["help", "recipe-camera-studio"]]
        for arguments in pages {
            let narrow = try InProcessRun.run(arguments, environment: ["COLUMNS": "\(width)"])
            defer { narrow.cleanUp() }
            let wide = try InProcessRun.run(arguments, environment: ["COLUMNS": "1000"])
            defer { wide.cleanUp() }
            // Allowed over the width: one word or one quoted phrase, from a short indent (a word
            // far in, that would fit further out, is a layout that left it no room).
            let unbreakable = Self.overlong(narrow.output.standardOutput, width: width).filter { line in
                let text = line.trimmingCharacters(in: .whitespaces)
                let quoted = text.hasPrefix("'") && text.dropFirst().firstIndex(of: "'").map { text[$0...].count <= 2 } == true
                return (text.contains(" ") && !quoted) || line.prefix { $0 == " " }.count > 11
            }
            #expect(unbreakable.isEmpty, "\(arguments) over \(width) columns:\n\(unbreakable.joined(separator: "\n"))")
            #expect(Self.words(narrow.output.standardOutput) == Self.words(wide.output.standardOutput), "\(arguments): the same words, none cut")
        }
    }

    /// `list` of a folder that holds no recipe folders (a home) says so in one note, wrapped,
    /// rather than a broken row for each folder in it.
    @Test func listingAFolderOfNoRecipesIsOneWrappedNote() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-home-\(UUID().uuidString)")
        for name in ["Desktop", "Documents", "Downloads", "Library", "Music"] {
            try FileManager.default.createDirectory(at: home.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try InProcessRun.run(["list", "--templates", home.path], environment: ["COLUMNS": "80"])
        defer { run.cleanUp() }
        #expect(run.code == .success && run.output.standardOutput.isEmpty, "\(run.output.standardOutput)")
        let note = run.output.standardError
        #expect(Self.words(note).joined(separator: " ").contains("none of its 5 folders holds a 'template.yaml', so it is not a folder of recipes; point --templates at"), "\(note)")
        // Only the folder's path, one word, may be longer than the line (a long TMPDIR).
        #expect(Self.overlong(note, width: 80).filter { $0.trimmingCharacters(in: .whitespaces).contains(" ") }.isEmpty, "over 80 columns:\n\(note)")
    }

    /// The commands that load the completion scripts are never broken across lines, at any
    /// width: pasted in two, the first line would run alone.
    @Test(arguments: [40, 60, 80])
    func theCompletionCommandsStayWhole(_ width: Int) throws {
        let run = try InProcessRun.run(["help", "completions"], environment: ["COLUMNS": "\(width)"])
        defer { run.cleanUp() }
        let lines = run.output.standardOutput.split(separator: "\n")
        for command in ["source <(duo-new completions bash)", "duo-new completions zsh > ~/.zfunc/_duo-new", "duo-new completions fish > ~/.config/fish/completions/duo-new.fish"] {
            #expect(lines.contains { $0.contains(command) }, "\(width) columns: \(run.output.standardOutput)")
        }
    }

    /// The options' examples keep the option with its value at any width.
    @Test(arguments: [40, 60])
    func anOptionsExampleStaysWhole(_ width: Int) throws {
        let run = try InProcessRun.run(["--help"], environment: ["COLUMNS": "\(width)"])
        defer { run.cleanUp() }
        let lines = run.output.standardOutput.split(separator: "\n")
        for example in ["--set greeting=Hi", "--with 'UI tests'"] {
            #expect(lines.contains { $0.contains(example) }, "\(width) columns: \(run.output.standardOutput)")
        }
    }

    /// A skipped check's line carries its reason, which can be long: wrapped like the rest.
    @Test func aSkippedChecksLineFitsEightyColumns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestManifest.writeRecipe(at: folder.appendingPathComponent("recipes/needy"), manifest: """
            name: needy
            summary: A check that needs what no machine here has.
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name}
            checks:
              - name: simulator
                run: no-such-tool-anywhere --run
                needs:
                  commands: [no-such-tool-anywhere]
                  hint: a Mac with Xcode 27.1 or later and the iPhone Duo simulator installed from the Platforms pane
            """, files: ["name.txt": "__APP_NAME__\n"])
        let run = try InProcessRun.run(["needy", "Sitter", "./Sitter", "--templates", folder.appendingPathComponent("recipes").path], in: folder, environment: ["COLUMNS": "80"])
        #expect(run.code == .success, "\(run.output.standardError)")
        let text = run.output.standardOutput
        #expect(text.contains("simulator skipped: needs no-such-tool-anywhere"), "\(text)")
        let long = Self.overlong(text, width: 80).filter { !$0.hasPrefix("      (cd ") }
        #expect(long.isEmpty, "over 80 columns:\n\(long.joined(separator: "\n"))")
        // The reason's further lines start under its text, not under the mark.
        #expect(text.contains("  – simulator skipped: needs no-such-tool-anywhere: a Mac with Xcode 27.1 or\n    later and the iPhone Duo"), "\(text)")
        // So do an entry's under "Skipped here", apart from the next entry's name.
        let skipped = try #require(text.components(separatedBy: "Skipped here, still to do:\n").last)
        #expect(skipped.hasPrefix("  simulator (needs no-such-tool-anywhere: a Mac with Xcode 27.1 or later and the\n    iPhone Duo"), "\(skipped)")
    }

    /// Lines over `width` that could have been broken: their last word would fit on a line of
    /// its own (a path too long for any line may stay beside its term), or one word pushed far
    /// in. A command to paste (`(cd … && …)`) and a program's own output (`│ …`) are left whole
    /// on purpose.
    static func breakable(_ text: String, width: Int) -> [String] {
        overlong(text, width: width).filter { line in
            let words = line.trimmingCharacters(in: .whitespaces)
            let indent = line.prefix { $0 == " " }.count
            let quoted = words.first.map { "'\"".contains($0) } == true && words.last == words.first
            // The last word, a quoted span (a folder with spaces) taken whole.
            let last = words.firstMatch(of: /'[^']*'[;:,.)]?$/).map { String($0.output) } ?? String(words.split(separator: " ").last ?? "")
            let lastFits = words.count > last.count && indent + last.count <= width
            let kept = !lastFits || quoted || (words.hasPrefix("cd '") && words.last == "'")
            return !line.hasPrefix("      (cd ") && !line.hasPrefix("    │") && (!kept || indent > 11)
        }
    }

    /// Every line a generation, `check` and `update` say about a recipe with long names, into
    /// a folder with spaces, fits 40 columns: the first line, each check's start and verdict, the
    /// ending, the update's plan; and nothing but spaces moved (the words are the same as wide).
    @Test func generationCheckAndUpdateFitFortyColumns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recipe = folder.appendingPathComponent("recipes/long")
        func write(version: String, line: String) throws {
            try TestManifest.writeRecipe(at: recipe, manifest: """
                name: long
                summary: A recipe with long names.
                version: \(version)
                placeholders:
                  APP_NAME: {from: app-name}
                tasks:
                  - name: a task with a long name that goes on past a narrow terminal
                    run: echo a task that is long enough to pass the width of the terminal
                checks:
                  - name: a check with a long name that goes on past a narrow terminal
                    run: echo a command that is long enough to pass the width of the terminal
                next-steps: |
                  cd __DESTINATION__
                """, files: ["__APP_NAME__/Sources/Interface/main.txt": line])
        }
        try write(version: "1.0.0", line: "one\n")
        let place = "./a folder with spaces/and a long name/Sitter"
        let templates = ["--templates", folder.appendingPathComponent("recipes").path]
        func run(_ arguments: [String], width: Int) throws -> String {
            let run = try InProcessRun.run(arguments + templates, in: folder, environment: ["COLUMNS": "\(width)"])
            return run.output.standardOutput + run.output.standardError
        }
        func expectFits(_ arguments: [String], then change: () throws -> Void = {}) throws {
            let narrow = try run(arguments, width: 40)
            // The folder is quoted as the shell needs it, so no line ends inside it at its spaces.
            #expect(narrow.contains(" '\(place)'") && !narrow.contains(" ./a folder"), "\(arguments): \(narrow)")
            #expect(Self.breakable(narrow, width: 40).isEmpty, "\(arguments) over 40 columns:\n\(Self.breakable(narrow, width: 40).joined(separator: "\n"))")
            try change()
            let wide = try run(arguments, width: 1000)
            #expect(Self.words(narrow.replacingOccurrences(of: #"[0-9.]+ s\b"#, with: "", options: .regularExpression))
                    == Self.words(wide.replacingOccurrences(of: #"[0-9.]+ s\b"#, with: "", options: .regularExpression)), "\(arguments): the same words")
        }
        try expectFits(["long", "Sitter", place]) { try FileManager.default.removeItem(at: folder.appendingPathComponent(place)) }
        // A check's start continues under its name, not under its mark.
        let started = try run(["check", place], width: 40)
        #expect(started.contains("  ▶ a check with a long name that goes\n    on past a narrow terminal"), "\(started)")
        try expectFits(["check", place])
        try Data("mine\n".utf8).write(to: folder.appendingPathComponent(place).appendingPathComponent("Sitter/Sources/Interface/main.txt"))
        try write(version: "1.1.0", line: "theirs\n")
        try expectFits(["update", place, "--dry-run"])
    }

    /// A diagnostic's headline with a `file:line:column` stays one line, as compilers print it
    /// (editors and CI read it so); a headline with no place, and each note, fit the width.
    @Test func aDiagnosticsNotesAndPlacelessHeadlineFitTheWidth() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestManifest.writeRecipe(at: folder.appendingPathComponent("slip"), manifest: """
            name: slip
            summary: A recipe that leaves a token.
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name}
            """, files: ["a.txt": "__APP_NAME__ __GREET__\n"])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let run = try InProcessRun.run(["lint", "slip", "empty"], in: folder, environment: ["COLUMNS": "60"])
        #expect(run.code == .brokenTemplate)
        let text = run.output.standardError
        let located = text.split(separator: "\n").filter { $0.contains(".yaml:") || $0.contains(".txt:") }
        #expect(located.contains { $0.hasSuffix("under 'not-tokens' if it is meant to stay, or remove it") }, "one line: \(text)")
        let long = Self.overlong(text, width: 60).filter { !located.contains(Substring($0)) }
        #expect(long.isEmpty, "over 60 columns:\n\(long.joined(separator: "\n"))")
        #expect(text.contains("error: no 'template.yaml' in 'empty'"), "\(text)")
    }

    /// The lines `--defaults` and `--dry-run` say are wrapped too.
    @Test func theDefaultsAndDryRunLinesFitFortyColumns() throws {
        let run = try InProcessRun.run(["example-hello", "Hello", "-y", "--dry-run"], environment: ["COLUMNS": "40"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let said = run.output.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Using") || $0.hasPrefix("Would") || $0.hasPrefix("Values") }
        #expect(said.count == 3, "\(run.output.standardOutput)")
        let long = Self.overlong(run.output.standardOutput, width: 40).filter { $0.contains(" ") && !$0.hasPrefix("  ") }
        #expect(long.isEmpty, "over 40 columns:\n\(long.joined(separator: "\n"))")
    }

    @Test func theEndingFitsEightyColumnsWithEveryWordWhole() throws {
        let arguments = ["recipe-camera-studio", "Sitter", "com.example.sitter", "Sitter", "--no-test"]
        let narrow = try InProcessRun.run(arguments, environment: ["COLUMNS": "80"])
        defer { narrow.cleanUp() }
        let wide = try InProcessRun.run(arguments, environment: ["COLUMNS": "1000"])
        defer { wide.cleanUp() }
        #expect(narrow.code == .success, "\(narrow.output.standardError)")
        let ending = try #require(narrow.output.standardOutput.components(separatedBy: "Next steps:").last)
        let wideEnding = try #require(wide.output.standardOutput.components(separatedBy: "Next steps:").last)
        #expect(Self.overlong(ending, width: 80).isEmpty, "over 80 columns:\n\(Self.overlong(ending, width: 80).joined(separator: "\n"))")
        #expect(Self.words(ending) == Self.words(wideEnding))
    }

    @Test(arguments: [(["genrate"], 50), (["update", "--bogus"], 40), (["help", "example-shared"], 40)])
    func aUsageErrorFitsANarrowTerminal(_ arguments: [String], width: Int) throws {
        let run = try InProcessRun.run(arguments, environment: ["COLUMNS": "\(width)"])
        defer { run.cleanUp() }
        #expect(run.code == .usage)
        #expect(Self.overlong(run.output.standardError, width: width).isEmpty, "\(run.output.standardError)")
    }

    /// An installed duo-new's help names its docs' folder, however long the prefix, within the
    /// width: the folder is put in before the text is wrapped.
    @Test(arguments: [nil, "update"])
    func theInstalledDocsFolderFitsTheWidth(_ command: String?) throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)/a-rather-long-prefix/for-installs")
        defer { try? FileManager.default.removeItem(at: prefix.deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/doc/duo-new"), withIntermediateDirectories: true)
        let text = Help.text(for: command, width: 80, executablePath: prefix.appendingPathComponent("bin/duo-new").path)
        #expect(text.contains(prefix.path + "/share/doc/duo-new/"), "\(text)")
        #expect(Self.breakable(text, width: 80).isEmpty, "over 80 columns:\n\(Self.breakable(text, width: 80).joined(separator: "\n"))")
    }

    /// A term wider than the help's column has its text on the line below, in the column, so
    /// the text's lines start one under another.
    @Test func anOptionWiderThanTheColumnHasItsTextBelow() throws {
        let run = try InProcessRun.run(["help", "list"], environment: ["COLUMNS": "80"])
        defer { run.cleanUp() }
        #expect(run.output.standardOutput.contains("  --opt-in-checks <recipe>\n                        Print the names of"), "\(run.output.standardOutput)")
    }

    @Test func columnsDecidesTheWidthAndEightyIsTheDefault() {
        #expect(Console.width(environment: ["COLUMNS": "132"], measuring: false) == 132)
        #expect(Console.width(environment: [:], measuring: false) == 80)
        #expect(Console.width(environment: ["COLUMNS": "wide"], measuring: false) == 80)
    }
}

/// The ending says only what happened, and `--json` carries the names, the values and the next
/// steps as a list of lines.
@Suite struct GenerationEndingTests {
    @Test func withNoTestTheEndingSaysTheChecksWereSkippedAndNamesNoRecord() throws {
        let run = try InProcessRun.run(["recipe-camera-studio", "Sitter", "com.example.sitter", "Sitter", "--no-test"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let ending = try #require(run.output.standardOutput.components(separatedBy: "Next steps:").last)
        #expect(!ending.contains("GENERATION-CHECKS.md"), "\(ending)")
        #expect(ending.contains("  On a Mac (Xcode 27.1 or later"), "\(ending)")
        #expect(ending.contains("\n    open Sitter.xcodeproj\n"), "\(ending)")
        #expect(ending.hasSuffix("\n  Checks skipped (--no-test); 'duo-new check Sitter' runs them.\n"), "\(ending)")
    }

    @Test func theJSONReportCarriesTheNamesTheValuesAndTheStepsAsLines() throws {
        let run = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--set", "greeting=Hi", "--no-test", "--json"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any])
        #expect(report["appName"] as? String == "Hello")
        #expect(report["bundleID"] as? String == "com.example.hello")
        #expect((report["values"] as? [String: String])?["greeting"] == "Hi", "\(report)")
        let steps = try #require(report["nextSteps"] as? [String], "\(report)")
        #expect(steps.first == "cd Hello", "\(steps)")
        #expect(steps.count >= 2 && !steps.contains { $0.contains("\n") })
    }
}
