import Foundation
import Testing
import TestSupport

/// A recipe's tree roots and manifests are files and folders of its own, never links (issue 26,
/// finding 4): a recipe (from a folder, from git) whose `template/` or `template.yaml`, or a
/// layer whose `template/` or `layer.yaml`, is a symbolic link is refused as broken (78), naming
/// the path, by generation, update and lint alike, and nothing it points at is read or copied.
/// A file name holding a control character is refused by generation as lint refuses it (finding 10).
@Suite struct EndToEndRecipeLinkTests {
    /// `T/rec` using the layer `T/lay`, and a secret outside both.
    private static func write(_ harness: EndToEndHarness) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: harness.url("secret/tree"), withIntermediateDirectories: true)
        try Data("PRIVATE KEY\n".utf8).write(to: harness.url("secret/tree/id_rsa"))
        try Data("name: rec\nsummary: s\nversion: 1.0.0\nplaceholders: {}\n".utf8).write(to: harness.url("secret/manifest.yaml"))
        try manager.createDirectory(at: harness.url("T/rec/template"), withIntermediateDirectories: true)
        try manager.createDirectory(at: harness.url("T/lay/template"), withIntermediateDirectories: true)
        try Data("hello __APP_NAME__\n".utf8).write(to: harness.url("T/rec/template/README.md"))
        try Data("from the layer\n".utf8).write(to: harness.url("T/lay/template/LAYER.md"))
        try Data("\(TestManifest.header(name: "rec", summary: "A recipe using a layer."))\nlayers: [lay]\n".utf8).write(to: harness.url("T/rec/template.yaml"))
        try Data("name: lay\nsummary: A layer.\nversion: 1.0.0\n".utf8).write(to: harness.url("T/lay/layer.yaml"))
    }

    private static func replaceWithLink(_ harness: EndToEndHarness, _ path: String, to target: String) throws {
        try FileManager.default.removeItem(at: harness.url(path))
        try FileManager.default.createSymbolicLink(atPath: harness.url(path).path, withDestinationPath: target)
    }

    @Test(arguments: [
        ("T/rec/template", "../../secret/tree", "'T/rec/template' is a symbolic link"),
        ("T/rec/template.yaml", "../../secret/manifest.yaml", "'T/rec/template.yaml' is a symbolic link"),
        ("T/lay/template", "../../secret/tree", "'T/lay/template' is a symbolic link"),
        ("T/lay/layer.yaml", "../../secret/manifest.yaml", "'T/lay/layer.yaml' is a symbolic link"),
        ("T/rec", "../secret/rec", "'T/rec' is a symbolic link"),
        ("T/lay", "../secret/lay", "'T/lay' is a symbolic link"),
    ])
    func aLinkedTreeOrManifestIsABrokenRecipe(_ path: String, _ target: String, _ expected: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.write(harness)
        let clean = try harness.run(["rec", "Sitter", "com.example.sitter", "clean", "--templates", "T", "--no-test"])
        try #require(clean.status == 0, "the recipe works before the link: \(clean.stderr)")
        if target.hasPrefix("../secret/") {
            // A whole recipe or layer folder linked to a working copy of itself elsewhere.
            try FileManager.default.copyItem(at: harness.url(path), to: harness.url("secret/" + (path as NSString).lastPathComponent))
        }
        try Self.replaceWithLink(harness, path, to: target)
        let run = try harness.run(["rec", "Sitter", "com.example.sitter", "out", "--templates", "T", "--no-test"])
        #expect(run.status == 78, "\(path): \(run.stderr)")
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(!run.stderr.contains("PRIVATE KEY"))
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path), "nothing created")
        let update = try harness.run(["update", "clean", "--templates", "T"])
        #expect(update.status == 78, "\(path): \(update.stderr)")
        let lint = try harness.run(["lint", path.hasPrefix("T/lay") ? "T/lay" : "T/rec"])
        #expect(lint.status == 78, "\(lint.stderr)")
        #expect(lint.stderr.contains(expected), "\(lint.stderr)")
    }

    /// The same recipe cloned from git: a link committed as `template/`, or as the recipe's whole
    /// folder (pointing at a folder of the machine that clones it), is refused too.
    @Test(arguments: [("rec/template", false, "rec/template' is a symbolic link"), ("rec", true, "/rec' is a symbolic link")])
    func aLinkedTreeFromGitIsRefused(_ linked: String, _ wholeRecipe: Bool, _ expected: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.write(harness)
        if wholeRecipe {
            try FileManager.default.copyItem(at: harness.url("T/rec"), to: harness.url("secret/rec"))
            try Data("PRIVATE KEY\n".utf8).write(to: harness.url("secret/rec/template/id_rsa"))
            try Self.replaceWithLink(harness, "T/rec", to: harness.url("secret/rec").path)
        } else {
            try Self.replaceWithLink(harness, "T/rec/template", to: "../../secret/tree")
        }
        for arguments in [["init", "--quiet", "--initial-branch=main"], ["add", "."], ["commit", "--quiet", "-m", "linked"]] {
            let git = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: harness.url("T")
            )
            try #require(git.status == 0, "\(git.transcript)")
        }
        let run = try harness.run(
            ["rec", "Sitter", "com.example.sitter", "out", "--templates", "git+file://\(harness.url("T").path)", "--no-test"],
            environment: ["XDG_CACHE_HOME": harness.url("cache").path, "HOME": harness.url("home").path]
        )
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path))
    }

    @Test(arguments: ["tab\there.txt", "line\nbreak.txt", "escape\u{1B}[31m.txt", "c1\u{85}.txt", "del\u{7F}.txt"])
    func generationRefusesANameLintRefuses(_ name: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.write(harness)
        try Data("x\n".utf8).write(to: harness.url("T/rec/template/\(name)"))
        let run = try harness.run(["rec", "Sitter", "com.example.sitter", "out", "--templates", "T", "--no-test"])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("cannot be generated: it holds a newline, a tab or another control character"), "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"), "shown escaped")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path))
        let lint = try harness.run(["lint", "T/rec"])
        #expect(lint.status == 78)
        #expect(lint.stderr.contains("cannot be generated: it holds a newline, a tab or another control character"), "the same words: \(lint.stderr)")
    }
}
