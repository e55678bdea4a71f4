import Foundation
import Testing
import TestSupport

/// A recipe on the duo-app layer leaves the layer's workflow out with `exclude: [".github"]`:
/// a recipe's `exclude` globs apply to the files its layers bring, in generation, `--dry-run`
/// and lint alike (docs/manifest.md, "exclude").
@Suite("A recipe can leave the app workflow out")
struct AppWorkflowOptOutTests {
    /// A copy of the duo-app layer and the media player, the recipe's manifest given `exclude`.
    static func templatesWithoutCI(exclude: String?) throws -> URL {
        let templates = try TestScratch.makeFolder("templates-without-ci")
        for name in ["duo-app", "recipe-media-player"] {
            try FileManager.default.copyItem(
                at: SchemaValidator.repository.appendingPathComponent("Templates/\(name)"), to: templates.appendingPathComponent(name)
            )
        }
        if let exclude {
            let manifest = templates.appendingPathComponent("recipe-media-player/template.yaml")
            let text = try String(contentsOf: manifest, encoding: .utf8)
            let verbatim = try #require(text.firstRange(of: "\nverbatim:"), "the media player's manifest has a verbatim line to put exclude before")
            try text.replacingCharacters(in: verbatim, with: "\nexclude: [\(exclude)]\nverbatim:").write(to: manifest, atomically: true, encoding: .utf8)
        }
        return templates
    }

    @Test func excludingGithubLeavesTheLayersWorkflowOut() throws {
        let templates = try Self.templatesWithoutCI(exclude: "\".github\"")
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["recipe-media-player", "FieldCast", "com.example.fieldcast", "FieldCast", "--templates", templates.path, "--no-test", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("FieldCast/.github").path))
        #expect(FileManager.default.fileExists(atPath: harness.url("FieldCast/Tools/run-on-simulator.sh").path), "the rest of the layer is still there")
        #expect(try !harness.text("FieldCast/.duo-new.json").contains(".github"), "the record lists no workflow")

        let dryRun = try harness.run(["recipe-media-player", "FieldCast", "com.example.fieldcast", "Dry", "--templates", templates.path, "--dry-run"])
        #expect(dryRun.status == 0 && dryRun.stdout.contains("Tools/run-on-simulator.sh") && !dryRun.stdout.contains(".github"), "\(dryRun.stdout)")

        // The glob matches the layer's file, so lint has nothing to say about it.
        let lint = try harness.run(["lint", templates.appendingPathComponent("recipe-media-player").path])
        #expect(lint.status == 0 && lint.stdout + lint.stderr == "0 errors, 0 warnings in 1 template\n", "\(lint.stdout)\(lint.stderr)")
    }

    /// Without the glob the same copy generates the workflow: the test above is about `exclude`.
    @Test func withoutTheGlobTheWorkflowIsGenerated() throws {
        let templates = try Self.templatesWithoutCI(exclude: nil)
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["recipe-media-player", "FieldCast", "com.example.fieldcast", "FieldCast", "--templates", templates.path, "--no-test", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: harness.url("FieldCast/.github/workflows/ci.yml").path))
        #expect(try harness.text("FieldCast/.duo-new.json").contains(".github/workflows/ci.yml"))
    }
}
