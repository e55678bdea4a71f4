@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// The camera studio, generated from the bundled recipes and edited by its user, then brought to
/// a changed copy of the recipe with `duo-new update`; afterwards its checks pass with `duo-new check`.
@Suite struct EndToEndUpdateCameraTests {
    static let templates = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    private static func append(_ text: String, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// The project is the shared, built camera studio (`BuiltProject`), so its check after the
    /// update compiles only what the update and the edits changed; every file they touch is put
    /// back when the test returns.
    @Test func updateKeepsTheUsersEditsAndTheChecksPass() async throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let manager = FileManager.default
        try manager.copyItem(at: Self.templates, to: harness.url("T"))
        let touched = [
            "README.md", "README.md.duo-new", "Sitter/Studio/ShutterButton.swift", "SitterUITests/SitterUITests.swift", "docs/changes.md",
            "docs/device-checks.md", ".duo-new.json", "GENERATION-CHECKS.md", ".duo-new-update",
        ]
        try await BuiltProject.cameraStudio.borrow(restoring: touched) { project in
            try Self.update(project, harness: harness)
        }
    }

    private static func update(_ project: URL, harness: EndToEndHarness) throws {
        let manager = FileManager.default
        func text(_ path: String) throws -> String { try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8) }
        let recordBefore = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: project.appendingPathComponent(".duo-new.json"))) as? [String: Any])
        let oldVersion = try #require(recordBefore["version"] as? String)

        // The user edits two files: a line at the top of the README, a comment at the end of a view.
        let readme = try text("README.md")
        try Data(("My own notes.\n\n" + readme).utf8).write(to: project.appendingPathComponent("README.md"))
        try append("\n// My own note.\n", to: project.appendingPathComponent("Sitter/Studio/ShutterButton.swift"))
        let shutter = try text("Sitter/Studio/ShutterButton.swift")

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

        let updated = try harness.run(["update", project.path, "--templates", "T", "--json"])
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
        #expect(try text("README.md") == "My own notes.\n\n" + readme + "\nA paragraph the recipe added.\n")
        #expect(!manager.fileExists(atPath: project.appendingPathComponent("README.md.duo-new").path))
        #expect(try text("Sitter/Studio/ShutterButton.swift") == shutter)
        #expect(try text("SitterUITests/SitterUITests.swift").hasSuffix("\n// A comment the recipe added.\n"))
        #expect(try text("docs/changes.md") == "# Changes in Sitter\n")
        #expect(!manager.fileExists(atPath: project.appendingPathComponent("docs/device-checks.md").path))
        #expect(!manager.fileExists(atPath: project.appendingPathComponent(".duo-new-update").path))
        let recordAfter = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: project.appendingPathComponent(".duo-new.json"))) as? [String: Any])
        #expect(recordAfter["version"] as? String == "99.0.0")

        let checked = try harness.run(["check", project.path, "--templates", "T"])
        #expect(checked.status == 0, "\(checked.stdout)\n\(checked.stderr)")
        #expect(checked.stdout.contains("passed"))
    }
}
