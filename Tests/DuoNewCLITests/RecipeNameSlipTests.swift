import Foundation
import Testing
import TestSupport
@testable import DuoNewCLI

/// A slip in the command word or the recipe's name, with every other argument given: the
/// command's did-you-mean, a recipe named by a part of its name, candidates when it is unclear.
@Suite struct RecipeNameSlipTests {
    @Test func aMisspeltCommandWordBeforeAWholeCommandLineGetsTheCommandsSuggestion() throws {
        let run = try InProcessRun.run(["genrate", "recipe-camera-studio", "Sitter", "com.example.sitter", "./X"])
        defer { run.cleanUp() }
        #expect(run.code == .usage)
        #expect(run.output.standardError.contains("Error: unknown command 'genrate'; did you mean 'generate'?"), "\(run.output.standardError)")
    }

    /// A recipe named close to a command word (`int`, `lint`) is generated, the way every
    /// recipe is, with or without the word `generate`; the slip is suggested only when no
    /// recipe has the name.
    @Test func aRecipeNamedCloseToACommandWordIsGeneratedNotCorrected() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        try TestManifest.writeRecipe(
            at: folder.appendingPathComponent("recipes/int"), manifest: "name: int\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n",
            files: ["name.txt": "__APP_NAME__\n"]
        )
        let templates = ["--templates", folder.appendingPathComponent("recipes").path]
        let run = try InProcessRun.run(["int", "Foo", "./Foo", "--no-test"] + templates, in: folder)
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Foo/name.txt").path))
        let slip = try InProcessRun.run(["lnit", "Foo", "./Bar"] + templates, in: folder)
        #expect(slip.code == .usage)
        #expect(slip.output.standardError.contains("unknown command 'lnit'; did you mean 'lint'?"), "\(slip.output.standardError)")
    }

    /// A slip in a part of one recipe's name (`camra`, `media-playr`) is suggested as that recipe,
    /// on the command line and in `help`; a slip close to a part several names share (`recpe`)
    /// is not.
    @Test func aSlipInAPartOfOneRecipesNameGetsThatRecipeAsTheSuggestion() throws {
        for (typed, meant) in [("camra", "recipe-camera-studio"), ("media-playr", "recipe-media-player"), ("studoi", "recipe-camera-studio")] {
            let run = try InProcessRun.run([typed, "Sitter", "com.example.sitter", "Sitter"])
            defer { run.cleanUp() }
            #expect(run.code == .noRecipe)
            #expect(run.output.standardError.contains("no recipe named '\(typed)'; did you mean '\(meant)'?"), "\(run.output.standardError)")
        }
        let help = try InProcessRun.run(["help", "camra"])
        defer { help.cleanUp() }
        #expect(help.output.standardError.contains("did you mean 'recipe-camera-studio'?"), "\(help.output.standardError)")
        let shared = try InProcessRun.run(["recpe", "Sitter", "com.example.sitter", "Sitter"])
        defer { shared.cleanUp() }
        #expect(shared.code == .noRecipe && !shared.output.standardError.contains("did you mean"), "\(shared.output.standardError)")
    }

    @Test func aPartOfOneRecipesNameStandsForItAndSaysSo() throws {
        let run = try InProcessRun.run(["hello", "Hello", "com.example.hello", "Hello", "--no-test"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(run.output.standardError.contains("note: taking the recipe 'example-hello' for 'hello'"), "\(run.output.standardError)")
        #expect(FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("Hello/.duo-new.json").path))
    }

    /// A misspelt recipe behind too few arguments is named first (66, with the suggestion), as
    /// cli.md's order says, not reported as a missing argument.
    @Test func aMisspeltRecipeWithFewerArgumentsIsNotFoundFirst() throws {
        let run = try InProcessRun.run(["exampel-hello", "Hello", "out"])
        defer { run.cleanUp() }
        #expect(run.code == .noRecipe, "\(run.output.standardError)")
        #expect(run.output.standardError.contains("no recipe named 'exampel-hello'; did you mean 'example-hello'?"), "\(run.output.standardError)")
    }

    /// `--quiet` prints only errors: the note is not one.
    @Test func quietLeavesTheNoteOut() throws {
        let run = try InProcessRun.run(["hello", "Hello", "com.example.hello", "Hello", "--no-test", "-q"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(run.output.standardError.isEmpty && run.output.standardOutput.isEmpty, "\(run.output.standardError)")
    }

    @Test func aPartOfSeveralRecipesNamesListsThem() throws {
        let run = try InProcessRun.run(["recipe", "Sitter", "com.example.sitter", "Sitter", "--no-test"])
        defer { run.cleanUp() }
        #expect(run.code == .noRecipe)
        #expect(run.output.standardError.contains("no recipe named 'recipe'; did you mean one of 'recipe-camera-studio', 'recipe-media-player'?"), "\(run.output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("Sitter").path))
    }
}

/// `-y` proposes the bundle id the prompt proposes, with or without a config, and says where it
/// came from.
@Suite struct BundleIDProposalTests {
    @Test func defaultsWithoutAConfigTakeTheFallbackAndSaySo() throws {
        let run = try InProcessRun.run(["example-hello", "Hello", "-y", "--no-test"])
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let said = run.output.standardOutput
        #expect(said.contains("Using the proposals (--defaults): bundle id 'com.example.hello' (com.example.<AppName in lower case>, as there is no config file"), "\(said)")
        let record = try String(contentsOf: run.folder.appendingPathComponent("Hello/.duo-new.json"), encoding: .utf8)
        #expect(record.contains("\"BUNDLE_ID\" : \"com.example.hello\""), "\(record)")
    }

    /// A recipe without a bundle id: `--defaults` proposes none (nor records one), and a broken
    /// manifest behind `<recipe> <AppName> <folder>` is refused as broken (78, with its
    /// diagnostics), not as a missing argument.
    @Test func aRecipeWithoutABundleIDGetsNoProposalAndABrokenOneIsRefusedAsBroken() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifests = [
            "plain": "name: plain\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n",
            "ring": "name: ring\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  A: {from: derived, value: B}\n  B: {from: derived, value: A}\n",
        ]
        for (name, manifest) in manifests {
            try TestManifest.writeRecipe(at: folder.appendingPathComponent("recipes/\(name)"), manifest: manifest, files: ["name.txt": "__APP_NAME__\n"])
        }
        let templates = ["--templates", folder.appendingPathComponent("recipes").path]
        let proposed = try InProcessRun.run(["plain", "Foo", "-y", "--no-test", "--json"] + templates, in: folder)
        #expect(proposed.code == .success, "\(proposed.output.standardError)")
        #expect(proposed.output.standardError.contains("Using the proposals (--defaults): folder './Foo'"), "\(proposed.output.standardError)")
        #expect(!proposed.output.standardError.contains("bundle id"), "\(proposed.output.standardError)")
        #expect(!proposed.output.standardOutput.contains("com.example"), "\(proposed.output.standardOutput)")
        let broken = try InProcessRun.run(["ring", "Foo", "./Ring"] + templates, in: folder)
        #expect(broken.code == .brokenTemplate, "\(broken.output.standardError)")
        #expect(broken.output.standardError.contains("template.yaml:6:3: error: placeholders need one another's values in a ring"), "\(broken.output.standardError)")
    }

    @Test func theProposalIsTheConfigsPrefixElseTheFallback() throws {
        let none = try InProcessRun.run(["config"])
        defer { none.cleanUp() }
        let config = try none.context.userConfig()
        #expect(config.bundleIDProposal(for: "Sitter").id == "com.example.sitter")
        #expect(config.bundleIDProposal(for: "Sitter").origin.hasPrefix("com.example.<AppName in lower case>, as there is no config file"))
    }
}

/// `duo-new RECIPE --help` is the recipe's help, word for word `help RECIPE`.
@Suite struct RecipeHelpOptionTests {
    /// `-h` wins over every other argument (exit 0): after a word that is no recipe it is
    /// duo-new's own help, with a note; `help WORD` asks about the word and stays a usage error.
    @Test func helpAfterAWordThatIsNoRecipeIsTheToolsHelp() throws {
        let option = try InProcessRun.run(["nope", "-h"])
        defer { option.cleanUp() }
        #expect(option.code == .success && option.output.standardOutput.hasPrefix("OVERVIEW: Create an iPhone Duo app project"), "\(option.output.standardError)")
        #expect(option.output.standardError.contains("no help on 'nope'"), "\(option.output.standardError)")
        let command = try InProcessRun.run(["help", "nope"])
        defer { command.cleanUp() }
        #expect(command.code == .usage)
    }

    /// `help` reads a recipe's name as generation does: a part of one recipe's name is that
    /// recipe, said; a part of several lists them; a layer is named as a layer.
    @Test func helpReadsARecipesNameAsGenerationDoes() throws {
        let part = try InProcessRun.run(["help", "camera"])
        defer { part.cleanUp() }
        #expect(part.code == .success && part.output.standardOutput.hasPrefix("RECIPE: recipe-camera-studio"), "\(part.output.standardError)")
        #expect(part.output.standardError.contains("note: taking the recipe 'recipe-camera-studio' for 'camera'"), "\(part.output.standardError)")
        let several = try InProcessRun.run(["help", "example"])
        defer { several.cleanUp() }
        #expect(several.code == .usage && several.output.standardError.contains("did you mean one of 'example-hello', 'example-layered'?"), "\(several.output.standardError)")
        let layer = try InProcessRun.run(["help", "example-shared"])
        defer { layer.cleanUp() }
        #expect(layer.code == .usage && layer.output.standardError.contains("'example-shared' is a layer"), "\(layer.output.standardError)")
        let tab = try InProcessRun.run(["__complete", "bash", "help", "ex"])
        defer { tab.cleanUp() }
        #expect(tab.output.standardOutput == "words\nexample-hello\trecipe\nexample-layered\trecipe\n", "help's word may be a recipe")
    }

    @Test func recipeDashDashHelpIsTheRecipesHelp() throws {
        let option = try InProcessRun.run(["example-hello", "--help"])
        defer { option.cleanUp() }
        let command = try InProcessRun.run(["help", "example-hello"])
        defer { command.cleanUp() }
        #expect(option.code == .success, "\(option.output.standardError)")
        #expect(option.output.standardOutput.hasPrefix("RECIPE: example-hello"), "\(option.output.standardOutput)")
        #expect(option.output.standardOutput == command.output.standardOutput)
    }
}

/// An update to the version the project already has says so, and exits 0.
@Suite struct UpdateUpToDateTests {
    @Test func updatingToTheSameVersionSaysAlreadyUpToDate() throws {
        let made = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--no-test"])
        defer { made.cleanUp() }
        #expect(made.code == .success, "\(made.output.standardError)")
        let update = try InProcessRun.run(["update", "Hello"], in: made.folder)
        #expect(update.code == .success, "\(update.output.standardError)")
        #expect(update.output.standardOutput.contains("Hello is already up to date with example-hello 1.0.0."), "\(update.output.standardOutput)")
        #expect(!update.output.standardOutput.contains("Updated Hello"), "\(update.output.standardOutput)")
    }
}

/// A key under the config's `set:` that no recipe declares is warned about at its place, with
/// the nearest key a recipe declares; a key another recipe declares is not.
@Suite struct ConfigSettingKeyTests {
    @Test func aMisspeltSetKeyIsWarnedWithADidYouMean() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        let config = folder.appendingPathComponent("config/duo-new")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("set:\n  greting: Howdy\n  style: plain\n".utf8).write(to: config.appendingPathComponent("config.yaml"))
        let run = try InProcessRun.run(["example-layered", "Hello", "com.example.hello", "Hello", "--no-test"], in: folder)
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let warned = run.output.standardError
        #expect(warned.contains("config.yaml:2:3: warning: 'greting' under 'set' is a value no recipe found declares, so it is never used; did you mean 'greeting'?"), "\(warned)")
        #expect(!warned.contains("'style'"), "example-hello declares 'style': \(warned)")
    }
}

/// An installed duo-new's help names the folder its docs were installed in, not `<prefix>`.
@Suite struct InstalledHelpTests {
    @Test func theHelpNamesTheInstalledDocsFolder() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/doc/duo-new"), withIntermediateDirectories: true)
        let executable = prefix.appendingPathComponent("bin/duo-new").path
        let text = Help.text(for: nil, width: 1000, executablePath: executable)
        #expect(text.contains("installed in \(prefix.path)/share/doc/duo-new/"), "\(text)")
        #expect(!text.contains("<prefix>"))
        let update = Help.text(for: "update", width: 1000, executablePath: executable)
        #expect(update.contains("\(prefix.path)/share/doc/duo-new/") && !update.contains("<prefix>"), "\(update)")
        // Not installed (a build in a checkout): the help cannot tell, and says <prefix>.
        #expect(Help.text(for: nil, width: 1000, executablePath: prefix.appendingPathComponent("share/elsewhere/bin/duo-new").path).contains("<prefix>/share/doc/duo-new/"))
    }
}
