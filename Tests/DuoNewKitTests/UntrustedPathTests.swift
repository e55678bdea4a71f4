import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// The one rule for paths read from a file (`ContainedPath`), and the two readers that apply it
/// to what a project carries: the record (`RecordReader`) and the update's journal
/// (`UpdateJournal`). No disk.
@Suite struct UntrustedPathTests {
    /// The digest every staged entry gets here; what it is does not matter to the order of the operations.
    private static let staged = String(repeating: "d", count: 64)
    @Test(arguments: [
        ("", ContainedPathProblem.empty), ("/etc/passwd", .absolute), ("../outside", .dotDot), ("a/../../b", .dotDot),
        ("a/..", .dotDot), ("./README.md", .dot), ("a/./b", .dot), ("Hello//main.swift", .emptyName), ("a/", .emptyName),
        (".git/config", .gitFolder), ("sub/.git/hooks/pre-commit", .gitFolder), ("a\tb", .controlCharacter),
        ("line\nbreak", .controlCharacter), ("nul\u{0}byte", .controlCharacter), ("esc\u{1B}[2J", .controlCharacter),
        ("c1\u{85}next", .controlCharacter), ("del\u{7F}", .controlCharacter),
    ])
    func refusesEveryPathThatCouldLeaveOrDisguiseItsRoot(_ path: String, _ expected: ContainedPathProblem) {
        #expect(ContainedPath.problem(in: path) == expected, "'\(path)'")
        #expect(throws: expected) { try ContainedPath(validating: path) }
    }

    @Test(arguments: ["README.md", "Sources/App/main.swift", ".gitignore", ".github/workflows/ci.yml", "..hidden", "a...b", "git", "é/ü.txt", "x.git"])
    func acceptsOrdinaryPaths(_ path: String) throws {
        #expect(ContainedPath.problem(in: path) == nil)
        #expect(try ContainedPath(validating: path).text == path)
    }

