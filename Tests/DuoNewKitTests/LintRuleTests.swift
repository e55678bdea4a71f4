import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// Lint rules that need a tree git cannot hold on every platform, and the pieces lint is built from.
@Suite struct LintRuleTests {
    /// Names differing only by case cannot both be checked out on macOS, so this tree is made here.
    @Test func reportsNamesThatDifferOnlyByCase() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = base.appendingPathComponent("case-collision")
        let tree = folder.appendingPathComponent("template/Docs")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try """
            name: case-collision
            summary: Two names that differ only by case.
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name}

            """.write(to: folder.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        for name in ["Readme.md", "README.md"] {
            try "__APP_NAME__\n".write(to: tree.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let diagnostics = TemplateLinter.lint(recipeFolder: folder, displayFolder: "case-collision")
        #expect(diagnostics.map(\.rendered) == [
            "case-collision/template/Docs/Readme.md:1:1: error: 'Docs/Readme.md' and 'Docs/README.md' differ only by case and collide on macOS file systems; rename one",
        ])
    }

    /// `é` written as one character or as `e` and an accent: two names on Linux, one on a Mac,
    /// which looks the same twice; the message says what differs, not "case".
    @Test func reportsNamesThatDifferOnlyInHowAnAccentIsWritten() throws {
        let folder = try TestScratch.makeFolder("lint-normalization").appendingPathComponent("accents")
        let composed = "R\u{E9}sum\u{E9}.md", decomposed = "Re\u{301}sume\u{301}.md"
        // Written one by one: Swift's strings (a dictionary's keys too) take the two for one.
        try TestManifest.writeRecipe(at: folder, manifest: TestManifest.header(name: "accents", summary: "Two spellings of one name.") + "\n",
                                     files: [composed: "__APP_NAME__\n"])
        try Data("__APP_NAME__\n".utf8).write(to: folder.appendingPathComponent("template").appendingPathComponent(decomposed))
        let messages = TemplateLinter.lint(recipeFolder: folder, displayFolder: "accents").filter { $0.severity == .error }.map(\.message)
        #expect(messages.count == 1 && messages[0].contains("differ only in how an accented letter is written (one character, or a letter and a combining mark)"), "\(messages)")
        #expect(!messages[0].contains("by case"), "\(messages)")
    }

    /// A `default-from` that only an AppName of two words makes break its pattern (`my-app`
    /// against `^[a-z]+$`): generation refuses it (78) for `MyApp`, so lint tries such a name.
    @Test func aProposalATwoWordAppNameBreaksIsReported() throws {
        let folder = try TestScratch.makeFolder("lint-two-words").appendingPathComponent("two-words")
        let manifest = TestManifest.header(name: "two-words", summary: "A proposal that breaks with two words.") + """

              PROGRAM: {from: set, default-from: APP_NAME | kebab, pattern: "^[a-z]+$"}

            """
        try TestManifest.writeRecipe(at: folder, manifest: manifest, files: ["README.md": "__APP_NAME__ __PROGRAM__\n"])
        let rendered = TemplateLinter.lint(recipeFolder: folder, displayFolder: "two-words").map(\.rendered)
        #expect(rendered.contains { $0.contains("proposes 'sample-app'") && $0.contains("(with the AppName SampleApp)") }, "\(rendered)")
    }

