import Testing
@testable import DuoNewCore

/// Words shaped like a token that are not placeholders: the compilers' own, and a recipe's
/// `not-tokens`, left alone by every scan; anything else of that shape is still a leftover.
@Suite struct TokenLikeWordsTests {
    static let source = """
        #if defined(__OBJC__) && __APPLE__
        NSLog(@"%s:%d %s", __FILE__, __LINE__, __FUNCTION__); // __COUNTER__ __DATE__ __TIME__ __GNUC__
        #endif
        #if __has_include(<Metal/Metal.h>) // lowercase: never a token
        __MY_MACRO__ __APP_NAM__
        """

    @Test func theCompilersWordsAreLeftAloneAndOthersAreStillLeftovers() {
        let found = TokenGrammar.leftovers(in: Self.source.unicodeScalars, leaving: .compilersOnly).map(\.token)
        #expect(found == ["__MY_MACRO__", "__APP_NAM__"])
        var scanner = LeftoverScanner(leaving: .compilersOnly)
        Array(Self.source.utf8).withUnsafeBufferPointer { scanner.scan($0) }
        scanner.finish()
        #expect(scanner.findings.map(\.token) == ["__MY_MACRO__", "__APP_NAM__"], "the streaming scan agrees")
        #expect(scanner.findingCount == 2)
    }

    @Test func aRecipesOwnWordsAreLeftAloneToo() {
        let words = TokenLikeWords(recipeWords: ["__MY_MACRO__"])
        #expect(TokenGrammar.leftovers(in: Self.source.unicodeScalars, leaving: words).map(\.token) == ["__APP_NAM__"])
        #expect(words.reason(for: "__MY_MACRO__") == "listed under 'not-tokens'")
        #expect(words.reason(for: "__FILE__") == "a compiler's own word")
        #expect(words.reason(for: "__APP_NAM__") == nil)
    }

    /// A run of name characters holds one leftover: two words joined are not a word of the list.
    @Test func wordsJoinedIntoOneRunAreALeftover() {
        #expect(TokenGrammar.leftovers(in: "__FILE____LINE__".unicodeScalars, leaving: .compilersOnly).map(\.token) == ["__FILE____LINE__"])
        #expect(TokenGrammar.leftovers(in: "X__FILE__".unicodeScalars, leaving: .compilersOnly).isEmpty, "the word starts one character in")
        #expect(TokenGrammar.leftovers(in: "__FILE__S__".unicodeScalars, leaving: .compilersOnly).map(\.token) == ["__FILE__S__"])
    }

    /// Every entry of the documented list can be met by the scan; one that cannot (lowercase, one
    /// underscore short) would be a dead entry that documents a word as allowed for no reason.
    @Test func everyCompilerWordIsShapedLikeAToken() {
        for word in TokenLikeWords.compilerWords.sorted() {
            #expect(TokenLikeWords.isShapedLikeToken(word), "\(word)")
        }
        #expect(!TokenLikeWords.isShapedLikeToken("__has_include"))
        #expect(!TokenLikeWords.isShapedLikeToken("__A__ __B__"))
        #expect(!TokenLikeWords.isShapedLikeToken("x__A__"))
        #expect(TokenLikeWords.isShapedLikeToken("__MY_MACRO__"))
    }

    @Test func aMisspeltDeclaredTokenGetsADidYouMean() {
        let declared = ["APP_NAME", "BUNDLE_ID", "TEAM_ID"]
        #expect(TokenGrammar.likelyMeant("__APP_NAM__", declared: declared) == "__APP_NAME__")
        #expect(TokenGrammar.likelyMeant("__APPNAME__", declared: declared) == "__APP_NAME__")
        #expect(TokenGrammar.likelyMeant("__BUNDEL_ID__", declared: declared) == "__BUNDLE_ID__")
        #expect(TokenGrammar.likelyMeant("__MY_MACRO__", declared: declared) == nil)
    }

    @Test func theNameOfAFileHoldingACompilerWordIsPlannedAndAMisspeltOneIsRefusedWithTheWordMeant() throws {
        let manifest = Manifest(
            name: "c", summary: "C.", version: "1.0.0",
            placeholders: [Placeholder(name: "APP_NAME", source: .appName)]
        )
        let good = TreeListing(entries: [TreeEntry(path: "__FILE__.h", kind: .file(size: 1), mode: 0o644)])
        let plan = try Planner.plan(listing: good, manifest: manifest, values: ["APP_NAME": "Sitter"])
        #expect(plan.writes.map(\.destination) == ["__FILE__.h"])
        let bad = TreeListing(entries: [TreeEntry(path: "__APP_NAM__.h", kind: .file(size: 1), mode: 0o644)])
        #expect(throws: PlanError(problems: [.leftoverTokenInName(path: "__APP_NAM__.h", token: "__APP_NAM__", meant: "__APP_NAME__")])) {
            try Planner.plan(listing: bad, manifest: manifest, values: ["APP_NAME": "Sitter"])
        }
    }

    @Test func valuesMayHoldNoWordOfThatShapeNotEvenACompilers() {
        #expect(throws: NameError.self) { try NameRules.checkSetting("__FILE__", key: "team", pattern: nil) }
    }

    /// next-steps is checked by the same grammar as the tree: declared tokens taken out first,
    /// the compilers' words and `not-tokens` left alone.
    @Test func nextStepsAreCheckedByTheSameGrammar() throws {
        func manifest(_ steps: String, notTokens: String = "") -> String {
            "name: n\nsummary: N.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n\(notTokens)next-steps: \"\(steps)\"\n"
        }
        _ = try ManifestDecoder.decode(manifest("cd __DESTINATION__; grep __FILE__ __APP_NAME__.h"), file: "template.yaml")
        _ = try ManifestDecoder.decode(manifest("see __MINE__", notTokens: "not-tokens: [__MINE__]\n"), file: "template.yaml")
        let pass = ManifestDecoder.decodingPass(utf8: Array(manifest("open __APP_NAME____BAR__").utf8), file: "template.yaml")
        #expect(pass.diagnostics.map(\.message) == [
            "'next-steps' uses '__BAR__', which no placeholder declares; declare it under 'placeholders' or remove it",
        ])
    }
}
