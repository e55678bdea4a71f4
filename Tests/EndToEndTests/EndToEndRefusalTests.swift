import Foundation
import Testing
import TestSupport

/// Every refusal exits with its own code, says why on standard error, and creates nothing.
@Suite("End to end: refusals create nothing")
struct EndToEndRefusalTests {
    static let badAppNames: [String] = [
        "",                                  // empty
        "My App",                            // space
        "my-app",                            // hyphen
        "Sitter_App",                        // underscore
        "Sitter.App",                        // dot
        "Sitter/App",                        // slash
        "1Sitter",                           // starts with a digit
        "Café",                              // not ASCII
        "ＳＩＴＴＥＲ",                        // full-width letters
        "Sitter!",                           // punctuation
        "class",                             // Swift keyword
        "protocol",                          // Swift keyword
        "SwiftUI",                           // Apple module
        "foundation",                        // Apple module, other case
        "UIKit",                             // Apple module
        "AVFoundation",                      // Apple module
        "XCTest",                            // toolchain module
        "Testing",                           // toolchain module
        "Tools",                             // top-level name of the template
        "assets",                            // top-level name, other case
        "Studio",                            // the manifest's reserved-names
        "Greeter",                           // a type the template declares
        String(repeating: "A", count: 51),   // too long
        "__APP_NAME__",                      // a token
    ]

    static let badBundleIDs: [String] = [
        "",
        "sitter",
        "com.",
        ".com.example",
        "com..example",
        "com.example.",
        "com.example.my_app",
        "com.example.my app",
        "com/example/app",
        "com.exämple.app",
        "com.example.app!",
        "com.example.*",
        "com.example@app",
        "com,example,app",
        "com.example.😀",
        "com." + String(repeating: "a", count: 152),           // over Apple's 155
        "com." + String(repeating: "a", count: 145),           // fine, but its .UITests id is too long
    ]

    @Test("a bad AppName exits 65 and creates nothing", arguments: badAppNames)
    func refusesBadAppName(_ name: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", name, "com.example.sitter", "out/App")
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("error: the AppName"), "\(run.stderr)")
        #expect(run.stderr.contains("[app-name."), "the rule is named: \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(harness.tree().isEmpty)
    }

    @Test("a bad bundle id exits 65 and creates nothing", arguments: badBundleIDs)
    func refusesBadBundleID(_ id: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "Sitter", id, "out/Sitter")
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("[bundle-id."), "the rule is named: \(run.stderr)")
        #expect(harness.tree().isEmpty)
    }

    @Test func suggestsAFixForAnAppNameWithASpace() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "My App", "com.example.my_app", "MyApp")
        #expect(run.status == 65)
        #expect(run.stderr.contains("try 'MyApp'"), "\(run.stderr)")
    }

    @Test func refusesASettingThatBreaksItsPattern() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter", ["--set", "team-id=abc"])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("'team-id'"), "\(run.stderr)")
        #expect(harness.tree().isEmpty)
    }

    @Test func refusesAnUnknownSettingWithASuggestion() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter", ["--set", "team_id=ABCDE12345"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("did you mean 'team-id'?"), "\(run.stderr)")
        #expect(harness.tree().isEmpty)
    }

    @Test func refusesNonEmptyDestinationBeforeWriting() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("Sitter"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: harness.url("Sitter/keep.txt"))
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter")
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("exists and is not empty"), "\(run.stderr)")
        #expect(harness.tree() == ["Sitter", "Sitter/keep.txt"])
        #expect(try harness.text("Sitter/keep.txt") == "mine")
    }

    /// A clone of a repository made with a LICENSE: refused without `--into-existing`, the
    /// message naming what the folder holds and the flag; with it, the project goes beside
    /// the LICENSE, which is left as it was, and the run says so.
    @Test func aCloneHoldingALicenseTakesTheProjectWithIntoExisting() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try FileManager.default.createDirectory(at: harness.url("Sitter/.git"), withIntermediateDirectories: true)
        try Data("MIT\n".utf8).write(to: harness.url("Sitter/LICENSE"))
        let refused = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter")
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains("(it holds 'LICENSE')") && refused.stderr.contains("'--into-existing'"), "\(refused.stderr)")
        #expect(harness.tree() == ["Sitter", "Sitter/.git", "Sitter/LICENSE"])

        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter", ["--into-existing"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("leaving 'LICENSE', already in Sitter, as it is (--into-existing)"), "\(run.stdout)")
        #expect(try harness.text("Sitter/LICENSE") == "MIT\n")
        #expect(FileManager.default.fileExists(atPath: harness.url("Sitter/.duo-new.json").path))
    }

    @Test func refusesAFileAsDestination() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Data("a file".utf8).write(to: harness.url("Sitter"))
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "Sitter")
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("not a folder"), "\(run.stderr)")
        #expect(harness.tree() == ["Sitter"])
    }

    @Test func refusesADestinationBelowAFile() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Data("a file".utf8).write(to: harness.url("blocker"))
        let run = try harness.generate("basic", "Sitter", "com.example.sitter", "blocker/deeper/Sitter")
        #expect(run.status == 73, "\(run.stderr)")
        #expect(harness.tree() == ["blocker"])
    }

    @Test func refusesAnUnknownRecipeWithASuggestion() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("basci", "Sitter", "com.example.sitter", "Sitter")
        #expect(run.status == 66, "\(run.stderr)")
        #expect(run.stderr.contains("no recipe named 'basci'; did you mean 'basic'?"), "\(run.stderr)")
        #expect(harness.tree().isEmpty)
    }

    @Test func refusesAMissingTemplatesFolder() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["basic", "Sitter", "com.example.sitter", "Sitter", "--templates", "no/such/folder"])
        #expect(run.status == 66, "\(run.stderr)")
        #expect(run.stderr.contains("'no/such/folder' (from --templates) does not exist"), "\(run.stderr)")
        let fromVariable = try harness.run(["basic", "Sitter", "com.example.sitter", "Sitter"], environment: ["DUO_NEW_TEMPLATES": "nowhere"])
        #expect(fromVariable.status == 66)
        #expect(fromVariable.stderr.contains("(from DUO_NEW_TEMPLATES)"), "\(fromVariable.stderr)")
        #expect(harness.tree().isEmpty)
    }

    @Test func refusesABrokenManifestWithItsLineAndColumn() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.generate("broken-manifest", "Sitter", "com.example.sitter", "Sitter")
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("broken-manifest/template.yaml:6:1: error: unknown key 'verbatum'; did you mean 'verbatim'?"), "\(run.stderr)")
        #expect(harness.tree().isEmpty)
    }
}
