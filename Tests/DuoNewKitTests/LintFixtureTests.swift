import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// Each recipe under `Fixtures/lint/` breaks one lint rule (`clean` breaks none); `<name>.expected`
/// beside it holds the exact diagnostics, line and column included.
@Suite struct LintFixtureTests {
    static var fixtureNames: [String] { Fixtures.lintFixtureNames }

    static func rendered(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { $0.rendered + "\n" }.joined()
    }

    /// The fixture that breaks each lint rule, and a sample of the rule's problem: the switch is
    /// exhaustive, so a new rule does not compile here until it has a fixture (or a reason).
    static func fixture(for problem: LintProblem) -> String? {
        switch problem {
        case .undeclaredToken: "undeclared-token"
        // Not yet: a fixture for it needs a layer beside the recipe, which this folder's
        // one-recipe-per-fixture shape has no room for; the layers' own tests are to cover it.
        case .undeclaredLayerToken: nil
        case .unusedToken: "unused-token"
        case .binaryNotVerbatim: "binary-not-verbatim"
        case .tokenInNonUTF8File: "token-in-non-utf8"
        case .verbatimMatchesNothing: "verbatim-matches-nothing"
        case .notTokenMatchesNothing: "not-token-matches-nothing"
        case .excludeMatchesNothing: "exclude-matches-nothing"
        case .absoluteSymlink, .symlinkOutsideTree: "symlinks"
        case .symlinkTargetMissing: "link-target-missing"
        // Names that differ only by case cannot both be checked out on macOS, so this rule's
        // tree is made at run time by LintRuleTests.reportsNamesThatDifferOnlyByCase.
        case .caseCollision: nil
        case .componentTooLong, .pathTooLong: "long-names"
        case .checkCommandMissing, .checkCommandNotExecutable: "check-commands"
        case .taskCommandMissing, .taskCommandNotExecutable: "task-commands"
        // No fixture can break it: a stamped value only breaks the template's text (TokenGrammar),
        // so lint's own scan of the tree finds every token a trial could leave, and the trial
        // runs only when that scan found none. `value-beside-underscores` is the case it once caught.
        case .tokenLeftAfterTrial: nil
        case .trialFailed: "trial-failed"
        case .proposalBreaksRule: "default-from-breaks-rule"
        case .nonPortablePattern: "pattern-not-portable"
        // Made at run time by LintRuleTests: git keeps neither a file its owner cannot read nor,
        // on every system, a name holding a newline.
        case .unreadableEntry, .unusableName: nil
        // Made at run time by LintReservedNameTests: a committed `.duo-new-update/journal` or
        // `GENERATION-CHECKS.md` here would read as this repository's own.
        case .reservedName: nil
        // Not yet: a file with more undeclared tokens than are listed one by one.
        case .moreUndeclaredTokens: nil
        case .conditionPathMissing: "condition-path-missing"
        case .renamedPathMissing, .variantsTogether: "variants"
        case .tokenInVerbatimFile: "verbatim-token"
        case .combinationsSampled: "condition-combinations"
        case .nextStepsFolderFromValue: "next-steps-folder"
        case .taskReadsUndeclaredValue: "task-reads-undeclared-value"
        case .checkReadsValue: "check-reads-value"
        }
    }

    /// One problem of every kind, with payloads as the fixtures produce them.
    static let everyProblem: [LintProblem] = [
        .undeclaredToken("__AUTHOR__", meant: nil), .unusedToken("TEAM_ID"), .binaryNotVerbatim(path: "spinner.gif"),
        .tokenInNonUTF8File(path: "latin1.txt", token: "__AUTHOR__", utf16: false),
        .tokenInNonUTF8File(path: "Localizable.strings", token: "__APP_NAME__", utf16: true),
        .verbatimMatchesNothing("Assets/*.jpg"), .excludeMatchesNothing(".build"), .notTokenMatchesNothing("__UNUSED__"),
        .absoluteSymlink(path: "hosts", target: "/etc/hosts"), .symlinkOutsideTree(path: "Docs/manifest.yaml", target: "../../template.yaml"),
        .symlinkTargetMissing(path: "latest.md", target: "CHANGES.md", renamed: nil),
        .symlinkTargetMissing(path: "Docs/guide.md", target: "../Guide.md", renamed: "Manual.md"),
        .caseCollision(path: "a", other: "A"), .componentTooLong(bytes: 0), .pathTooLong(bytes: 0),
        .checkCommandMissing(check: "model tests", command: "Tools/run-model-tests.sh"),
        .checkCommandNotExecutable(check: "lint", command: "./Tools/lint.sh"),
        .taskCommandMissing(task: "setup", command: "Tools/setup.sh"),
        .taskCommandNotExecutable(task: "configure", command: "./Tools/configure.sh"),
        .tokenLeftAfterTrial("__BETA__", sample: "APP_NAME=Sample, SEPARATOR=__"), .trialFailed(reason: ""),
        .nonPortablePattern(token: "TEAM_ID", construct: "\\A", fix: ""),
        .conditionPathMissing("Galery/Grid.swift"), .combinationsSampled(tried: 32, of: 64),
        .nextStepsFolderFromValue(folder: "__SLUG__", fix: "__DESTINATION__"),
        .taskReadsUndeclaredValue(task: "docker", name: "USE_DOKCER", meant: "USE_DOCKER"),
        .taskReadsUndeclaredValue(task: "docker", name: "PROJECT", meant: nil),
        .checkReadsValue(check: "scheme", name: "APP_NAME", inScript: false),
    ]

