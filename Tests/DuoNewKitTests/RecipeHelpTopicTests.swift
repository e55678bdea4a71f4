import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// What `help <recipe>`, `list --set-keys` and Tab learn of a catalog and a recipe, decided
/// in-process by the Kit: the command line only shows it.
@Suite("Recipe help and completion facts")
struct RecipeHelpTopicTests {
    private static let layered = TemplateCatalog(root: Fixtures.root.appendingPathComponent("layers"), origin: .option)

    private static let placeholders = """

      PROGRAM:
        from: set
        default: tool
      SCRIPTS:
        from: set
        type: bool
        default: false
      TOKEN:
        from: set
        secret: true
      STYLE:
        from: set
        type: choice
        choices: [plain, boxed]
        default: plain
    checks:
      - name: always
        run: echo always
      - name: takes over
        run: echo taken over
        opt-in: true
    """

    private func manifest() throws -> Manifest {
        let recipe = try TestScratch.makeFolder("help-topic").appendingPathComponent("fix")
        let text = TestManifest.header(name: "fix", summary: "A recipe for help and Tab.") + Self.placeholders + "\n"
        try TestManifest.writeRecipe(at: recipe, manifest: text, files: ["README.md": "__APP_NAME__ __TOKEN__\n"])
        return try PromptAnswers.load(recipe, workingDirectory: recipe.deletingLastPathComponent().path).manifest
    }

    @Test func aLayerIsRefusedAndARecipeIsNot() {
        let refusal = Self.layered.layerHelpRefusal("base")
        #expect(refusal?.hasPrefix("'base' is a layer, a part that recipes use, not a recipe of its own;") == true)
        #expect(Self.layered.layerHelpRefusal("two-layers") == nil)
        #expect(Self.layered.layerHelpRefusal("nope") == nil)
    }

    @Test func aWordThatNamesNothingGetsTheRecipesHoldingItOrTheClosestNameOrWhatToAsk() {
        let commands = ["generate", "list"]
        #expect(Self.layered.noHelpMessage(on: "l", commands: commands)
                == "no help on 'l'; did you mean one of 'collides', 'cyclic', 'lacks-team', 'replacing', 'two-layers'?")
        #expect(Self.layered.noHelpMessage(on: "colides", commands: commands) == "no help on 'colides'; did you mean 'collides'?")
        #expect(Self.layered.noHelpMessage(on: "lsit", commands: commands) == "no help on 'lsit'; did you mean 'list'?")
        #expect(Self.layered.noHelpMessage(on: "zzzzzzzzz", commands: commands)
                == "no help on 'zzzzzzzzz'; ask about a command ('generate', 'list') or a recipe from 'duo-new list'")
    }

    /// Tab's recipes, from the `--templates` on the line as typed (`~` not yet expanded).
    private func recipesOfTheLine() -> RecipesOfTheLine {
        let finder = CatalogFinder(
            environment: ["HOME": Fixtures.root.path], workingDirectory: Fixtures.root.path, executablePath: nil,
            interruption: Interruption(changingSignalActions: false), config: { () throws(GenerationFailure) in UserConfig(path: "/none") }
        )
        return RecipesOfTheLine(finder: finder)
    }

    @Test func aPartOfOneRecipesNameStandsForItsManifestWithItsLayers() throws {
        let recipes = recipesOfTheLine()
        let manifest = try recipes.load("two", templates: "~/layers")
        #expect(manifest.name == "two-layers")
        #expect(manifest.checks.map(\.name).contains("base check"), "the layer's check, in the effective manifest")
        #expect(recipes.manifest(of: "two-layers", templates: "layers")?.name == "two-layers")
        #expect(recipes.manifest(of: "nope", templates: "layers") == nil)
        #expect(throws: GenerationFailure.self) { try recipes.load("nope", templates: "layers") }
    }

    @Test func theLinesRecipesAreTheOnesItCanName() throws {
        let recipes = recipesOfTheLine()
        #expect(recipes.names(templates: "~/layers") == ["collides", "cyclic", "lacks-team", "replacing", "two-layers"])
        #expect(recipes.names(templates: "~/nowhere").isEmpty)
        let odd = try TestScratch.makeFolder("odd-recipe-names")
        for name in ["fine", "my recipe", "-dash"] {
            try TestManifest.writeRecipe(at: odd.appendingPathComponent(name), manifest: TestManifest.header(name: "fine", summary: "A recipe.") + "\n", files: [:])
        }
        #expect(recipes.names(templates: odd.path) == ["fine"], "a name generation refuses is not offered")
    }

    @Test func setOffersEachKeyThenEachValueOfAChoiceOrABool() throws {
        let manifest = try manifest()
        #expect(manifest.settingWords == ["program=", "scripts=", "token=", "style=", "scripts=true", "scripts=false", "style=plain", "style=boxed"])
        #expect(manifest.optInCheckNames == ["takes over"])
    }

    @Test func helpShowsTheConfigsValuesThisRecipeDeclaresButNoSecrets() throws {
        let config = UserConfig(path: "/none", settings: [("program", "from-config"), ("token", "hush"), ("other", "x"), ("program", "again")])
        #expect(config.helpSettings(for: try manifest()) == ["program": "from-config"])
    }
}
