import Foundation
import Testing
import TestSupport

/// The app recipes ask, as Xcode's New Project sheet does, for a display name (the AppName in
/// words unless given) and an optional development team, and stamp both into the generated
/// Xcode project: the display name in the app target's build settings, the team on every target
/// that signs. Generated through the built binary and read as data (no Xcode on Linux).
@Suite("Recipes: display name and development team")
struct RecipeDisplayNameAndTeamTests {
    static let templates = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    static let recipes = ["recipe-camera-studio", "recipe-media-player"]
    static let appName = "MySitterApp"

    /// Each target's own build settings, by target name, then by configuration name.
    static func targetSettings(_ project: URL) throws -> [String: [String: [String: Any]]] {
        let objects = try XcodeProjectData.objects(in: project.appendingPathComponent("\(appName).xcodeproj"))
        var result: [String: [String: [String: Any]]] = [:]
        for (_, target) in XcodeProjectData.nativeTargets(objects) {
            let name = try #require(target["name"] as? String)
            for configuration in try XcodeProjectData.configurations(of: target, in: objects) {
                result[name, default: [:]][configuration.name] = configuration.settings
            }
        }
        return result
    }

    static func recordValues(_ project: URL) throws -> [String: String] {
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: project.appendingPathComponent(".duo-new.json"))) as? [String: Any])
        return try #require(record["values"] as? [String: String], "\(record)")
    }

    /// Checks the stamped project: the display name on the app target alone, the team and
    /// automatic signing on all three targets, in Debug and in Release.
    static func expectStamped(_ project: URL, displayName: String, team: String) throws {
        let settings = try targetSettings(project)
        #expect(Set(settings.keys) == [appName, "\(appName)Tests", "\(appName)UITests"], "\(settings.keys.sorted())")
        for (target, configurations) in settings {
            #expect(Set(configurations.keys) == ["Debug", "Release"], "\(target)")
            for (configuration, values) in configurations {
                let place = "\(target) \(configuration)"
                #expect(values["DEVELOPMENT_TEAM"] as? String == team, "\(place): \(values["DEVELOPMENT_TEAM"] ?? "no DEVELOPMENT_TEAM")")
                #expect(values["CODE_SIGN_STYLE"] as? String == "Automatic", "\(place)")
                let shown = values["INFOPLIST_KEY_CFBundleDisplayName"] as? String
                if target == appName {
                    #expect(shown == displayName, "\(place): \(shown ?? "no display name")")
                } else {
                    #expect(shown == nil, "\(place): a test bundle carries no display name")
                }
            }
        }
        let values = try recordValues(project)
        #expect(values["DISPLAY_NAME"] == displayName, "\(values)")
        #expect(values["DEVELOPMENT_TEAM"] == team, "\(values)")
    }

    @Test(arguments: recipes)
    func theGivenDisplayNameAndTeamAreStamped(recipe: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run([recipe, Self.appName, "com.example.sitter", "p", "--no-test", "--quiet",
                                   "--set", "display-name=Sitter Pro", "--set", "team=ABCDE12345"])
        try #require(run.status == 0, "\(run.stderr)")
        try Self.expectStamped(harness.url("p"), displayName: "Sitter Pro", team: "ABCDE12345")
        // The README says what the project was named, not the token.
        let readme = try harness.text("p/README.md")
        #expect(readme.contains("The Home Screen shows the app as \"Sitter Pro\""), "\(recipe)")
    }

    /// Without `--set`, as with `--defaults` at a prompt: the AppName in words and no team.
    @Test(arguments: recipes)
    func withoutSetTheAppNameInWordsAndNoTeam(recipe: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run([recipe, Self.appName, "com.example.sitter", "p", "--no-test", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        try Self.expectStamped(harness.url("p"), displayName: "My Sitter App", team: "")
        // The empty team stays a quoted empty string, so the file is still a property list
        // Xcode reads (the parse above), and no token is left.
        let text = try harness.text("p/\(Self.appName).xcodeproj/project.pbxproj")
        #expect(text.contains("DEVELOPMENT_TEAM = \"\";"))
        #expect(!text.contains("__DISPLAY_NAME__") && !text.contains("__DEVELOPMENT_TEAM__"))
    }

    /// A display name set in the app's own Info.plist file (the media player has one, merged
    /// with the generated keys) would hide the build setting: none sets it there.
    @Test(arguments: recipes)
    func noInfoPlistFileOverridesTheDisplayName(recipe: String) throws {
        let tree = Self.templates.appendingPathComponent("\(recipe)/template/__APP_NAME__")
        for name in try FileManager.default.contentsOfDirectory(atPath: tree.path) where name.hasSuffix(".plist") {
            let plist = try XcodeProjectData.xmlDictionary(at: tree.appendingPathComponent(name))
            #expect(plist["CFBundleDisplayName"] == nil, "\(recipe)/\(name)")
        }
    }

    @Test(arguments: [
        ("recipe-camera-studio", "team=abc", "'team'"),
        ("recipe-media-player", "team=abc", "'team'"),
        ("recipe-camera-studio", "team=ABCDE1234", "'team'"),
        ("recipe-media-player", "display-name=My \"Sitter\"", "'display-name'"),
        ("recipe-camera-studio", "display-name=Back\\slash", "'display-name'"),
        ("recipe-media-player", "display-name=$(HOME)", "'display-name'"),
    ])
    func aBadValueIsRefusedAndNothingWritten(recipe: String, setting: String, named: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run([recipe, Self.appName, "com.example.sitter", "p", "--no-test", "--set", setting])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("error: the value") && run.stderr.contains("of \(named) does not match") && run.stderr.contains("[set.pattern]"), "\(run.stderr)")
        #expect(harness.tree().isEmpty, "\(harness.tree())")
    }

    /// The recipe as it was before it asked for these two values: their placeholders gone,
    /// the project named by the AppName and carrying no team.
    static func makeOld(_ recipe: URL) throws {
        let manifestURL = recipe.appendingPathComponent("template.yaml")
        var kept: [String] = []
        var skipping = false
        for line in try String(contentsOf: manifestURL, encoding: .utf8).components(separatedBy: "\n") {
            if line == "  DISPLAY_NAME:" || line == "  DEVELOPMENT_TEAM:" {
                skipping = true
                continue
            }
            if skipping, line.hasPrefix("    ") { continue }
            skipping = false
            kept.append(line == "version: 1.0.0" ? "version: 0.9.0" : line)
        }
        try #require(kept.contains("version: 0.9.0"))
        try kept.joined(separator: "\n").write(to: manifestURL, atomically: true, encoding: .utf8)
        let tree = recipe.appendingPathComponent("template")
        for path in try #require(FileManager.default.subpaths(atPath: tree.path)) {
            let url = tree.appendingPathComponent(path)
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                  text.contains("__DISPLAY_NAME__") || text.contains("__DEVELOPMENT_TEAM__") else { continue }
            let old = text.components(separatedBy: "\n")
                .filter { !$0.contains("__DEVELOPMENT_TEAM__") }
                .joined(separator: "\n")
                .replacingOccurrences(of: "\"__DISPLAY_NAME__\"", with: "__APP_NAME__")
                .replacingOccurrences(of: "__DISPLAY_NAME__", with: "__APP_NAME__")
            try old.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A project made before the recipe asked for these values: `update` takes the display
    /// name's default (the AppName in words) and the empty team, then a team given with `--set`.
    @Test(arguments: recipes)
    func updateOfAnOlderProjectTakesTheDefaultsThenASetTeam(recipe: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let manager = FileManager.default
        try manager.copyItem(at: Self.templates, to: harness.url("T"))
        try Self.makeOld(harness.url("T/\(recipe)"))
        let generated = try harness.run([recipe, Self.appName, "com.example.sitter", "p", "--templates", "T", "--no-test", "--quiet"])
        try #require(generated.status == 0, "\(generated.stderr)")
        let before = try Self.recordValues(harness.url("p"))
        #expect(before["DISPLAY_NAME"] == nil && before["DEVELOPMENT_TEAM"] == nil, "\(before)")
        let oldSettings = try Self.targetSettings(harness.url("p"))
        #expect(oldSettings[Self.appName]?["Debug"]?["INFOPLIST_KEY_CFBundleDisplayName"] as? String == Self.appName)
        #expect(oldSettings[Self.appName]?["Debug"]?["DEVELOPMENT_TEAM"] == nil)

        // The recipe moves on to the version that asks for them.
        try manager.removeItem(at: harness.url("T/\(recipe)"))
        try manager.copyItem(at: Self.templates.appendingPathComponent(recipe), to: harness.url("T/\(recipe)"))
        let updated = try harness.run(["update", "p", "--templates", "T", "--json"])
        #expect(updated.status == 0, "\(updated.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(updated.stdout.utf8)) as? [String: Any], "\(updated.stdout)")
        let actions = Dictionary(uniqueKeysWithValues: try #require(report["steps"] as? [[String: String]]).map { ($0["path"] ?? "", $0["action"] ?? "") })
        #expect(actions["\(Self.appName).xcodeproj/project.pbxproj"] == "replace", "\(actions)")
        try Self.expectStamped(harness.url("p"), displayName: "My Sitter App", team: "")

        // The team, given later: the same version, one answer changed.
        let withTeam = try harness.run(["update", "p", "--templates", "T", "--set", "team=ABCDE12345", "--quiet"])
        #expect(withTeam.status == 0, "\(withTeam.stderr)")
        try Self.expectStamped(harness.url("p"), displayName: "My Sitter App", team: "ABCDE12345")
    }

    /// At a terminal (the folder left out, so the prompt asks) the two values are asked after
    /// the folder: the display name proposes the AppName in words, the team proposes nothing
    /// and refuses what Xcode would not take.
    @Test func askedAtATerminal() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let steps = try TerminalSession.steps([
            ("Folder [./\(Self.appName)]: ", "p\r"),
            ("on the Home Screen", ""),
            ("[My Sitter App]: ", "\r"),
            ("for an iPhone", ""),
            ("[]: ", "abc\r"),
            ("[set.pattern]", ""),
            ("[]: ", "ABCDE12345\r"),
        ])
        let session = try TerminalSession.run(
            ["recipe-camera-studio", Self.appName, "com.example.sitter", "--no-test", "--quiet"],
            steps: steps, in: harness.folder, environment: ["XDG_CONFIG_HOME": harness.url("cfg").path])
        #expect(session.missed == nil, "\(session.transcript)")
        #expect(session.status == 0, "\(session.transcript)")
        #expect(session.transcript.contains("display-name (The name under the app's icon on the Home Screen"), "\(session.transcript)")
        #expect(session.transcript.contains("team (The development team that signs the app"), "\(session.transcript)")
        #expect(session.transcript.contains("error: the value 'abc' of 'team' does not match"), "\(session.transcript)")
        #expect(session.transcript.contains("Without questions: duo-new --set 'display-name=My Sitter App' --set 'team=ABCDE12345'"), "\(session.transcript)")
        try Self.expectStamped(harness.url("p"), displayName: "My Sitter App", team: "ABCDE12345")
    }
}
