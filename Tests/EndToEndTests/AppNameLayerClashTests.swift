@testable import DuoNewCore
@testable import DuoNewKit
import Foundation
import Testing
import TestSupport

/// An AppName may not be a type any tree of the recipe declares, its layers' as well as its
/// own, whatever else the files mentioning the name declare, on the command line and at the
/// prompt alike (the duo-app layer's types once passed for both bundled apps).
@Suite("AppName clashes with the layers' types")
struct AppNameLayerClashTests {
    static let bundled = EndToEndHarness.fixtureTemplates
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    /// Every type the duo-app layer's Swift files declare (names holding a token left out).
    static func layerTypes() -> [String] {
        let tree = bundled.appendingPathComponent("duo-app/template")
        guard let walker = FileManager.default.enumerator(atPath: tree.path) else { return [] }
        var names = Set<String>()
        for case let path as String in walker where path.hasSuffix(".swift") {
            names.formUnion(SwiftDeclarations.typeNames(inFileAt: tree.appendingPathComponent(path).path) ?? [])
        }
        return names.filter { !$0.contains("__") }.sorted()
    }

    @Test(arguments: ["recipe-media-player", "recipe-camera-studio"])
    func everyTypeOfTheDuoAppLayerIsRefusedAsAnAppName(recipe: String) throws {
        let types = Self.layerTypes()
        try #require(types.count >= 20 && ["FoldFrame", "MarkerText", "TestMarkerView", "LaunchSwitches"].allSatisfy(types.contains), "\(types)")
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        var accepted: [String] = []
        for name in types {
            let run = try harness.run([recipe, name, "com.example.app", "Out", "--dry-run", "--templates", Self.bundled.path])
            if run.status != 65 || !run.stderr.contains("[app-name.declared-type]") { accepted.append("\(name) (\(run.status))") }
        }
        #expect(accepted.isEmpty, "accepted as an AppName for \(recipe): \(accepted)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("Out").path))
    }

    /// The prompt checks each typed AppName against the layers too, and asks again.
    @Test func thePromptRefusesALayerTypeAndAsksAgain() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let question = "AppName (letters and digits, such as Sitter): "
        let session = try TerminalSession.run(
            ["recipe-media-player", "--no-test", "--templates", Self.bundled.path],
            steps: TerminalSession.steps([(question, "LaunchSwitches\r"), (question, "\u{3}")]),
            in: harness.folder, environment: ["XDG_CONFIG_HOME": harness.url("cfg").path]
        )
        let transcript = session.transcript
        #expect(session.missed == nil, "asked again after the refusal: \(transcript)")
        #expect(transcript.contains("the AppName 'LaunchSwitches' is the name of a type the template declares"), "\(transcript)")
        #expect(harness.tree().isEmpty, "\(harness.tree())")
    }

    /// In the library: a recipe's own file declaring a type no longer hides the layer's.
    @Test func aLayersTypesSurviveTheRecipesOwnDeclarations() throws {
        var recipe = NameContext(declaredTypes: ["StudioScreen"])
        recipe.typesByFile = ["App/StudioScreen.swift": ["StudioScreen"]]
        var layer = NameContext(declaredTypes: ["FoldFrame"])
        layer.typesByFile = ["App/Model/FoldFrame.swift": ["FoldFrame"]]
        recipe.formUnion(layer)
        let manifest = try ManifestDecoder.decode("name: r\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME:\n    from: app-name\n", file: "template.yaml")
        recipe.apply(manifest)
        #expect(recipe.declaredTypes == ["StudioScreen", "FoldFrame"])
    }
}