    @Test func aNameIsOneNameOnly() {
        #expect(ContainedPath.problem(inName: "a/b") == .separatorInName)
        #expect(ContainedPath.problem(inName: "tab\there") == .controlCharacter)
        #expect(ContainedPath.problem(inName: ".git") == .gitFolder)
        // A Mac compares names without case: `.Git` is the repository's folder there too.
        for name in [".GIT", ".Git", ".gIT"] { #expect(ContainedPath.problem(inName: name) == .gitFolder, "\(name)") }
        #expect(ContainedPath.problem(inName: ".gît") == nil, "only ASCII letters fold")
        #expect(ContainedPath.problem(inName: "main.swift") == nil)
        #expect(DisplayPath.escaped("v1\u{1B}]0;owned\u{7}") == "v1\\u{1B}]0;owned\\u{7}", "what the rule refuses, display escapes")
    }

    // MARK: - The record

    private static let hash = String(repeating: "ab", count: 32)

    private static func record(_ extra: String = "", files: String? = nil, recipe: String = "upd") -> Data {
        let files = files ?? #""README.md": {"mode": "0644", "sha256": "\#(hash)"}"#
        return Data(#"{"generator": "duo-new 0.1.0", "recipe": "\#(recipe)", "version": "1.0.0", "values": {}, "files": {\#(files)}\#(extra)}"#.utf8)
    }

    @Test func readsAWellFormedRecord() throws {
        let record = try RecordReader.read(Self.record(#", "folders": ["Empty"], "links": {"Link": "README.md"}"#))
        #expect(record.files?.keys.sorted() == ["README.md"])
        #expect(record.folders == ["Empty"])
    }

    @Test(arguments: [
        (#""../outside/victim.txt": {"mode": "0644", "sha256": "H"}"#, "'../outside/victim.txt' under 'files'"),
        (#""/etc/passwd": {"mode": "0644", "sha256": "H"}"#, "'/etc/passwd' under 'files'"),
        (#""./README.md": {"mode": "0644", "sha256": "H"}"#, "'./README.md' under 'files'"),
        (#""Hello//main.swift": {"mode": "0644", "sha256": "H"}"#, "'Hello//main.swift' under 'files'"),
        (#""a/../../b": {"mode": "0644", "sha256": "H"}"#, "'a/../../b' under 'files'"),
        (#""sub/.git/config": {"mode": "0644", "sha256": "H"}"#, "'sub/.git/config' under 'files'"),
        (#""bad\u001b[31m": {"mode": "0644", "sha256": "H"}"#, "'bad\\u{1B}[31m' under 'files'"),
        (#"".duo-new-update/journal": {"mode": "0644", "sha256": "H"}"#, "the folder an update works in"),
        (#"".duo-new.json": {"mode": "0644", "sha256": "H"}"#, "(the project's record)"),
        // Without case, as generation refuses them and as a Mac's file system reads them.
        (#"".Duo-New-Update/backup/a.txt": {"mode": "0644", "sha256": "H"}"#, "the folder an update works in"),
        (#"".DUO-NEW.JSON": {"mode": "0644", "sha256": "H"}"#, "(the project's record)"),
        (#""GENERATION-CHECKS.md": {"mode": "0644", "sha256": "H"}"#, "the report of the recipe's checks"),
        (#""a.txt.duo-new": {"mode": "0644", "sha256": "H"}"#, "the name of the file an update writes beside"),
        (#""x.DUO-NEW/a.txt": {"mode": "0644", "sha256": "H"}"#, "the name of the file an update writes beside"),
        (#""a": {"mode": "0644", "sha256": "H"}, "a/b": {"mode": "0644", "sha256": "H"}"#, "'a/b' under 'files' inside 'a'"),
        (#""a": {"mode": "rwx", "sha256": "H"}"#, "records the mode of 'a' as 'rwx'"),
        (#""a": {"mode": "04755", "sha256": "H"}"#, "records the mode of 'a' as '04755'"),
        (#""a": {"mode": "07777", "sha256": "H"}"#, "records the mode of 'a' as '07777'"),
        // Octal digits only, as generation writes them: a sign is no part of permission bits.
        (#""a": {"mode": "+644", "sha256": "H"}"#, "records the mode of 'a' as '+644'"),
        (#""a": {"mode": "-0", "sha256": "H"}"#, "records the mode of 'a' as '-0'"),
        (#""a": {"mode": "0644", "sha256": "not a hash"}"#, "records the SHA-256 of 'a' as 'not a hash'"),
    ])
    func refusesARecordWhoseFilesBreakTheRule(_ files: String, _ expected: String) {
        let data = Self.record(files: files.replacingOccurrences(of: "\"H\"", with: "\"\(Self.hash)\""))
        #expect { try RecordReader.read(data) } throws: { error in
            (error as? RecordProblem)?.message.contains(expected) == true
        }
    }

    /// One path in two sections (a file and a link, a file and an empty folder) is no record a
    /// generation writes, and the later section silently won: until 2026-12-07 it was read.
    @Test(arguments: [#", "links": {"README.md": "README.md"}"#, #", "folders": ["README.md"]"#, #", "links": {"L": "x"}, "folders": ["L"]"#])
    func refusesAPathListedInTwoSections(_ extra: String) {
        #expect { try RecordReader.read(Self.record(extra)) } throws: { error in
            (error as? RecordProblem)?.message.contains("twice") == true
        }
    }

    @Test func refusesFoldersAndLinksOutsideTheProject() {
        for extra in [#", "folders": ["../outside2/emptydir"]"#, #", "links": {"../l": "x"}"#, #", "folders": [".git"]"#] {
            #expect(throws: RecordProblem.self, "\(extra)") { try RecordReader.read(Self.record(extra)) }
        }
    }

    @Test func refusesARecipeThatIsAPathAndShapesThatAreNotARecord() {
        for recipe in ["../../evil", "/tmp/evil", "a/b", "bell\\u0007"] {
            #expect(throws: RecordProblem.badRecipeName(recipe.replacingOccurrences(of: "\\u0007", with: "\u{7}"))) {
                try RecordReader.read(Self.record(recipe: recipe))
            }
        }
        #expect(throws: RecordProblem.self) { try RecordReader.read(Data("not json".utf8)) }
        #expect(throws: RecordProblem.self) { try RecordReader.read(Data("[1, 2]".utf8)) }
        #expect { try RecordReader.read(Data(#"{"generator": 1, "recipe": "r", "version": "1", "values": {}}"#.utf8)) } throws: { error in
            (error as? RecordProblem)?.message.contains("'generator': expected a string") == true
        }
        #expect { try RecordReader.read(Data(#"{"generator": "g", "recipe": "r", "values": {}}"#.utf8)) } throws: { error in
            (error as? RecordProblem)?.message.contains("'version': the key is missing") == true
        }
        #expect { try RecordReader.read(Self.record(files: #""a": "0644""#)) } throws: { error in
            (error as? RecordProblem)?.message.contains("'files.a': expected") == true
        }
    }

    /// The recipe's and the layers' versions and names keep a manifest's rules, and `source`
    /// holds only its kind's keys: a hand-edited record is refused before anything is compared.
    @Test(arguments: [
        (#""version": "", "#, "records the version of the recipe as ''"),
        (#""version": "abc", "#, "records the version of the recipe as 'abc'"),
        (#""version": "1.0.0junk", "#, "records the version of the recipe as '1.0.0junk'"),
        (#""version": "1.0.0\u001b[2J", "#, "as '1.0.0\\u{1B}[2J'"),
        (#""layers": [{"name": "../evil", "version": "1.0.0"}], "#, "names the layer '../evil'"),
        (#""layers": [{"name": "duo-app", "version": "-1"}], "#, "records the version of the layer 'duo-app' as '-1'"),
        (#""source": {"kind": "bundled", "duoNewVersion": "0.1.0", "extra": "x"}, "#, "holds the key 'extra', which no source has"),
        (#""source": {"kind": "git", "duoNewVersion": "0.1.0"}, "#, "is of kind 'git', which holds 'url' and 'commit'"),
        // A C1 control character (U+009B, a terminal's one-byte CSI) is one, as everywhere else.
        (#""source": {"kind": "folder", "given": "./tp\u009b2J", "resolved": "/tmp/tp"}, "#, "holds a control character"),
        (#""source": {"kind": "bundled", "duoNewVersion": "0.1.0\u0085"}, "#, "holds a control character"),
    ])
    func refusesVersionsLayersAndSourcesThatBreakTheirRules(_ replacement: String, _ expected: String) {
        var text = String(decoding: Self.record(), as: UTF8.self)
        text = text.replacingOccurrences(of: #""version": "1.0.0", "#, with: replacement.hasPrefix(#""version""#) ? replacement : #""version": "1.0.0", "# + replacement)
        #expect { try RecordReader.read(Data(text.utf8)) } throws: { error in
            (error as? RecordProblem)?.message.contains(expected) == true
        }
    }

    /// A key named twice in one object is refused, however it is spelled; the same key in two
    /// objects, and braces or quotes inside a string, are not duplicates.
    @Test func refusesAKeyNamedTwiceInOneObject() throws {
        for (text, key) in [
            (#"{"generator": "g", "recipe": "upd", "recipe": "other", "version": "1.0.0", "values": {}}"#, "recipe"),
            (#"{"generator": "g", "recipe": "upd", "version": "1.0.0", "values": {"GREETING": "Hello", "GREETING": "Bye"}}"#, "GREETING"),
            (#"{"generator": "g", "recipe": "upd", "version": "1.0.0", "values": {"a": "1", "a": "2"}}"#, "a"),
        ] {
            #expect(throws: RecordProblem.duplicateKey(key)) { try RecordReader.read(Data(text.utf8)) }
        }
        let fine = Self.record(#", "values2": {"x\"}{": "\"recipe\": 1"}"#, files: #""a": {"mode": "0644", "sha256": "\#(Self.hash)"}, "b": {"mode": "0644", "sha256": "\#(Self.hash)"}"#)
        #expect(try RecordReader.read(fine).files?.count == 2)
    }

    /// A planted record of gigabytes is refused by its size, not read whole first.
    @Test func refusesARecordLargerThanAnyGenerationWrites() throws {
        let folder = try TestScratch.makeFolder("large-record")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(".duo-new.json").path
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(RecordReader.maximumBytes) + 1)
        try handle.close()
        #expect(throws: RecordProblem.tooLarge(bytes: RecordReader.maximumBytes + 1)) { try RecordReader.read(file: path) }
    }

    // MARK: - The journal

    @Test func readsTheJournalAnUpdateWrites() throws {
        let operations: [UpdateApplier.Operation] = [
            .move(from: "gone.txt", to: ".duo-new-update/backup/gone.txt"), .removeFolder("Old", mode: 0o755), .makeFolder("New"),
            .place(from: ".duo-new-update/new/New/a", to: "New/a", digest: Self.staged), .place(from: ".duo-new-update/new/c", to: "c.duo-new", digest: Self.staged),
            .place(from: ".duo-new-update/new/x/a", to: "x.duo-new/a", digest: Self.staged), .place(from: ".duo-new-update/new/.duo-new.json", to: ".duo-new.json", digest: Self.staged),
        ]
        #expect(try UpdateJournal.parse(UpdateJournal.text(operations)) == operations)
    }

    @Test func refusesAJournalThatIsNotUTF8() {
        #expect { try UpdateJournal.parse(bytes: [0x6D, 0x6B, 0x64, 0x69, 0x72, 0x09, 0xFF, 0x0A]) } throws: { error in
            (error as? UpdateJournalProblem)?.reason == .notUTF8
        }
    }

    @Test(arguments: [
        ("move\t.duo-new-update/gone\t../outside/Documents", "holds '..'"),
        ("move\t.duo-new-update/new/a\t/etc/passwd", "is absolute"),
        ("mkdir\t../outside/made", "holds '..'"),
        ("rmdir\t../outside\t755", "holds '..'"),
        ("move\tREADME.md\t.duo-new-update/elsewhere/README.md", "never journals"),
        ("move\t.duo-new-update/new/a\tb", "never journals"),
        ("move\t.duo-new-update/new/README.md\tREADME.md", "never journals"),
        ("place\t.duo-new-update/new/a\tb\t\(String(repeating: "d", count: 64))", "never journals"),
        ("place\tREADME.md\t.duo-new-update/backup/README.md\t\(String(repeating: "d", count: 64))", "never journals"),
        ("place\t.duo-new-update/new/a\ta\tDEADBEEF", "is not a SHA-256 digest"),
        ("place\t.duo-new-update/new/a\ta\t\(String(repeating: "D", count: 64))", "is not a SHA-256 digest"),
        ("place\t.duo-new-update/new/a\ta", "takes 3 tab-separated fields, not 2"),
        ("move\tsecret\t.duo-new-update/backup/other", "never journals"),
        ("mkdir\t.duo-new-update/new", "never journals"),
        // The work folder without case, as a Mac's file system reads it.
        ("mkdir\t.DUO-NEW-UPDATE/new", "never journals"),
        ("move\t.Duo-New-Update/new/a\t.duo-new-update/backup/.Duo-New-Update/new/a", "never journals"),
        ("move\ta\tb\tc", "takes 2 tab-separated fields, not 3"),
        ("move\ta", "takes 2 tab-separated fields, not 1"),
        ("mkdir", "takes 1 tab-separated path, not 0"),
        ("rmdir\tOld\t999", "is not the octal"),
        ("rmdir\tOld\t-7", "is not the octal"),
        // A roll-back would make these folders: anyone may write it, or it is setuid.
        ("rmdir\tOld\t777", "is not the octal"),
        ("rmdir\tOld\t4755", "is not the octal"),
        ("rmdir\tOld\t7777", "is not the octal"),
        ("chmod\ta\t777", "'chmod' is not an operation"),
        ("move\t.duo-new-update/new/.git/config\t.git/config", "'.git'"),
    ])
    func refusesAJournalLineNoUpdateWrites(_ line: String, _ expected: String) {
        let text = "mkdir\tfine\n" + line + "\n"
        #expect { try UpdateJournal.parse(text) } throws: { error in
            guard let problem = error as? UpdateJournalProblem else { return false }
            return problem.line == 2 && problem.message.contains(expected)
        }
    }
}
