import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// What the app recipes tell a user about the checks, which must be true on whatever machine
/// generated the project and however its checks went: the next steps claim no run and leave the
/// skipped checks to duo-new's own list; the README points at `GENERATION-CHECKS.md` for what ran,
/// describes only the checks the project carries, and keeps duo-new's own test suite apart.
@Suite("App recipes: the ending and the README claim nothing about what ran")
struct RecipeEndingTextTests {
    struct Recipe: CustomTestStringConvertible, Sendable {
        var name: String
        var app: String
        var bundleID: String
        var testDescription: String { name }
    }

    static let recipes = [
        Recipe(name: "recipe-camera-studio", app: "Sitter", bundleID: "com.example.sitter"),
        Recipe(name: "recipe-media-player", app: "FieldCast", bundleID: "com.example.fieldcast"),
    ]

    /// Phrases of the old texts, each a claim that a check ran (or where it ran) that was printed
    /// or written whether or not it had.
    static let claimsOfARun = [
        "has already done", "already ran", "already done", "On a Mac with Xcode, duo-new",
        "On Linux, when this project was generated", "checked on Linux", "printed whether it passed",
        "Report what passed", "Nothing here has been built", "None of these has run yet",
        "also run by `duo-new` right after generation", "were checked against each other on Linux",
    ]

    /// The record duo-new writes after running the checks (none with `--no-test`); the recipe's
    /// tree does not hold it.
    static let record = GenerationChecksFile.fileName

    /// The recipe's checks as duo-new runs them: a layer's check with its layer's command.
    static func checks(of recipe: Recipe) throws -> [Check] {
        let folder = SchemaValidator.repository.appendingPathComponent("Templates/\(recipe.name)")
        let tree = try RecipeLoading.loadTree(folder, recipe: recipe.name, manifestPath: "Templates/\(recipe.name)/template.yaml")
        return try tree.effectiveManifest().checks
    }

    /// The recipe generated with `--no-test`, and the next steps the JSON report gives.
    static func generate(_ recipe: Recipe) throws -> (harness: EndToEndHarness, nextSteps: String) {
        let harness = try EndToEndHarness()
        let run = try harness.run([recipe.name, recipe.app, recipe.bundleID, recipe.app, "--no-test", "--json"])
        try #require(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return (harness, try #require(report["nextSteps"] as? [String], "\(run.stdout)").joined(separator: "\n"))
    }

    /// The text from the line `heading` to the next heading of its level or above.
    static func section(_ heading: String, of text: String) throws -> String {
        let after = try #require(text.components(separatedBy: "\n\(heading)\n").dropFirst().first, "no '\(heading)'")
        return after.components(separatedBy: "\n## ").first ?? after
    }

