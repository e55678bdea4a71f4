import Foundation
import Testing
import TestSupport
@testable import DuoNewCLI

/// `--templates=~/Recipes`: neither zsh nor bash expands a `~` after an option's `=`, so the
/// folder reaches duo-new as typed. It is read as the home folder, as the shell reads
/// `--templates ~/Recipes`, the config its `templates` and Tab the line it completes.
@Suite struct HomeInOptionValueTests {
    private static func folderWithHome() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        try TestManifest.writeRecipe(
            at: folder.appendingPathComponent("home/Recipes/tilde-recipe"),
            manifest: "name: tilde-recipe\nsummary: Found through the home folder.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n",
            files: ["a.txt": "__APP_NAME__\n"]
        )
        return folder
    }

    @Test func aTemplatesFolderAfterEqualsStartingWithTildeIsInTheHomeFolder() throws {
        let folder = try Self.folderWithHome()
        let run = try InProcessRun.run(["list", "--templates=~/Recipes"], in: folder)
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("tilde-recipe"), "\(run.output.standardOutput)")
    }

    /// `--pictures=~/pics` names the home folder's `pics` (here a file, so it is refused before
    /// anything is written), never a folder `~` made in the working folder.
    @Test func aPicturesFolderAfterEqualsStartingWithTildeIsInTheHomeFolder() throws {
        let folder = try Self.folderWithHome()
        try Data("x".utf8).write(to: folder.appendingPathComponent("home/pics"))
        let run = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--pictures=~/pics"], in: folder)
        defer { run.cleanUp() }
        #expect(run.code == .destinationUnusable, "\(run.output.standardError)")
        #expect(run.output.standardError.contains("names a file, not a folder"), "\(run.output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("~").path))
    }

    /// Only a folder's value, and only after `=`: a `~` the user quoted after a space was the
    /// shell's to expand, and a `--set` value is text, not a path.
    @Test func aTildeTheShellSawOrInAValueIsLeftAsTyped() throws {
        let spaced = ArgumentParser.parse(["list", "--templates", "~/Recipes"], home: "/Users/me")
        #expect(spaced.request.common.templates == "~/Recipes")
        let setting = ArgumentParser.parse(["example-hello", "--set=greeting=~/x"], home: "/Users/me")
        #expect(setting.request.settings.map(\.value) == ["~/x"])
        let joined = ArgumentParser.parse(["list", "--templates=~"], home: "/Users/me")
        #expect(joined.request.common.templates == "/Users/me")
        let other = ArgumentParser.parse(["list", "--templates=~other/Recipes"], home: "/Users/me")
        #expect(other.request.common.templates == "~other/Recipes", "another user's home is not guessed")
    }

    /// A `~` that reaches duo-new as typed (`export DUO_NEW_TEMPLATES="~/Recipes"` in a zshrc,
    /// `--templates '~/Recipes'`) is no home folder to the shell: the refusal says so.
    @Test func aTemplatesFolderWithAQuotedTildeIsRefusedWithTheReason() throws {
        for (arguments, environment) in [(["list"], ["DUO_NEW_TEMPLATES": "~/Recipes"]), (["list", "--templates", "~/Recipes"], [:])] {
            let run = try InProcessRun.run(arguments, environment: environment)
            defer { run.cleanUp() }
            #expect(run.code == .noRecipe, "\(run.output.standardError)")
            #expect(run.output.standardError.contains("the shell reads a '~' in quotes as it is, not as your home folder; write $HOME/Recipes, or the '~' unquoted"),
                    "\(run.output.standardError)")
        }
    }

    /// A destination `'~/Apps/Hello'` that reached duo-new as typed would make a folder named `~`
    /// in the working folder, which a later `rm -rf ~` to tidy it would turn into a disaster:
    /// refused before anything is created, with the fix; `./~/…` still names such a folder.
    @Test func aDestinationWithAQuotedTildeIsRefusedBeforeAnythingIsCreated() throws {
        for extra in [["--no-test"], ["--dry-run"]] {
            let run = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "~/Apps/Hello"] + extra)
            defer { run.cleanUp() }
            #expect(run.code == .destinationUnusable, "\(run.output.standardError)")
            #expect(run.output.standardError.contains("write $HOME/Apps/Hello"), "\(run.output.standardError)")
            #expect(!FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("~").path))
        }
        let named = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "./~/Hello", "--dry-run"])
        defer { named.cleanUp() }
        #expect(named.code == .success, "\(named.output.standardError)")
    }

    /// `--pictures '~/pics'`, quoted, the same: refused before anything runs, for `check` too.
    @Test func aPicturesFolderWithAQuotedTildeIsRefused() throws {
        let run = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--pictures", "~/pics"])
        defer { run.cleanUp() }
        #expect(run.code == .destinationUnusable, "\(run.output.standardError)")
        #expect(run.output.standardError.contains("write $HOME/pics"), "\(run.output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("Hello").path))
        let check = try InProcessRun.run(["check", "Hello", "--pictures", "~/pics"], in: run.folder)
        #expect(check.code == .destinationUnusable, "\(check.output.standardError)")
    }
}
