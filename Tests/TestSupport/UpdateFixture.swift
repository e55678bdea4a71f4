import DuoNewCore
import DuoNewKit
import Foundation

/// A small recipe `fix` written for one update test, in `<harness>/T/fix`, and the project `p`
/// generated from it: the trust and swap suites change the recipe, the project or its record,
/// then run `update` or `check` on the built binary.
package enum UpdateFixture {
    /// Writes the recipe at `version` with `files` (path: text; a path ending in `/` is an empty
    /// folder) and a check that passes.
    package static func writeRecipe(_ harness: EndToEndHarness, version: String, files: [String: String], executable: Set<String> = []) throws {
        let recipe = harness.url("T/fix")
        try? FileManager.default.removeItem(at: recipe)
        let tree = recipe.appendingPathComponent("template")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = tree.appendingPathComponent(path)
            if path.hasSuffix("/") {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                continue
            }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: executable.contains(path) ? 0o755 : 0o644], ofItemAtPath: url.path)
        }
        let manifest = """
        \(TestManifest.header(name: "fix", summary: "A recipe changed by each update test.", version: version))
        checks:
          - name: present
            run: sh -c 'test -f .duo-new.json'

        """
        try Data(manifest.utf8).write(to: recipe.appendingPathComponent("template.yaml"))
    }

    /// The recipe at 1.0.0 with `files`, and `p` generated from it.
    package static func generate(_ harness: EndToEndHarness, files: [String: String], executable: Set<String> = [], environment: [String: String] = [:]) throws {
        try writeRecipe(harness, version: "1.0.0", files: files, executable: executable)
        let run = try harness.run(["fix", "Sitter", "com.example.sitter", "p", "--templates", "T", "--no-test"], environment: environment)
        try required(run.status == 0, "\(run.stderr)")
    }

    @discardableResult
    package static func update(_ harness: EndToEndHarness, _ options: [String] = [], environment: [String: String] = [:]) throws -> EndToEndHarness.Run {
        try harness.run(["update", "p", "--templates", "T"] + options, environment: environment)
    }

    /// The project's record as JSON.
    package static func record(_ harness: EndToEndHarness) throws -> [String: Any] {
        try required(try JSONSerialization.jsonObject(with: Data(contentsOf: harness.url("p/.duo-new.json"))) as? [String: Any])
    }

    package static func writeRecord(_ harness: EndToEndHarness, _ record: [String: Any]) throws {
        try JSONSerialization.data(withJSONObject: record).write(to: harness.url("p/.duo-new.json"))
    }

    /// Every entry below `root` and the record, to compare a tree before and after.
    package static func snapshot(_ harness: EndToEndHarness, _ relative: String = "p") throws -> [String] {
        try snapshot(of: harness.url(relative))
    }

    /// Every entry below `root` with the record's digest.
    package static func snapshot(of root: URL) throws -> [String] {
        let record = root.appendingPathComponent(Planner.recordFileName)
        let recordLine = (try? Data(contentsOf: record)).map { "record \(SHA256.hex(Array($0)))" } ?? "no record"
        return try TreeFingerprint.lines(of: root) + [recordLine]
    }

    /// Whether something (a dangling link included) is at `relative`.
    package static func exists(_ harness: EndToEndHarness, _ relative: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: harness.url(relative).path)) != nil
    }
}
