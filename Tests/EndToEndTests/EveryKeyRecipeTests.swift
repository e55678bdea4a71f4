import Foundation
import Testing
import TestSupport

/// `Tests/Fixtures/every-key`: one recipe using every key for values, tasks, secrets and
/// variants, linted, generated and updated through the binary as an author and a user would.
@Suite("A recipe with every new key")
struct EveryKeyRecipeTests {
    private static let fixture = EndToEndHarness.fixtureTemplates.deletingLastPathComponent().appendingPathComponent("every-key/every-key")
    private static let secret = "k3y-Of-The-Weather"
    /// 2025-01-01 and 2026-01-01, 00:00 UTC: generation and update a year apart.
    private static let generatedOn = ["SOURCE_DATE_EPOCH": "1735689600"]
    private static let updatedOn = ["SOURCE_DATE_EPOCH": "1767225600"]

    /// The fixture copied to `T/every-key`, where a test can change it into its next version.
    private static func recipe(in harness: EndToEndHarness) throws -> URL {
        let copy = harness.url("T/every-key")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture, to: copy)
        return copy
    }

    /// Version 1.1.0: `DISPLAY_NAME` is renamed `APP_TITLE` (with `renamed-from`).
    private static func renameDisplayName(in recipe: URL) throws {
        let manifestURL = recipe.appendingPathComponent("template.yaml")
        var manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "  DISPLAY_NAME:\n", with: "  APP_TITLE:\n    renamed-from: DISPLAY_NAME\n")
            .replacingOccurrences(of: "$DUO_NEW_DISPLAY_NAME", with: "$DUO_NEW_APP_TITLE")
        try Data(manifest.utf8).write(to: manifestURL)
        let readme = recipe.appendingPathComponent("template/README.md")
        let text = try String(contentsOf: readme, encoding: .utf8).replacingOccurrences(of: "__DISPLAY_NAME__", with: "__APP_TITLE__")
        try Data(text.utf8).write(to: readme)
    }

    @Test func itLintsCleanGeneratesOnceAndUpdatesKeepingWhatIsKeptAndNeverTheSecret() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = try Self.recipe(in: harness)

        let lint = try harness.run(["lint", recipe.path])
        #expect(lint.status == 0 && (lint.stdout + lint.stderr).contains("0 errors, 0 warnings in 1 template"), "\(lint.stdout)\(lint.stderr)")

        let made = try harness.run(
            ["every-key", "MyCoolApp", "com.example.cool", "out", "--templates", "T", "--json",
             "--set", "organization=Acme Tools", "--set", "display-name=Cool Pro", "--set", "ci=github", "--set", "runner=self-hosted"],
            environment: Self.generatedOn.merging(["EVERY_KEY_API_KEY": Self.secret]) { $1 }
        )
        try #require(made.status == 0, "\(made.stderr)")
        #expect(try harness.text("out/README.md") == "# Cool Pro\n\nMyCoolApp (com.example.cool) by Acme Tools: https://github.com/acme-tools/MyCoolApp\n")
        #expect(try harness.text("out/LICENSE") == "Copyright (c) 2025 Acme Tools\n")
        #expect(try harness.text("out/CHANGELOG.md").hasPrefix("## 2025-01-01\n"))
        #expect(try harness.text("out/Config/Secrets.txt") == "api-key = \(Self.secret)\n")
        // The variant chosen by the answer, at the one path both variants are written to.
        #expect(try harness.text("out/.github/workflows/ci.yml").contains("runs-on: self-hosted"))
        #expect(!FileManager.default.fileExists(atPath: harness.url("out/.github/workflows/ci-self-hosted.yml").path))
        // The task ran once, seeing the values.
        #expect(try harness.text("out/NOTES.txt") == "Cool Pro by Acme Tools\n")
        #expect(try harness.text("out/GENERATION-CHECKS.md").contains("| notes | passed in"))
        // The secret is stamped, and nowhere else.
        #expect(!made.stdout.contains(Self.secret) && !made.stderr.contains(Self.secret))
        for file in ["out/.duo-new.json", "out/GENERATION-CHECKS.md"] {
            #expect(try !harness.text(file).contains(Self.secret), "\(file)")
        }
        #expect(try !harness.text("out/.duo-new.json").contains("API_KEY"))

        // `check` never runs a task.
        let check = try harness.run(["check", "out"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try harness.text("out/NOTES.txt") == "Cool Pro by Acme Tools\n")

        // A year later, version 1.1.0 with a renamed placeholder, and the organisation changed.
        try Self.renameDisplayName(in: recipe)
        let updated = try harness.run(
            ["update", "out", "--templates", "T", "--set", "organization=Beta Labs", "--set", "api-key=\(Self.secret)"],
            environment: Self.updatedOn
        )
        try #require(updated.status == 0, "\(updated.stdout)\(updated.stderr)")
        // The renamed answer carried over (and said so); the derived slug follows its source.
        #expect(try harness.text("out/README.md") == "# Cool Pro\n\nMyCoolApp (com.example.cool) by Beta Labs: https://github.com/beta-labs/MyCoolApp\n")
        #expect(updated.stdout.contains("the placeholder DISPLAY_NAME is APP_TITLE in this version of the recipe; its recorded value 'Cool Pro' is carried over"), "\(updated.stdout)")
        // The year and the day are kept.
        #expect(try harness.text("out/LICENSE") == "Copyright (c) 2025 Beta Labs\n")
        #expect(try harness.text("out/CHANGELOG.md").hasPrefix("## 2025-01-01\n"))
        // The secret stamped again, named as a file the update could not compare, never printed.
        #expect(try harness.text("out/Config/Secrets.txt") == "api-key = \(Self.secret)\n")
        #expect(updated.stdout.contains("'Config/Secrets.txt' holds the secret 'api-key', which the record does not keep"), "\(updated.stdout)")
        #expect(!updated.stdout.contains(Self.secret) && !updated.stderr.contains(Self.secret))
        let record = try harness.text("out/.duo-new.json")
        #expect(!record.contains(Self.secret) && !record.contains("API_KEY"), "\(record)")
        #expect(record.contains("\"APP_TITLE\" : \"Cool Pro\"") && record.contains("\"ORGANIZATION_SLUG\" : \"beta-labs\""), "\(record)")
        #expect(record.contains("\"YEAR\" : \"2025\"") && record.contains("\"DAY\" : \"2025-01-01\""), "\(record)")
        // The task that runs on update ran again, with the new values.
        #expect(try harness.text("out/NOTES.txt") == "Cool Pro by Acme Tools\nCool Pro by Beta Labs\n")
    }

    /// Without a GitHub CI, the runner is not asked, its `--set` is refused saying why, and the
    /// workflow folder is not written.
    @Test func theRunnerIsAskedOnlyForGitHub() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        _ = try Self.recipe(in: harness)
        let refused = try harness.run(
            ["every-key", "MyCoolApp", "com.example.cool", "out", "--templates", "T", "--set", "runner=hosted", "--set", "api-key=x"]
        )
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("only when 'CI == github'"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path))
        let made = try harness.run(["every-key", "MyCoolApp", "com.example.cool", "out", "--templates", "T", "--set", "api-key=x"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out/.github").path))
        #expect(try harness.text("out/README.md").hasPrefix("# My Cool App\n"), "the display name proposed from the AppName in words")
    }
}
