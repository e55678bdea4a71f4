import Foundation
import Testing
import TestSupport

/// The recipes' READMEs give `swift test --filter WORD` commands. Swift Testing's `--filter`
/// matches a test's identifier (its module, type and function names, and its file), never the
/// title in `@Test("…")`: a title there runs no test at all and still passes. Each word must name
/// a test function of the project, so the command runs what the README says.
@Suite("README test filters")
struct ReadmeTestFilterTests {
    static let templates: URL = CameraStudioTemplate.recipe.deletingLastPathComponent()

    @Test(arguments: ["recipe-camera-studio", "recipe-media-player"])
    func everyFilterInTheReadmeNamesATestFunction(_ recipe: String) throws {
        let readme = try String(contentsOf: Self.templates.appendingPathComponent("\(recipe)/template/README.md"), encoding: .utf8)
        let words: [Substring] = readme.components(separatedBy: "swift test --filter ").dropFirst().map { rest in
            rest.prefix { !$0.isWhitespace && $0 != "`" }
        }
        #expect(!words.isEmpty, "the README gives no filter command")
        var sources = ""
        for tree in [recipe, "duo-app"] {
            let folder = Self.templates.appendingPathComponent("\(tree)/template/__APP_NAME__Tests")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
                sources += try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            }
        }
        for word in words {
            #expect(!word.hasPrefix("\""), "'--filter \(word)…' quotes a title, which --filter never matches")
            #expect(sources.contains("func \(word)("), "'--filter \(word)' names no test function of \(recipe)")
        }
    }
}