    /// A top-level folder named as lint's sample AppName is no fault of the recipe's: the
    /// trial takes another sample name.
    @Test func aFolderNamedAsTheSampleAppNameIsNoFault() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = base.appendingPathComponent("sample")
        try TestManifest.writeRecipe(
            at: folder, manifest: "name: sample\nsummary: S.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n",
            files: ["Sample/readme.txt": "hi\n", "__APP_NAME__/main.swift": "__APP_NAME__\n"]
        )
        let diagnostics = TemplateLinter.lint(recipeFolder: folder, displayFolder: "sample")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.rendered))")
    }

    /// A token used only in a `rename` target is used: it names the file written.
    @Test func aTokenInARenameTargetIsUsed() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = base.appendingPathComponent("renamed")
        try TestManifest.writeRecipe(at: folder, manifest: """
            name: renamed
            summary: A name chosen by a value.
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name}
              NOTE: {from: set, default: notes}
            rename:
              a.txt: __NOTE__.txt

            """, files: ["a.txt": "__APP_NAME__\n"])
        let diagnostics = TemplateLinter.lint(recipeFolder: folder, displayFolder: "renamed")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.rendered))")
    }

    /// A recipe folder with one placeholder and the given files, for rules about names and modes.
    static func makeLintRecipe(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-lint-\(UUID().uuidString)/odd")
        let tree = folder.appendingPathComponent("template")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try "name: odd\nsummary: Odd names and modes.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n"
            .write(to: folder.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in files {
            try FileManager.default.createDirectory(at: tree.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: tree.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        return folder
    }

    @Test func flagsANameHoldingANewlineAndShowsItEscaped() throws {
        let folder = try Self.makeLintRecipe(["README.md": "__APP_NAME__\n", "two\nlines.txt": "plain\n"])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let diagnostics = TemplateLinter.lint(recipeFolder: folder, displayFolder: "odd")
        #expect(diagnostics.map(\.rendered) == [
            "odd/template/two\\nlines.txt:1:1: error: the name 'two\\nlines.txt' cannot be generated: it holds a newline, a tab or another control character, which breaks listings, logs and shell scripts; rename it",
        ])
    }

    @Test func warnsAboutTemplateFilesTheirOwnerCannotRead() throws {
        let folder = try Self.makeLintRecipe(["README.md": "__APP_NAME__\n", "secret.txt": "plain\n", "Locked/a.txt": "plain\n"])
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("template/Locked").path)
            try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder.appendingPathComponent("template/secret.txt").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o311], ofItemAtPath: folder.appendingPathComponent("template/Locked").path)
        let rendered = TemplateLinter.lint(recipeFolder: folder, displayFolder: "odd").map(\.rendered)
        #expect(rendered.contains("odd/template/secret.txt:1:1: warning: 'secret.txt' has mode 000, so its owner cannot read it and generating as an ordinary user fails; run 'chmod u+r' on it"), "\(rendered)")
        #expect(rendered.contains("odd/template/Locked:1:1: warning: 'Locked' has mode 311, so its owner cannot list it and generating as an ordinary user fails; run 'chmod u+rx' on it"), "\(rendered)")
        // Root reads and lists whatever the modes say, so its trial generation passes. An
        // ordinary user cannot list 'Locked': lint still warns about both modes, and says where
        // generation would stop, as a read (not a write) that failed.
        let errors = rendered.filter { $0.contains(": error: ") }
        if getuid() == 0 {
            #expect(errors.isEmpty, "\(rendered)")
        } else {
            let locked = folder.appendingPathComponent("template").path + "/Locked"
            #expect(errors == [
                "odd/template.yaml:1:1: error: a trial generation with sample values failed: could not write '\(locked)': cannot read the template tree: Permission denied; nothing was left behind",
            ], "\(rendered)")
        }
    }

    /// A line longer than a scanning piece is cut where no token can straddle the cut; columns
    /// carry on across pieces, counted in characters (é is one).
    /// A file renamed onto a folder's name clashes with the folder: lint points at the `rename`
    /// entry that makes the clash, as for a rename onto another file, not at the renamed file.
    @Test func aRenameOntoAFolderIsReportedAtTheRenameEntry() throws {
        let root = try TestScratch.makeFolder("lint-rename-folder")
        let manifest = TestManifest.header(name: "odd", summary: "A file renamed onto a folder.") + "\nrename:\n  a.md: Docs\n"
        try TestManifest.writeRecipe(at: root.appendingPathComponent("odd"), manifest: manifest, files: ["a.md": "__APP_NAME__ __BUNDLE_ID__\n", "Docs/x.md": "x\n"])
        let rendered = TemplateLinter.lint(recipeFolder: root.appendingPathComponent("odd"), displayFolder: "odd").map(\.rendered)
        #expect(rendered.count == 1 && rendered[0].hasPrefix("odd/template.yaml:12:3: error: a trial generation with sample values failed: 'Docs' and 'a.md' would both be written as 'Docs'"), "\(rendered)")
    }

    @Test func findsTokensAcrossPiecesOfAVeryLongLine() throws {
        let prefix = String(repeating: "é_", count: 200_000) + String(repeating: "x ", count: 100_000)
        let folder = try Self.makeLintRecipe(["long.txt": prefix + "__APP_NAME__ __LEFT__ __APP_NAME__\nnext __MORE__\n"])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let rendered = TemplateLinter.lint(recipeFolder: folder, displayFolder: "odd").map(\.rendered)
        let column = prefix.unicodeScalars.count + "__APP_NAME__ ".count + 1
        #expect(rendered.contains { $0.hasPrefix("odd/template/long.txt:1:\(column): error: token '__LEFT__' is not declared") }, "\(rendered)")
        #expect(rendered.contains { $0.hasPrefix("odd/template/long.txt:2:6: error: token '__MORE__' is not declared") }, "\(rendered)")
        #expect(!rendered.contains { $0.contains("placeholder 'APP_NAME' is declared but") }, "\(rendered)")
    }

    /// The token scan must find what the generator's leftover scan (a regular expression) finds.
    @Test func findsTheSameLeftoversAsTheTokenRegularExpression() throws {
        let regex = try NSRegularExpression(pattern: ManifestDecoder.tokenPattern)
        let alphabet: [Unicode.Scalar] = ["_", "_", "_", "A", "B", "1", "a", " "]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<3000 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<Int(state % 24) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                scalars.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let expected = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                (String(text[Range(match.range, in: text)!]), match.range.location)
            }
            let found = TokenGrammar.leftovers(in: scalars, leaving: .compilersOnly)
            #expect(found.map(\.token) == expected.map(\.0), "in '\(text)'")
            #expect(found.map(\.offset) == expected.map(\.1), "in '\(text)'")
        }
    }

    @Test func takesDeclaredTokensOutBeforeLookingForLeftovers() {
        let scan = TokenScanner.scan("__FOO__APP_NAME__ and __APP_NAME____BAR__", declared: ["APP_NAME"], leaving: .compilersOnly)
        #expect(scan.used == ["APP_NAME"])
        #expect(scan.undeclared == [TokenScanner.Occurrence(token: "__BAR__", column: 35)])
    }

    @Test(arguments: [
        ("Tools/run.sh", "Tools/run.sh"), ("./Tools/run.sh --quick", "./Tools/run.sh"), ("sh -c true", nil),
        ("/bin/sh Tools/run.sh", nil), ("swift test", nil), ("$HOME/bin/x", nil),
    ] as [(String, String?)])
    func findsTheCommandFileOfACheck(_ run: String, _ command: String?) {
        #expect(LintPass.relativeCommand(run) == command)
    }

    @Test func summarisesCountsInTheLintLine() {
        let diagnostics: [Diagnostic] = [.error("a"), .error("b"), .warning("c")]
        #expect(TemplateLinter.summary(of: diagnostics, templates: 3) == "2 errors, 1 warning in 3 templates")
        #expect(TemplateLinter.summary(of: [], templates: 1) == "0 errors, 0 warnings in 1 template")
    }
}
