import Foundation
import Testing
import TestSupport

/// Templates and values that try to make duo-new write outside the destination, and contents
/// that are not UTF-8: refused before anything is created, or copied byte for byte.
@Suite("Fault: hostile templates and values")
struct FaultTemplateTests {
    /// `x -> a/up/..` reads as staying inside, but `a/up -> ..` makes the system resolve it to
    /// the folder above the tree: a generated project would hold a way out of itself.
    @Test func linkEscapingThroughAnotherLinkIsRefused() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = try EndToEndBrokenTreeTests.makeRecipe(in: harness.folder, files: ["a/README.md": Data("# __APP_NAME__\n".utf8)])
        try FileManager.default.createSymbolicLink(atPath: recipe.tree.appendingPathComponent("a/up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: recipe.tree.appendingPathComponent("x").path, withDestinationPath: "a/up/..")
        let run = try harness.run(["tree-test", "Sitter", "com.example.sitter", "out/Sitter", "--templates", recipe.templates.path])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("the symbolic link 'x' points outside the template tree ('a/up/..')"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path))
    }

    @Test func linksThroughLinksThatStayInsideAreKept() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        // The shape of a framework bundle: Versions/Current -> A, Headers -> Versions/Current/Headers.
        let recipe = try EndToEndBrokenTreeTests.makeRecipe(in: harness.folder, files: ["Versions/A/Headers/h.h": Data("// __APP_NAME__\n".utf8)])
        try FileManager.default.createSymbolicLink(atPath: recipe.tree.appendingPathComponent("Versions/Current").path, withDestinationPath: "A")
        try FileManager.default.createSymbolicLink(atPath: recipe.tree.appendingPathComponent("Headers").path, withDestinationPath: "Versions/Current/Headers")
        let run = try harness.run(["tree-test", "Sitter", "com.example.sitter", "out/Sitter", "--templates", recipe.templates.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try harness.text("out/Sitter/Headers/h.h") == "// Sitter\n")
    }

    /// A `--set` value stamped into a file name must not add a folder level or climb out.
    @Test("a --set value that would climb out of the destination is refused with 65", arguments: ["../../escape", "..", "a/b"])
    func settingCannotClimbOut(_ value: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = harness.url("templates/set-test")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template/sub"), withIntermediateDirectories: true)
        try Data("name: set-test\nsummary: Set.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  PART: {from: set}\n".utf8)
            .write(to: recipe.appendingPathComponent("template.yaml"))
        try Data("x\n".utf8).write(to: recipe.appendingPathComponent("template/sub/__PART__"))
        let run = try harness.run(["set-test", "Sitter", "com.example.sitter", "deep/out/Sitter", "--set", "part=\(value)", "--templates", harness.url("templates").path])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(harness.tree().allSatisfy { $0.hasPrefix("templates") }, "\(harness.tree())")
    }

    /// Contents that stop being UTF-8 after a megabyte of text are copied byte for byte from the
    /// start (the writer restarts the file as binary), tokens included.
    @Test func contentThatTurnsBinaryLateIsCopiedByteForByte() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        var bytes = Data(String(repeating: "__APP_NAME__ text\n", count: 80_000).utf8)
        bytes.append(contentsOf: [0xC3, 0x28, 0x0A])   // an invalid UTF-8 sequence
        bytes.append(Data("__APP_NAME__\n".utf8))
        let recipe = try EndToEndBrokenTreeTests.makeRecipe(in: harness.folder, files: ["data.txt": bytes, "README.md": Data("# __APP_NAME__\n".utf8)])
        let run = try harness.run(["tree-test", "Sitter", "com.example.sitter", "out/Sitter", "--templates", recipe.templates.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: harness.url("out/Sitter/data.txt")) == bytes)
        #expect(try harness.text("out/Sitter/README.md") == "# Sitter\n")
    }
}
