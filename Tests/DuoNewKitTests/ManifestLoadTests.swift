import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// Loading a recipe folder: the manifest file, its name against the folder, the tree beside it.
@Suite struct ManifestLoadTests {
    static let manifest = """
        name: demo
        summary: A demo.
        version: 1.0.0
        placeholders:
          APP_NAME: {from: app-name}

        """

    /// A recipe folder in a fresh temporary folder; removed by the caller.
    static func recipe(named name: String, manifest: String?, tree: Bool) throws -> URL {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-load-\(UUID().uuidString)")
        let folder = base.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let manifest { try manifest.write(to: folder.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8) }
        if tree { try FileManager.default.createDirectory(at: folder.appendingPathComponent("template"), withIntermediateDirectories: true) }
        return folder
    }

    @Test func loadsASoundRecipe() throws {
        let folder = try Self.recipe(named: "demo", manifest: Self.manifest, tree: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect(try ManifestDecoder.load(recipeFolder: folder).name == "demo")
    }

    @Test func refusesANameThatDiffersFromTheFolder() throws {
        let folder = try Self.recipe(named: "other", manifest: Self.manifest, tree: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect(throws: ManifestError(diagnostics: [.error(
            at: SourceLocation(file: "Templates/other/template.yaml", line: 1, column: 7),
            "name 'demo' differs from its folder's name 'other'; rename one so they match"
        )])) {
            try ManifestDecoder.load(recipeFolder: folder, displayPath: "Templates/other/template.yaml")
        }
    }

    @Test func refusesAFolderWithoutItsTree() throws {
        let folder = try Self.recipe(named: "demo", manifest: Self.manifest, tree: false)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect(throws: ManifestError(diagnostics: [.error(
            at: SourceLocation(file: "\(folder.path)/template.yaml", line: 1, column: 1),
            "no 'template/' folder beside the manifest; put the tree to copy in '\(folder.path)/template/'"
        )])) {
            try ManifestDecoder.load(recipeFolder: folder)
        }
    }

    @Test func refusesAFolderWithoutAManifest() throws {
        let folder = try Self.recipe(named: "demo", manifest: nil, tree: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect(throws: ManifestError(diagnostics: [.error(
            "no 'template.yaml' in '\(folder.path)'; a recipe folder holds 'template.yaml' and the 'template/' tree"
        )])) {
            try ManifestDecoder.load(recipeFolder: folder)
        }
    }

    @Test func namesTheManifestByTheFolderPathAsGiven() throws {
        let folder = try Self.recipe(named: "other", manifest: Self.manifest, tree: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let relative = URL(fileURLWithPath: "other", relativeTo: folder.deletingLastPathComponent())
        do {
            _ = try ManifestDecoder.load(recipeFolder: relative)
            Issue.record("a misnamed recipe loaded")
        } catch {
            #expect(error.diagnostics.map { $0.location?.file } == ["other/template.yaml"])
        }
    }
}
