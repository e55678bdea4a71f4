import Foundation
import Testing
import TestSupport

/// Trees the writer cannot copy faithfully, and a disk that fails midway: the exit code says
/// which, and nothing is left behind.
@Suite("End to end: broken trees and I/O errors")
struct EndToEndBrokenTreeTests {
    /// A recipe `tree-test` in `<folder>/templates`, with `files` (path → contents) in its tree.
    static func makeRecipe(in folder: URL, files: [String: Data]) throws -> (templates: URL, tree: URL) {
        let templates = folder.appendingPathComponent("templates")
        let recipe = templates.appendingPathComponent("tree-test")
        let tree = recipe.appendingPathComponent("template")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try Data("name: tree-test\nsummary: Trees.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n".utf8)
            .write(to: recipe.appendingPathComponent("template.yaml"))
        for (path, data) in files {
            let url = tree.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return (templates, tree)
    }

    @Test func refusesALinkPointingOutsideTheTree() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = try Self.makeRecipe(in: harness.folder, files: ["README.md": Data("# __APP_NAME__\n".utf8)])
        try FileManager.default.createSymbolicLink(atPath: recipe.tree.appendingPathComponent("secrets").path, withDestinationPath: "../../../../etc")
        let run = try harness.run(["tree-test", "Sitter", "com.example.sitter", "out/Sitter", "--templates", recipe.templates.path])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("error: the symbolic link 'secrets' points outside the template tree ('../../../../etc')"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path))
    }

    @Test func refusesANameThatIsNotUTF8() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = try Self.makeRecipe(in: harness.folder, files: ["README.md": Data("# __APP_NAME__\n".utf8)])
        // Latin-1 "café.txt": FileManager cannot spell it, open(2) takes the bytes as they are.
        let name = Array(recipe.tree.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".txt".utf8) + [0]
        let fd = name.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        try #require(fd >= 0)
        close(fd)
        let run = try harness.run(["tree-test", "Sitter", "com.example.sitter", "out/Sitter", "--templates", recipe.templates.path])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("error: the name 'caf\\xE9.txt' is not valid UTF-8"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path))
    }

    @Test func anIOErrorMidwayExits74AndLeavesNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        // The first file fits under the file-size limit, the second does not: write(2) fails with
        // EFBIG (SIGXFSZ ignored) after part of the project is already in the temporary folder.
        let recipe = try Self.makeRecipe(in: harness.folder, files: [
            "A/small.txt": Data("__APP_NAME__\n".utf8),
            "B/large.txt": Data(repeating: UInt8(ascii: "x"), count: 256 * 1024),
        ])
        let binary = try #require(EndToEndHarness.binary)
        let script = "trap '' XFSZ; ulimit -f 64; exec \"$0\" tree-test Sitter com.example.sitter out/Sitter --templates \"$1\""
        let run = try harness.run(["-c", script, binary.path, recipe.templates.path], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("error: could not write 'B/large.txt': File too large; nothing was left behind"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder.path) == ["templates"])
    }
}