    /// Every rule's fixture exists and its expected output holds that rule's message (up to the
    /// first value that varies), so no rule is left without a fixture that breaks it.
    @Test(arguments: everyProblem.compactMap { problem in fixture(for: problem).map { (problem, $0) } })
    func everyRuleHasAFixtureThatBreaksIt(_ problem: LintProblem, _ fixture: String) throws {
        try #require(Self.fixtureNames.contains(fixture), "no fixture '\(fixture)' in \(Self.fixtureNames)")
        let expected = try String(contentsOf: Fixtures.lint.appendingPathComponent("\(fixture).expected"), encoding: .utf8)
        let stem = problem.message.prefix { !"0123456789".contains($0) }.prefix(60)
        #expect(expected.contains("\(problem.severity.rawValue): \(stem)"), "'\(fixture).expected' lacks '\(stem)'")
    }

    /// Each fixture folder has its expected output and each expected output its folder.
    @Test func fixturesAndExpectedOutputsPair() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.lint.path)
        let expected = Set(names.filter { $0.hasSuffix(".expected") }.map { String($0.dropLast(".expected".count)) })
        try #require(!expected.isEmpty, "no fixtures in \(Fixtures.lint.path)")
        #expect(Set(Self.fixtureNames) == expected)
    }

    /// The bundled recipes and layers (those with a manifest so far), as `Templates/<name>`.
    static var bundledRecipes: [String] {
        let templates = ManifestSchemaTests.repository.appendingPathComponent("Templates")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: templates.path)) ?? []
        return names.filter { name in
            [Manifest.fileName, Manifest.layerFileName].contains {
                FileManager.default.fileExists(atPath: templates.appendingPathComponent("\(name)/\($0)").path)
            }
        }
        .sorted().map { "Templates/\($0)" }
    }

    @Test func theExampleRecipeIsBundled() {
        #expect(Self.bundledRecipes.contains("Templates/example-hello"))
        #expect(Self.bundledRecipes.contains("Templates/duo-app"))
    }

    /// What users get must be what authors are asked to write: no error and no warning.
    @Test(arguments: bundledRecipes)
    func bundledRecipeLintsClean(_ path: String) {
        let folder = ManifestSchemaTests.repository.appendingPathComponent(path)
        #expect(Self.rendered(TemplateLinter.lint(recipeFolder: folder, displayFolder: path)) == "")
    }

    /// Editors find the schema through the first line of each bundled manifest (a layer's its own).
    @Test(arguments: bundledRecipes)
    func bundledManifestPointsEditorsAtTheSchema(_ path: String) throws {
        let folder = ManifestSchemaTests.repository.appendingPathComponent(path)
        let isLayer = FileManager.default.fileExists(atPath: folder.appendingPathComponent(Manifest.layerFileName).path)
        let file = folder.appendingPathComponent(isLayer ? Manifest.layerFileName : Manifest.fileName)
        let schema = isLayer ? "layer.schema.json" : "template.schema.json"
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("# yaml-language-server: $schema=../../docs/\(schema)\n"))
    }

    @Test(arguments: fixtureNames)
    func reportsExactlyTheExpectedDiagnostics(_ name: String) throws {
        let expected = try String(contentsOf: Fixtures.lint.appendingPathComponent("\(name).expected"), encoding: .utf8)
        let diagnostics = TemplateLinter.lint(recipeFolder: Fixtures.lint.appendingPathComponent(name), displayFolder: name)
        #expect(Self.rendered(diagnostics) == expected)
    }
}
