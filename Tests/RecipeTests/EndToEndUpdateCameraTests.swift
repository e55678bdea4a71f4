@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// The camera studio, generated from a copy of the bundled recipes, edited by its user, then
/// brought to a changed recipe with `duo-new update`; afterwards its checks pass with `duo-new check`.
@Suite struct EndToEndUpdateCameraTests {
    static let templates = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    private func append(_ text: String, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    @Test func updateKeepsTheUsersEditsAndTheChecksPass() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let manager = FileManager.default
        try manager.copyItem(at: Self.templates, to: harness.url("T"))
        let generated = try harness.run(["recipe-camera-studio", "Sitter", "com.example.sitter", "p", "--templates", "T", "--no-test"])
        try #require(generated.status == 0, "\(generated.stderr)")
        let recordBefore = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: harness.url("p/.duo-new.json"))) as? [String: Any])
        let oldVersion = try #require(recordBefore["version"] as? String)

        // The user edits two files: a line at the top of the README, a comment at the end of a view.
        let readme = try harness.text("p/README.md")
        try Data(("My own notes.\n\n" + readme).utf8).write(to: harness.url("p/README.md"))
        try append("\n// My own note.\n", to: harness.url("p/Sitter/Studio/ShutterButton.swift"))
        let shutter = try harness.text("p/Sitter/Studio/ShutterButton.swift")

        // The recipe moves on: a new version; one file the user edited and one they did not
        // change; a file is added and one is removed.
        let recipe = harness.url("T/recipe-camera-studio")
        let manifestURL = recipe.appendingPathComponent("template.yaml")
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        try #require(manifest.contains("version: \(oldVersion)\n"))
        try manifest.replacingOccurrences(of: "version: \(oldVersion)\n", with: "version: 99.0.0\n").write(to: manifestURL, atomically: true, encoding: .utf8)
        try append("\nA paragraph the recipe added.\n", to: recipe.appendingPathComponent("template/README.md"))
        try append("\n// A comment the recipe added.\n", to: recipe.appendingPathComponent("template/__APP_NAME__UITests/__APP_NAME__UITests.swift"))
        try "# Changes in __APP_NAME__\n".write(to: recipe.appendingPathComponent("template/docs/changes.md"), atomically: true, encoding: .utf8)
        try manager.removeItem(at: recipe.appendingPathComponent("template/docs/device-checks.md"))

        let updated = try harness.run(["update", "p", "--templates", "T", "--json"])
        #expect(updated.status == 0, "no conflict: \(updated.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(updated.stdout.utf8)) as? [String: Any])
        let actions = Dictionary(uniqueKeysWithValues: try #require(report["steps"] as? [[String: String]]).map { ($0["path"] ?? "", $0["action"] ?? "") })
        #expect(actions == [
            "README.md": "merge",
            "Sitter/Studio/ShutterButton.swift": "keep-edited",
            "SitterUITests/SitterUITests.swift": "replace",
            "docs/changes.md": "add",
            "docs/device-checks.md": "remove",
        ])
        // Both edits of the README, merged line by line against the base generation kept.
        #expect(try harness.text("p/README.md") == "My own notes.\n\n" + readme + "\nA paragraph the recipe added.\n")
        #expect(!manager.fileExists(atPath: harness.url("p/README.md.duo-new").path))
        #expect(try harness.text("p/Sitter/Studio/ShutterButton.swift") == shutter)
        #expect(try harness.text("p/SitterUITests/SitterUITests.swift").hasSuffix("\n// A comment the recipe added.\n"))
        #expect(try harness.text("p/docs/changes.md") == "# Changes in Sitter\n")
        #expect(!manager.fileExists(atPath: harness.url("p/docs/device-checks.md").path))
        #expect(!manager.fileExists(atPath: harness.url("p/.duo-new-update").path))
        let recordAfter = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: harness.url("p/.duo-new.json"))) as? [String: Any])
        #expect(recordAfter["version"] as? String == "99.0.0")

        let checked = try harness.run(["check", "p", "--templates", "T"])
        #expect(checked.status == 0, "\(checked.stdout)\n\(checked.stderr)")
        #expect(checked.stdout.contains("passed"))
    }
}
