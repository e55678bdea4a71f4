import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// Lint and the manifest on words shaped like a token: the compilers' words and `not-tokens`
/// pass and are listed as let through, a misspelt declared token gets a did-you-mean at its
/// position, and a `not-tokens` entry is checked where it is written.
@Suite struct TokenLikeWordsLintTests {
    static let header = """
        #import <Foundation/Foundation.h>
        #ifdef __OBJC__
        #define TRACE() NSLog(@"%s:%d", __FILE__, __LINE__)
        #endif
        // __MY_MACRO__ is the app's own marker.

        """

    static func recipe(manifestTail: String = "", files: [String: String]) throws -> URL {
        let folder = try LintRuleTests.makeLintRecipe(files)
        if !manifestTail.isEmpty {
            let manifest = folder.appendingPathComponent("template.yaml")
            let text = try String(contentsOf: manifest, encoding: .utf8) + manifestTail
            try text.write(to: manifest, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func compilerWordsAndNotTokensPassAndAreListed() throws {
        let folder = try Self.recipe(manifestTail: "not-tokens: [__MY_MACRO__]\n", files: [
            "README.md": "__APP_NAME__\n", "Bridge.h": Self.header, "Other.m": "const char *f = __FILE__;\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let diagnostics = TemplateLinter.lint(recipeFolder: folder, displayFolder: "odd")
        #expect(!diagnostics.hasErrors, "\(diagnostics.map(\.rendered))")
        #expect(diagnostics.map(\.rendered) == [
            "odd/template.yaml:1:1: note: let through 4 words shaped like a token: '__FILE__' (a compiler's own word, in 2 files), "
                + "'__LINE__' (a compiler's own word, in 1 file), '__MY_MACRO__' (listed under 'not-tokens', in 1 file), "
                + "'__OBJC__' (a compiler's own word, in 1 file)",
        ])
    }

    @Test func withoutNotTokensTheRecipesOwnWordIsStillRefused() throws {
        let folder = try Self.recipe(files: ["README.md": "__APP_NAME__\n", "Bridge.h": Self.header])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let rendered = TemplateLinter.lint(recipeFolder: folder, displayFolder: "odd").map(\.rendered)
        #expect(rendered.contains {
            $0.hasPrefix("odd/template/Bridge.h:5:4: error: token '__MY_MACRO__' is not declared")
                && $0.contains("list it under 'not-tokens' if it is meant to stay")
        }, "\(rendered)")
    }

    @Test func aMisspeltDeclaredTokenGetsADidYouMeanAtItsPosition() throws {
        let folder = try Self.recipe(files: ["README.md": "# __APP_NAME__\nBy __APP_NAM__.\n"])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let rendered = TemplateLinter.lint(recipeFolder: folder, displayFolder: "odd").map(\.rendered)
        #expect(rendered == [
            "odd/template/README.md:2:4: error: token '__APP_NAM__' is not declared, so it would be left in the generated project; did you mean '__APP_NAME__'?",
        ])
    }

    @Test func aNotTokensWordFoundNowhereIsAWarningAtItsLine() throws {
        let folder = try Self.recipe(manifestTail: "not-tokens:\n  - __NOWHERE__\n", files: ["README.md": "__APP_NAME__\n"])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let rendered = TemplateLinter.lint(recipeFolder: folder, displayFolder: "odd").map(\.rendered)
        #expect(rendered == [
            "odd/template.yaml:7:5: warning: '__NOWHERE__' in 'not-tokens' appears nowhere in the tree; remove it, or check its spelling",
        ])
    }

    @Test func notTokensEntriesAreCheckedWhereTheyAreWritten() {
        let text = """
            name: words
            summary: Words.
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name}
            not-tokens:
              - __GOOD__
              - MY_MACRO
              - __APP_NAME__
              - __GOOD__
              - ""

            """
        #expect(throws: ManifestError.self) { try ManifestDecoder.decode(text, file: "template.yaml") }
        let rendered = (try? ManifestDecoder.decode(text, file: "template.yaml")).map { _ in [String]() }
            ?? ManifestDecoder.decodingPass(utf8: Array(text.utf8), file: "template.yaml").diagnostics.map(\.rendered)
        #expect(rendered == [
            "template.yaml:8:5: error: 'MY_MACRO' in 'not-tokens' is not a word shaped like a token; list whole words such as '__MY_MACRO__' (two underscores, a capital, capitals, digits or '_', two underscores)",
            "template.yaml:9:5: error: '__APP_NAME__' in 'not-tokens' is the token of placeholder 'APP_NAME', which is stamped; remove it from 'not-tokens', or rename the placeholder",
            "template.yaml:10:5: error: '__GOOD__' is listed twice in 'not-tokens'; list each word once",
            "template.yaml:11:5: error: 'not-tokens[5]' is empty; write a value or remove it",
        ])
    }

    @Test func aLayersNotTokensJoinTheRecipes() throws {
        let layer = try ManifestDecoder.decodeLayer(
            "name: base\nsummary: Base.\nversion: 1.0.0\nnot-tokens: [__LAYER_WORD__]\n", file: "layer.yaml"
        )
        #expect(layer.notTokens == ["__LAYER_WORD__"])
        let recipe = Manifest(
            name: "r", summary: "R.", version: "1.0.0", placeholders: [Placeholder(name: "APP_NAME", source: .appName)],
            layers: ["base"], notTokens: ["__OWN__"]
        )
        let root = URL(fileURLWithPath: "/nowhere")
        let tree = RecipeTree(sources: [
            TreeSource(name: "base", role: .layer, folder: root, display: "base", manifest: layer, locations: ManifestLocations(root: SourceLocation(file: "layer.yaml", line: 1, column: 1))),
            TreeSource(name: "r", role: .recipe, folder: root, display: "r", manifest: recipe, locations: ManifestLocations(root: SourceLocation(file: "template.yaml", line: 1, column: 1))),
        ])
        let effective = try tree.effectiveManifest()
        #expect(effective.tokenLikeWords.leavesAlone("__LAYER_WORD__"))
        #expect(effective.tokenLikeWords.leavesAlone("__OWN__"))
    }
}
