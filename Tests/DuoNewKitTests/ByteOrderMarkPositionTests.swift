import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// A text file that starts with a byte-order mark (as Windows editors save one): the mark is no
/// column, so a token left on line 1 is placed where an editor shows it, by lint and by
/// generation alike.
@Suite struct ByteOrderMarkPositionTests {
    static let text = "\u{FEFF}A __LEFT__ and __APP_NAME__\n__MORE__\n"

    @Test func lintPlacesALeftoverAfterTheMark() throws {
        let root = try TestScratch.makeFolder("bom-lint")
        let folder = root.appendingPathComponent("odd")
        try TestManifest.writeRecipe(at: folder, manifest: TestManifest.header(name: "odd", summary: "A file with a mark.") + "\n", files: ["notes.txt": Self.text])
        let rendered = TemplateLinter.lint(recipeFolder: folder, displayFolder: "odd").map(\.rendered)
        #expect(rendered.contains { $0.hasPrefix("odd/template/notes.txt:1:3: error: token '__LEFT__'") }, "\(rendered)")
        #expect(rendered.contains { $0.hasPrefix("odd/template/notes.txt:2:1: error: token '__MORE__'") }, "\(rendered)")
    }

    @Test func generationPlacesALeftoverAfterTheMark() throws {
        let root = try TestScratch.makeFolder("bom-generate")
        try TestManifest.writeRecipe(
            at: root.appendingPathComponent("T/fix"), manifest: TestManifest.header(name: "fix", summary: "A file with a mark.") + "\n", files: ["notes.txt": Self.text]
        )
        let catalog = try TemplateCatalog.locate(option: "T", environment: [:], executablePath: nil, workingDirectory: root.path)
        let request = GenerationPipeline.Request(recipe: "fix", appName: "Abc", bundleID: "com.example.abc", folder: "p", workingDirectory: root.path)
        let prepared = try GenerationPipeline.prepare(request, catalog: catalog)
        do {
            _ = try GenerationPipeline.generate(prepared, generator: "duo-new test", environment: [:], interruption: nil)
            Issue.record("generated a project with tokens left")
        } catch {
            let rendered = error.diagnostics.map(\.rendered)
            #expect(rendered.contains { $0.hasPrefix("T/fix/template/notes.txt:1:3: error: '__LEFT__'") }, "\(rendered)")
            #expect(rendered.contains { $0.hasPrefix("T/fix/template/notes.txt:2:1: error: '__MORE__'") }, "\(rendered)")
        }
    }
}
