import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// Layered recipes the way users and authors meet them: generated through the binary and
/// linted, over the fixtures in `Tests/Fixtures/layers`.
@Suite("Layers: generation, lint and list")
struct LayerTests {
    static let templates = Fixtures.root.appendingPathComponent("layers")

    static func generate(_ harness: EndToEndHarness, _ recipe: String, _ options: [String] = []) throws -> EndToEndHarness.Run {
        try harness.run([recipe, "Sitter", "com.example.sitter", "Sitter", "--templates", templates.path] + options)
    }

    static func lint(_ name: String) -> [String] {
        TemplateLinter.lint(recipeFolder: templates.appendingPathComponent(name), displayFolder: "layers/\(name)").map(\.rendered)
    }

    @Test func generatesARecipeOnTwoLayersStampedAndRecorded() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try Self.generate(harness, "two-layers")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(harness.tree("Sitter") == [
            ".duo-new.json", "GENERATION-CHECKS.md", "Shared", "Shared/base.txt", "Shared/extra.txt", "Sitter", "Sitter/main.swift",
            "Tools", "Tools/base-check.sh", "shared.txt",
        ])
        #expect(try harness.text("Sitter/shared.txt") == "from base for Sitter\n")
        #expect(try harness.text("Sitter/Shared/extra.txt") == "extra for Sitter\n")
        #expect(try harness.text("Sitter/Sitter/main.swift") == "print(\"Sitter\")\n")
        #expect(FileManager.default.isExecutableFile(atPath: harness.url("Sitter/Tools/base-check.sh").path))
        // The check the base layer offers ran, in the project, and passed.
        #expect(run.stdout.contains("base check passed"), "\(run.stdout)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: harness.url("Sitter/.duo-new.json"))) as? [String: Any])
        #expect(record["recipe"] as? String == "two-layers")
        #expect(record["layers"] as? [[String: String]] == [["name": "base", "version": "1.2.0"], ["name": "extra", "version": "0.3.0"]])
        #expect(Self.lint("two-layers") == [])
    }

    @Test func refusesACollisionInLintAndGenerationNamingBothFiles() throws {
        let message = "'shared.txt' comes from both layer 'base' ('layers/base/template/shared.txt') and recipe 'collides' ('layers/collides/template/shared.txt'); remove one, or list 'shared.txt' under 'replaces' in 'layers/collides/template.yaml' to write the later one instead"
        #expect(Self.lint("collides") == ["layers/collides/template/shared.txt:1:1: error: " + message])

        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try Self.generate(harness, "collides")
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("'shared.txt' comes from both layer 'base' ("), "\(run.stderr)")
        #expect(run.stderr.contains("base/template/shared.txt') and recipe 'collides' ("), "\(run.stderr)")
        #expect(run.stderr.contains("collides/template/shared.txt')"), "\(run.stderr)")
        #expect(run.stderr.contains("error: the recipe 'collides' is broken"), "\(run.stderr)")
        #expect(harness.tree() == [], "nothing created")
    }

    @Test func honoursADeclaredReplacement() throws {
        #expect(Self.lint("replacing") == [])
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try Self.generate(harness, "replacing", ["--no-test"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try harness.text("Sitter/shared.txt") == "the recipe own shared.txt for Sitter\n")
        #expect(harness.tree("Sitter").contains("Tools/base-check.sh"), "the layer's other files are still there")
    }

    @Test func reportsATokenTheRecipeLacksAtTheLayersLine() throws {
        #expect(Self.lint("lacks-team") == [
            "layers/needs-team/template/Config/team.txt:2:7: error: token '__TEAM_ID__' in layer 'needs-team' is not declared by recipe 'lacks-team', which uses the layer, so it would be left in its projects; declare 'TEAM_ID' under 'placeholders' in 'layers/lacks-team/template.yaml', list it under 'not-tokens' if it is meant to stay, or remove it from the layer",
        ])
        // Generation refuses it too, pointing into the layer's tree, and leaves nothing.
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try Self.generate(harness, "lacks-team")
        #expect(run.status == 78)
        #expect(run.stderr.contains("needs-team/template/Config/team.txt:2:7: error: '__TEAM_ID__' is shaped like a token"), "\(run.stderr)")
        #expect(harness.tree() == [])
    }

    @Test func refusesACycleWithItsChain() throws {
        let message = "layers/loop-b/layer.yaml:4:10: error: layers use each other in a cycle: loop-a → loop-b → loop-a; remove one of these uses"
        #expect(Self.lint("cyclic") == [message])
        #expect(Self.lint("loop-a") == [message])
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try Self.generate(harness, "cyclic")
        #expect(run.status == 78)
        #expect(run.stderr.contains("error: layers use each other in a cycle: loop-a → loop-b → loop-a"), "\(run.stderr)")
        #expect(harness.tree() == [])
    }

    @Test func lintsALayerAloneAndAsEachRecipeUsesIt() throws {
        #expect(Self.lint("base") == [], "collides' collision is in its own tree, not the layer's")
        #expect(Self.lint("extra") == [])
        // Alone, needs-team is sound; lacks-team, beside it, uses it without declaring TEAM_ID.
        let lacking = Self.lint("lacks-team")
        #expect(Self.lint("needs-team") == lacking)

        // Linting both reports the problem once.
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["lint", Self.templates.appendingPathComponent("lacks-team").path, Self.templates.appendingPathComponent("needs-team").path])
        #expect(run.status == 78)
        #expect(run.stderr.components(separatedBy: "error: token '__TEAM_ID__'").count == 2, "\(run.stderr)")
        #expect(run.stderr.hasSuffix("1 error, 0 warnings in 2 templates\n"), "\(run.stderr)")
    }

    @Test func listDoesNotOfferLayersAsRecipes() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["list", "--templates", Self.templates.path])
        #expect(run.status == 0, "\(run.stderr)")
        let sections = run.stdout.components(separatedBy: "\n\nLayers (parts of the recipes above; not generated alone):\n")
        try #require(sections.count == 2, "\(run.stdout)")
        let recipes = sections[0].split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        let layers = sections[1].split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(recipes == ["collides", "cyclic", "lacks-team", "replacing", "two-layers"])
        #expect(layers == ["base", "extra", "loop-a", "loop-b", "needs-team"])

        let json = try harness.run(["list", "--json", "--templates", Self.templates.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["recipes"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["collides", "cyclic", "lacks-team", "replacing", "two-layers"])
        #expect((object["layers"] as? [[String: Any]])?.first?["version"] as? String == "1.2.0")
    }

    @Test func refusesToGenerateALayerByNameOrPath() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        for recipe in ["base", Self.templates.appendingPathComponent("base").path] {
            let run = try Self.generate(harness, recipe)
            #expect(run.status == 66)
            #expect(run.stderr.contains("error: 'base' is a layer, not a recipe; a layer is generated only as part of a recipe that lists it under 'layers'"), "\(run.stderr)")
        }
        #expect(harness.tree() == [])
    }

    @Test func refusesAMissingLayerWithASuggestion() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layers-missing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("recipe/template"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("duo-app/template"), withIntermediateDirectories: true)
        try "name: duo-app\nsummary: S.\nversion: 1.0.0\n".write(to: folder.appendingPathComponent("duo-app/layer.yaml"), atomically: true, encoding: .utf8)
        try "name: recipe\nsummary: S.\nversion: 1.0.0\nlayers: [duo-ap]\nplaceholders: {}\n"
            .write(to: folder.appendingPathComponent("recipe/template.yaml"), atomically: true, encoding: .utf8)
        #expect(TemplateLinter.lint(recipeFolder: folder.appendingPathComponent("recipe"), displayFolder: "t/recipe").map(\.rendered) == [
            "t/recipe/template.yaml:4:10: error: no layer named 'duo-ap' in 't'; did you mean 'duo-app'?",
        ])
    }
}
