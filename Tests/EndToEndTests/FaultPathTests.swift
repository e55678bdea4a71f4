import Foundation
import Testing
import TestSupport

/// Destinations named in ways that once hung, raced or went somewhere unexpected: each one
/// ends at once, with the file system's meaning and a clear refusal, and leaves nothing.
@Suite("Fault: destination paths", .serialized)
struct FaultPathTests {
    static func recipe(in harness: EndToEndHarness) throws -> URL {
        try EndToEndBrokenTreeTests.makeRecipe(in: harness.folder, files: ["README.md": Data("# __APP_NAME__\n".utf8)]).templates
    }

    /// `timeout` guards the run: before the fix this walked up parents for ever.
    @Test("a deleted working folder is refused at once, whatever the destination", arguments: [
        [".", "--no-test"], ["App", "--no-test"], ["App", "--dry-run"],
    ])
    func deletedWorkingFolderIsRefusedAtOnce(_ arguments: [String]) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.recipe(in: harness)
        let binary = try #require(EndToEndHarness.binary)
        let script = "mkdir g && cd g && rmdir ../g && exec timeout 20 \"$@\""
        let run = try harness.run(
            ["-c", script, "sh", binary.path, "tree-test", "Sitter", "com.example.sitter"] + arguments + ["--templates", templates.path],
            executable: URL(fileURLWithPath: "/bin/sh")
        )
        #expect(run.status == 73, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("the current folder no longer exists"), "\(run.stderr)")
        #expect(harness.tree() == ["templates", "templates/tree-test", "templates/tree-test/template", "templates/tree-test/template.yaml", "templates/tree-test/template/README.md"])
    }

    /// A working folder whose path is longer than PATH_MAX is there, but no program can read its
    /// path: said so (73), not that the folder no longer exists.
    @Test func aWorkingFolderTooLongToReadIsSaidToBeSo() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.recipe(in: harness)
        let binary = try #require(EndToEndHarness.binary)
        let name = String(repeating: "d", count: 200)
        // Twenty-two folders of 200 bytes, entered one at a time, pass PATH_MAX (4096).
        let script = "for i in $(seq 22); do mkdir \(name) && cd -P \(name) || exit 9; done; exec timeout 20 \"$@\""
        let run = try harness.run(
            ["-c", script, "sh", binary.path, "tree-test", "Sitter", "com.example.sitter", "App", "--no-test", "--templates", templates.path],
            executable: URL(fileURLWithPath: "/bin/sh")
        )
        #expect(run.status == 73, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("the current folder's path is longer than the system lets a program read"), "\(run.stderr)")
    }

    @Test func dotDotAfterALinkGoesUpFromWhereTheLinkPoints() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.recipe(in: harness)
        try FileManager.default.createDirectory(at: harness.url("deep/real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: harness.url("lnk").path, withDestinationPath: "deep/real")
        let run = try harness.generate("tree-test", "Sitter", "com.example.sitter", "lnk/../App", ["--templates", templates.path, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: harness.url("deep/App/README.md").path), "\(harness.tree())")
        #expect(!FileManager.default.fileExists(atPath: harness.url("App").path))
    }

    @Test("'..' after a folder that does not exist names nothing: 73, nothing created", arguments: [
        "x/../App", "x/./App", "x/y/../../App",
    ])
    func dotDotAfterAMissingFolderIsRefused(_ destination: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.recipe(in: harness)
        for extra in [["--no-test"], ["--dry-run"]] {
            let run = try harness.generate("tree-test", "Sitter", "com.example.sitter", destination, ["--templates", templates.path] + extra)
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr.contains("'x' does not exist, so the '") || run.stderr.contains("'y' does not exist, so the '"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: harness.url("x").path))
            #expect(!FileManager.default.fileExists(atPath: harness.url("App").path))
        }
    }

    @Test("a destination inside the templates folder is refused with 73", arguments: [
        "templates/Sitter", "templates/tree-test/template/Sitter", "templates/../templates/tree-test/Sitter",
    ])
    func destinationInsideTheTemplatesIsRefused(_ destination: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.recipe(in: harness)
        try FileManager.default.createSymbolicLink(atPath: harness.url("alias").path, withDestinationPath: "templates/tree-test")
        for path in [destination, "alias/Sitter"] {
            let run = try harness.generate("tree-test", "Sitter", "com.example.sitter", path, ["--templates", templates.path, "--no-test"])
            #expect(run.status == 73, "\(path): \(run.stderr)")
            #expect(run.stderr.contains("where recipes are read from"), "\(run.stderr)")
        }
        #expect(harness.tree("templates") == ["tree-test", "tree-test/template", "tree-test/template.yaml", "tree-test/template/README.md"])
    }

    /// Two runs that both need `p/deep`: one creates it, the other must use it rather than fail.
    @Test func runsSharingAMissingParentBothSucceed() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.recipe(in: harness)
        for trial in 0..<12 {
            let runs = try ["One", "Two"].map { name in
                let process = try harness.launch(["tree-test", "Sitter", "com.example.sitter", "p\(trial)/deep/\(name)", "--templates", templates.path, "--no-test", "-q"])
                let err = Pipe()
                process.standardError = err
                process.standardOutput = FileHandle.nullDevice
                return (process, err)
            }
            for (process, _) in runs { try process.run() }
            for (process, err) in runs {
                process.waitUntilExit()
                let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                #expect(process.terminationStatus == 0, "trial \(trial): \(message)")
            }
            #expect(harness.tree("p\(trial)/deep").filter { !$0.contains("/") } == ["One", "Two"])
        }
    }
}

