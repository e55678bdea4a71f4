import Foundation
import Testing
import TestSupport

/// Every bundled recipe generates through the built binary with no option, from a folder
/// outside the package; the small examples also run their checks. (The camera studio's model
/// tests take a while, so its checks are left to `.ci/run` and its own suites.)
@Suite("End to end: bundled recipes")
struct EndToEndBundledRecipeTests {
    static let templates = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    static var recipes: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: templates.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: templates.appendingPathComponent("\($0)/template.yaml").path) }.sorted()
    }

    /// The listing the test below runs over: an unreadable `Templates/` must not make it run
    /// over nothing.
    @Test func listsTheBundledRecipes() throws {
        try #require(FileManager.default.fileExists(atPath: Self.templates.path), "\(Self.templates.path)")
        #expect(Set(Self.recipes).isSuperset(of: ["example-hello", "recipe-camera-studio"]), "\(Self.recipes)")
    }

    @Test(arguments: recipes)
    func generatesWithNoOption(recipe: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let options = recipe.hasPrefix("example-") ? [] : ["--no-test"]
        let run = try harness.run([recipe, "Sitter", "com.example.sitter", "Sitter", "--json"] + options)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["recipe"] as? String == recipe)
        #expect((report["files"] as? Int ?? 0) > 0)
        let checks = try #require(report["checks"] as? [[String: Any]], "\(run.stdout)")
        // Checks run only for the examples; --no-test leaves the list empty.
        #expect(checks.isEmpty == !recipe.hasPrefix("example-"), "\(checks)")
        for check in checks {
            #expect(check["status"] as? String == "passed", "\(check)")
        }
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: harness.url("Sitter/.duo-new.json"))) as? [String: Any])
        #expect(record["recipe"] as? String == recipe)
        #expect(!harness.tree("Sitter").contains { $0.contains("__") && $0.range(of: "__[A-Z][A-Z0-9_]*__", options: .regularExpression) != nil })
    }
}
