import Foundation
import Testing
@testable import DuoNewCore
import DuoNewKit

/// A layer's `include-if`, on values: its conditions name the tokens of the recipe using it, are
/// checked against that recipe's placeholders at the layer's line and column, and choose the
/// layer's paths in the recipe's projects.
@Suite("Layers: conditions")
struct LayerConditionTests {
    static let layerText = """
        name: shared
        summary: S.
        version: 1.0.0
        include-if:
          .github: CI_WORKFLOW and not (STYLE == bare)

        """

    static func source(_ text: String, name: String, role: TreeSource.Role) throws -> TreeSource {
        let file = "Templates/\(name)/\(role == .layer ? Manifest.layerFileName : Manifest.fileName)"
        let pass = ManifestDecoder.decodingPass(utf8: Array(text.utf8), file: file, kind: role == .layer ? .layer : .recipe)
        let manifest = try #require(pass.manifest, "\(pass.diagnostics.map(\.rendered))")
        return TreeSource(
            name: name, role: role, folder: URL(fileURLWithPath: "/templates/\(name)"), display: "Templates/\(name)",
            manifest: manifest, locations: pass.locations
        )
    }

    static func recipe(_ placeholders: String) -> String {
        """
        name: app
        summary: S.
        version: 1.0.0
        layers: [shared]
        placeholders:
          APP_NAME: {from: app-name}
        \(placeholders)
        """
    }

    @Test func aRecipeLackingTheNamesIsRefusedAtTheLayersLineAndColumn() throws {
        let layer = try Self.source(Self.layerText, name: "shared", role: .layer)
        let recipe = try Self.source(Self.recipe("  STYLE: {from: set, type: choice, choices: [full, plain], default: full}\n"), name: "app", role: .recipe)
        #expect(throws: LayerError.self) { _ = try RecipeTree(sources: [layer, recipe]).effectiveManifest() }
        do {
            _ = try RecipeTree(sources: [layer, recipe]).effectiveManifest()
        } catch {
            #expect(error.diagnostics.map(\.rendered) == [
                "Templates/shared/layer.yaml:5:12: error: 'include-if' tests 'CI_WORKFLOW', which no placeholder declares; the bool and choice placeholders are 'STYLE' (a condition of layer 'shared', which recipe 'app' uses, so the recipe declares its names)",
                "Templates/shared/layer.yaml:5:42: error: 'bare' is not a choice of 'STYLE'; its choices are 'full', 'plain' (a condition of layer 'shared', which recipe 'app' uses, so the recipe declares its names)",
            ])
        }
    }

    @Test func aRecipeDeclaringThemHasTheLayersPathsChosenByItsValues() throws {
        let layer = try Self.source(Self.layerText, name: "shared", role: .layer)
        let recipe = try Self.source(Self.recipe("""
              CI_WORKFLOW: {from: set, type: bool, default: true}
              STYLE: {from: set, type: choice, choices: [full, bare], default: full}

            """), name: "app", role: .recipe)
        let manifest = try RecipeTree(sources: [layer, recipe]).effectiveManifest()
        #expect(manifest.includeIf.map(\.path) == [".github"])
        let listing = TreeListing(entries: [
            TreeEntry(path: ".github", kind: .directory, mode: 0o755),
            TreeEntry(path: ".github/ci.yml", kind: .file(size: 1), mode: 0o644),
            TreeEntry(path: "README.md", kind: .file(size: 1), mode: 0o644),
        ])
        func planned(_ values: [String: String]) throws -> [String] {
            try Planner.plan(listing: listing, manifest: manifest, values: ["APP_NAME": "A"].merging(values) { $1 }).writes.map(\.destination)
        }
        #expect(try planned(["CI_WORKFLOW": "true", "STYLE": "full"]) == [".github", ".github/ci.yml", "README.md"])
        #expect(try planned(["CI_WORKFLOW": "true", "STYLE": "bare"]) == ["README.md"])
        #expect(try planned(["CI_WORKFLOW": "false", "STYLE": "full"]) == ["README.md"])
    }

    /// Issue 37, problem 3: a recipe's replacement left out by its condition took the layer's
    /// file with it, silently; it is refused, saying why.
    @Test func aReplacementThatItsConditionCanLeaveOutIsRefused() throws {
        let layer = try Self.source("name: shared\nsummary: S.\nversion: 1.0.0\n", name: "shared", role: .layer)
        let recipe = try Self.source(Self.recipe("""
              FAST: {from: set, type: bool}
            replaces: [Tools/run.sh]
            include-if:
              Tools: FAST

            """), name: "app", role: .recipe)
        do {
            _ = try RecipeTree(sources: [layer, recipe]).effectiveManifest()
            Issue.record("a replacement its condition can leave out was accepted")
        } catch {
            #expect(error.diagnostics.map(\.rendered) == [
                "Templates/app/template.yaml:8:12: error: 'Tools/run.sh' replaces a layer's file, but its 'include-if' ('Tools: FAST') can leave it out, and the project would then get neither file; give the condition to the layer's file instead, or write two variants with 'rename'",
            ])
        }
    }
}
