import Foundation
import Testing
import TestSupport

/// Issue 37's found problems, each as a user meets it through the binary: an empty default
/// taken with Enter, a recipe without a bundle id, and every missing `--set` value named at
/// once (and asked for on a terminal).
@Suite("Found problems with values")
struct FoundProblemsTests {
    /// Writes a recipe `T/<name>` whose manifest is `placeholders` after the AppName's.
    private func recipe(_ harness: EndToEndHarness, _ name: String, bundleID: Bool = true, placeholders: String) throws {
        let folder = harness.url("T/\(name)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("template"), withIntermediateDirectories: true)
        let bundle = bundleID ? "  BUNDLE_ID:\n    from: bundle-id\n" : ""
        let manifest = "name: \(name)\nsummary: A recipe for a found problem.\nversion: 1.0.0\nplaceholders:\n  APP_NAME:\n    from: app-name\n"
            + bundle + placeholders
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("template.yaml"))
        try Data("__APP_NAME__\n".utf8).write(to: folder.appendingPathComponent("template/README.md"))
    }

    private func drive(_ harness: EndToEndHarness, _ arguments: [String], _ steps: [(expect: String, send: String)]) throws -> TerminalSession {
        try TerminalSession.run(arguments, steps: TerminalSession.steps(steps), in: harness.folder,
                                environment: ["XDG_CONFIG_HOME": harness.url("cfg").path])
    }

    /// Problem 1: Enter on `[]` takes the empty default, as `--set key=` does.
    @Test func enterTakesAnEmptyDefault() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try recipe(harness, "empty", placeholders: "  SUFFIX:\n    from: set\n    default: \"\"\n")
        let session = try drive(harness, ["empty", "Hi", "com.example.hi", "--templates", "T", "--no-test"], [
            ("Folder [./Hi]: ", "\r"),
            ("suffix []: ", "\r"),
        ])
        #expect(session.missed == nil, "\(session.transcript)")
        #expect(session.status == 0, "\(session.transcript)")
        #expect(!session.transcript.contains("an answer is needed here"), "\(session.transcript)")
        #expect(try harness.text("Hi/.duo-new.json").contains("\"SUFFIX\" : \"\""))
    }

    /// Problem 4: a recipe that declares no bundle id takes `<recipe> <AppName> <folder>`.
    @Test func aRecipeWithoutABundleIDTakesNone() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try recipe(harness, "nobundle", bundleID: false, placeholders: "")
        let run = try harness.run(["nobundle", "Hi", "out", "--templates", "T", "--no-test"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try harness.text("out/README.md") == "Hi\n")
        #expect(!(try harness.text("out/.duo-new.json").contains("BUNDLE")))
        // Nor does the JSON report give it a bundle id, not even an empty one.
        let json = try harness.run(["nobundle", "Hi", "json-out", "--templates", "T", "--no-test", "--json"])
        #expect(json.status == 0 && json.stdout.contains("\"appName\" : \"Hi\"") && !json.stdout.contains("bundleID"), "\(json.stdout)")
    }

    /// Problem 5: every required `--set` left out is named in one error.
    @Test func everyMissingValueIsNamedAtOnce() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try recipe(harness, "needs", placeholders: "  ORG:\n    from: set\n  TEAM:\n    from: set\n    description: The team.\n")
        let run = try harness.run(["needs", "Hi", "com.example.hi", "out", "--templates", "T", "--no-test"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("'--set org=VALUE'") && run.stderr.contains("'--set team=VALUE' (The team.)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path))
    }

    /// Problem 5: on a terminal, with every positional given, the missing values are asked for.
    @Test func aTerminalIsAskedForTheMissingValues() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try recipe(harness, "needs", placeholders: "  ORG:\n    from: set\n  TEAM:\n    from: set\n    default: core\n")
        let session = try drive(harness, ["needs", "Hi", "com.example.hi", "out", "--templates", "T", "--no-test"], [
            ("org: ", "acme\r"),
        ])
        #expect(session.missed == nil, "\(session.transcript)")
        #expect(session.status == 0, "\(session.transcript)")
        #expect(!session.transcript.contains("team"), "a value with a default is not asked: \(session.transcript)")
        #expect(try harness.text("out/.duo-new.json").contains("\"ORG\" : \"acme\""))
    }
}
