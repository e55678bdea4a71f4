import DuoNewCore
import Foundation
import Testing
import TestSupport
@testable import DuoNewCLI

/// A table's column (`list`'s versions, a choice's descriptions and the include-if paths in a
/// recipe's help) starts at one place on the terminal when a name in it is Chinese or Japanese,
/// whose characters take two columns each: names are padded to a width in columns, not in
/// characters. (A recipe's name is ASCII, but `list` shows a broken one by its folder's name.)
@Suite struct WideNameAlignmentTests {
    private static func templates() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        let manifest = { (name: String) in
            """
            name: \(name)
            summary: A recipe.
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name}
              LANGUAGE:
                from: set
                type: choice
                description: The app's language.
                choices:
                  - {value: 日本語, description: Japanese.}
                  - {value: english, description: English.}
                default: english
            include-if:
              説明書.md: LANGUAGE == '日本語'
              readme-en.md: LANGUAGE == english
            """
        }
        for name in ["日本語レシピ", "plain-recipe"] {
            try TestManifest.writeRecipe(at: folder.appendingPathComponent("T/\(name)"), manifest: manifest(name),
                                         files: ["a.txt": "__APP_NAME__\n", "説明書.md": "x\n", "readme-en.md": "x\n"])
        }
        return folder
    }

    /// Where `marker` starts on each line holding it, in terminal columns.
    private static func columns(of marker: String, in text: String) -> Set<Int> {
        Set(text.split(separator: "\n").compactMap { line in line.range(of: marker).map { TextWrapping.columns(line[..<$0.lowerBound]) } })
    }

    @Test func listsVersionsStartInOneColumnBesideAWideName() throws {
        let run = try InProcessRun.run(["list", "--templates", "T"], in: Self.templates())
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let versions = Self.columns(of: "1.0.0", in: run.output.standardOutput), broken = Self.columns(of: "broken", in: run.output.standardOutput)
        #expect(versions.count == 1 && versions == broken, "\(run.output.standardOutput)")
    }

    @Test func aRecipesHelpLinesUpWideChoicesAndPaths() throws {
        let run = try InProcessRun.run(["help", "plain-recipe", "--templates", "T"], in: Self.templates())
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let japanese = Self.columns(of: "Japanese.", in: run.output.standardOutput), english = Self.columns(of: "English.", in: run.output.standardOutput)
        #expect(japanese.count == 1 && japanese == english, "the choices' descriptions: \(run.output.standardOutput)")
        #expect(Self.columns(of: "only if", in: run.output.standardOutput).count == 1, "the include-if paths: \(run.output.standardOutput)")
    }
}