extension FaultPathTests {
    /// A newline in a template name is refused as lint refuses it (issue 26), by a dry run too,
    /// and the refusal shows the name on one line, escaped, so it cannot fake another line.
    @Test func dryRunRefusesANewlineInANameAndShowsItEscaped() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = try EndToEndBrokenTreeTests.makeRecipe(in: harness.folder, files: [
            "README.md": Data("# __APP_NAME__\n".utf8), "two\nlines.txt": Data("plain\n".utf8),
        ])
        let run = try harness.generate("tree-test", "Sitter", "com.example.sitter", "out", ["--templates", recipe.templates.path, "--dry-run"])
        #expect(run.status == 78, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("the name 'two\\nlines.txt' cannot be generated") }, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("lines.txt") }, "\(lines)")
    }
}

extension FaultPathTests {
    /// A recipe whose names and link target take the `--set name` value.
    static func valueNamedRecipe(in harness: EndToEndHarness) throws -> URL {
        let recipe = harness.url("templates/named")
        let tree = recipe.appendingPathComponent("template")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("Docs"), withIntermediateDirectories: true)
        try Data("name: named\nsummary: Names from a value.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  NAME: {from: set, default: notes}\n".utf8)
            .write(to: recipe.appendingPathComponent("template.yaml"))
        try Data("__APP_NAME__\n".utf8).write(to: tree.appendingPathComponent("Docs/.__NAME__.json"))
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("Docs/link").path, withDestinationPath: "__NAME__.txt")
        return harness.url("templates")
    }

    @Test("values that break names or links are refused with 65 before writing, naming the value", arguments: [
        (String(repeating: "n", count: 300), "makes the name of 'Docs/.__NAME__.json' 306 bytes long"),
        ("/etc/f", "turns the symbolic link 'Docs/link' ('__NAME__.txt') into one pointing outside the project ('/etc/f.txt')"),
        ("../../../etc/f", "turns the symbolic link 'Docs/link' ('__NAME__.txt') into one pointing outside the project ('../../../etc/f.txt')"),
    ])
    func valuesThatBreakNamesAreRefusedUpFront(_ value: String, _ message: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.valueNamedRecipe(in: harness)
        for extra in [["--no-test"], ["--dry-run"]] {
            let run = try harness.generate("named", "Sitter", "com.example.sitter", "out", ["--templates", templates.path, "--set", "name=" + value] + extra)
            #expect(run.status == 65, "\(run.stderr)")
            #expect(run.stderr.contains("the value of '--set name' " + message), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: harness.url("out").path))
        }
        let fine = try harness.generate("named", "Sitter", "com.example.sitter", "out", ["--templates", templates.path, "--no-test"])
        #expect(fine.status == 0, "\(fine.stderr)")
    }
}

extension FaultPathTests {
    /// A dry run refuses what the real run refuses, with the same words: here a token left in a
    /// file's text, far down a file larger than a chunk.
    @Test func dryRunRefusesATokenLeftInATextFileAsTheRealRunDoes() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let filler = String(repeating: "__APP_NAME__ is stamped on every line of this file\n", count: 40_000)
        let recipe = try EndToEndBrokenTreeTests.makeRecipe(in: harness.folder, files: [
            "README.md": Data("# __APP_NAME__\n".utf8), "Notes/long.txt": Data((filler + "and __UNDECLARED__ here\n").utf8),
        ])
        let dry = try harness.generate("tree-test", "Sitter", "com.example.sitter", "out", ["--templates", recipe.templates.path, "--dry-run"])
        let real = try harness.generate("tree-test", "Sitter", "com.example.sitter", "out", ["--templates", recipe.templates.path, "--no-test"])
        #expect(dry.status == 78, "\(dry.stderr)")
        #expect(real.status == 78, "\(real.stderr)")
        #expect(dry.stderr == real.stderr)
        #expect(dry.stderr.contains("Notes/long.txt:40001:5: error: '__UNDECLARED__' is shaped like a token"), "\(dry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path))
    }
}