    /// The text's paragraphs, each on one line.
    static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").map { $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
    }

    @Test(arguments: recipes)
    func nextStepsAreTrueOnAnyMachineAndLeaveTheSkippedChecksToTheirList(recipe: Recipe) throws {
        let (harness, steps) = try Self.generate(recipe)
        defer { harness.cleanUp() }
        for claim in Self.claimsOfARun {
            #expect(!steps.contains(claim), "the next steps say '\(claim)', which is not true on every machine")
        }
        #expect(steps.hasPrefix("cd \(recipe.app)\n"), "\(steps)")
        #expect(steps.split(separator: "\n").count <= 20, "the next steps stay short:\n\(steps)")

        // The model tests run anywhere: they come before anything said about a Mac.
        let checks = try Self.checks(of: recipe)
        let model = try #require(checks.first { $0.name == "model tests" })
        let modelAt = try #require(steps.range(of: model.run), "the next steps name \(model.run)")
        let macAt = try #require(steps.range(of: "\nOn a Mac"))
        #expect(modelAt.lowerBound < macAt.lowerBound, "\(model.run) is not given as a Mac step:\n\(steps)")

        // What the skipped list prints (a check that needs something, or is opt-in) is not repeated.
        // The model tests need only the Swift toolchain their own command is: the steps name
        // `swift test` on purpose, and only a machine without Swift would list it as skipped.
        #expect(model.needs?.commands == ["swift"] && !model.optIn, "the model tests need Swift alone: \(String(describing: model.needs))")
        let listedWhenSkipped = checks.filter { ($0.needs != nil || $0.optIn) && $0.name != model.name }
        #expect(listedWhenSkipped.count == 2, "\(listedWhenSkipped.map(\.name))")
        for check in listedWhenSkipped {
            #expect(!steps.contains(check.run), "the skipped-checks list gives '\(check.run)'; the next steps repeat it")
        }
        #expect(!steps.contains("--with"), "the skipped-checks list says how to ask for an opt-in check")

        // A Mac user's steps first, each a command or a key: open the project, choose the
        // simulator, ⌘R, ⌘U.
        let mac = try #require(steps.components(separatedBy: "\nOn a Mac").dropFirst().first)
        let macLines = mac.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(macLines.dropFirst().first == "open \(recipe.app).xcodeproj", "the first step opens the project:\n\(mac)")
        #expect(macLines.contains { $0.hasPrefix("choose \"iPhone Duo\"") }, "\(mac)")
        #expect(macLines.contains { $0.hasPrefix("⌘R ") } && macLines.contains { $0.contains("⌘U runs its tests") }, "\(mac)")

        // The Xcode advice once: set DEVELOPER_DIR, never xcode-select, with the reason.
        #expect(steps.components(separatedBy: "DEVELOPER_DIR").count == 2, "DEVELOPER_DIR once:\n\(steps)")
        #expect(steps.components(separatedBy: "xcode-select").count == 2)
        #expect(steps.contains("never run xcode-select, which would switch it for every user of the Mac"), "\(steps)")
        // Device Hub named once, with what it is.
        #expect(steps.components(separatedBy: "Device Hub").count == 2)
        // A sentence on one line, which duo-new wraps to the terminal: broken by hand, it reads as
        // ragged short lines on a narrow one, and as two strings in --json's nextSteps.
        #expect(steps.contains("Device Hub, the app that hosts the iPhone Duo simulator, is the only place its pose changes."), "\(steps)")
        #expect(steps.contains("does the same from a terminal, with screenshots of both displays in build/"), "\(steps)")

        // Nothing promised that did not run: with --no-test, no record is named; the last line
        // says the checks were skipped and how to run them.
        #expect(!steps.contains(Self.record), "--no-test writes no \(Self.record):\n\(steps)")
        #expect(steps.hasSuffix("\nChecks skipped (--no-test); 'duo-new check \(recipe.app)' runs them."), "\(steps)")

        // Where to look, and every file named is there.
        #expect(steps.contains("\"What was verified where\""))
        #expect(try harness.text("\(recipe.app)/README.md").contains("\n## What was verified where\n"))
        let named = Set(steps.matches(of: /[A-Za-z0-9_.\/-]+\.(?:md|sh|xcodeproj)/).map { String($0.output) })
        #expect(named.isSuperset(of: ["README.md", "docs/device-checks.md", "Tools/run-on-simulator.sh", "\(recipe.app).xcodeproj"]), "\(named)")
        for path in named {
            #expect(FileManager.default.fileExists(atPath: harness.url("\(recipe.app)/\(path)").path), "the next steps name \(path), which the project lacks")
        }
    }

    /// The simulator has no camera; the next steps name the label the app then shows.
    @Test func cameraStudioNextStepsNameTheStandInLabelTheAppShows() throws {
        let recipe = try #require(Self.recipes.first)
        let (harness, steps) = try Self.generate(recipe)
        defer { harness.cleanUp() }
        #expect(steps.contains("The simulator has no camera: the studio says \"Stand-in camera\"."), "\(steps)")
        let app = harness.url(recipe.app + "/" + recipe.app)
        let files = try #require(FileManager.default.subpaths(atPath: app.path)).filter { $0.hasSuffix(".swift") }
        let shown = try files.contains { try String(contentsOf: app.appendingPathComponent($0), encoding: .utf8).contains("\"Stand-in camera\"") }
        #expect(shown, "no Swift file of the app shows \"Stand-in camera\"")
    }

    @Test(arguments: recipes)
    func readmePointsAtTheRecordOfWhatRanAndClaimsNoRun(recipe: Recipe) throws {
        let (harness, _) = try Self.generate(recipe)
        defer { harness.cleanUp() }
        let readme = try harness.text("\(recipe.app)/README.md")
        let deviceChecks = try harness.text("\(recipe.app)/docs/device-checks.md")
        for claim in Self.claimsOfARun {
            #expect(!readme.contains(claim), "README.md says '\(claim)'")
            #expect(!deviceChecks.contains(claim), "docs/device-checks.md says '\(claim)'")
        }
        let warning = try #require(Self.paragraphs(readme).first { $0.hasPrefix("**Read \"What was verified where\"") })
        #expect(warning.contains("`\(Self.record)`"), "\(warning)")

        let section = try Self.section("## What was verified where", of: readme)
        #expect(section.contains("`\(Self.record)`, which `duo-new` writes"), "the section says who writes the record")
        #expect(section.contains("generated with `--no-test` ran no check and has no such file"))
        #expect(!FileManager.default.fileExists(atPath: harness.url("\(recipe.app)/\(Self.record)").path), "as the README says, --no-test writes no record")

        // No sentence says a check ran and passed when this project was made.
        let made = /when (?:this project was (?:generated|made)|it made this project|duo-new made this project)/
        let outcome = /passed|succeeded|compiled|type-checked|(?:was|were) (?:read|checked)|read back|its checks/
        let sentences = Self.paragraphs(readme).flatMap { $0.components(separatedBy: ". ") }
        for sentence in sentences where sentence.contains(made) {
            #expect(!sentence.contains(outcome), "README.md claims a result at generation: \(sentence)")
        }

        // duo-new's own test suite is about the recipe in duo-new's repository, and says so.
        for paragraph in Self.paragraphs(section) where paragraph.contains("duo-new`'s own") || paragraph.contains("hand-written stand-ins") {
            #expect(paragraph.contains("In duo-new's repository, on the recipe rather than on this project"), "\(paragraph)")
        }
        #expect(section.contains("**In duo-new's repository, on the recipe rather than on this project:**"))
        #expect(section.contains("**unverified**") && section.contains("- [ ] "), "the unverified checklist stays")
    }

    /// The README's list of the project's checks is the recipe's checks, each with the command
    /// duo-new runs, and each command is a script the project holds, or `swift test` on the
    /// package the project holds.
    @Test(arguments: recipes)
    func readmeDescribesExactlyTheChecksTheProjectCarries(recipe: Recipe) throws {
        let (harness, _) = try Self.generate(recipe)
        defer { harness.cleanUp() }
        let section = try Self.section("## What was verified where", of: try harness.text("\(recipe.app)/README.md"))
        let heading = "**What the project's own checks verify when they run:**\n"
        let list = try #require(section.components(separatedBy: heading).dropFirst().first?.components(separatedBy: "\n**").first, "no '\(heading)'")
        let described = list.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.firstMatch(of: /^- `([^`]+)`, `([^`]+)`/) else { return nil }
            return "\(match.output.1): \(match.output.2)"
        }
        let carried = try Self.checks(of: recipe).map { "\($0.name): \($0.run)" }
        #expect(described == carried, "README.md describes \(described); the recipe's checks are \(carried)")
        for check in try Self.checks(of: recipe) {
            let script = try #require(check.run.split(separator: " ").first.map(String.init))
            if script == "swift" {
                #expect(check.run == "swift test", "\(check.name) runs \(check.run)")
                #expect(FileManager.default.fileExists(atPath: harness.url("\(recipe.app)/Package.swift").path), "swift test has the project's Package.swift to build")
            } else {
                #expect(FileManager.default.isExecutableFile(atPath: harness.url("\(recipe.app)/\(script)").path), "\(script) is in the project")
            }
        }
    }
}
