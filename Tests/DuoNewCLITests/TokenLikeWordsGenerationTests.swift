import Foundation
import Testing
@testable import DuoNewCLI

/// Generation with words shaped like a token: a bridging header and a Metal file holding the
/// compilers' words generate and keep them; the recipe's own word passes once `not-tokens` lists
/// it; a misspelt declared token is refused (78) with the token it was meant to be.
@Suite struct TokenLikeWordsGenerationTests {
    static let header = """
        #ifdef __OBJC__
        #define WHERE() NSLog(@"%s:%d in __APP_NAME__", __FILE__, __LINE__)
        #endif
        #if __has_include(<UIKit/UIKit.h>) && defined(__APPLE__)
        #endif

        """

    /// A recipe folder `words` in a fresh folder, its manifest ending with `manifestTail`.
    static func recipe(manifestTail: String, files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-cli-\(UUID().uuidString)")
        let tree = folder.appendingPathComponent("words/template")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try ("name: words\nsummary: Words shaped like tokens.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  BUNDLE_ID: {from: bundle-id}\n" + manifestTail)
            .write(to: folder.appendingPathComponent("words/template.yaml"), atomically: true, encoding: .utf8)
        for (path, text) in files {
            try text.write(to: tree.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func compilerWordsAndListedWordsAreKeptAsTheyAre() throws {
        let folder = try Self.recipe(manifestTail: "not-tokens: [__SHADER_LIMIT__]\n", files: [
            "Bridging-Header.h": Self.header,
            "Shaders.metal": "#if __METAL_VERSION__ >= 300\nconstant int limit = __SHADER_LIMIT__;\n#endif\n",
            "README.md": "__APP_NAME__ (__BUNDLE_ID__)\n",
        ])
        let run = try InProcessRun.run(["./words", "Sitter", "com.example.sitter", "Out", "--no-test"], in: folder)
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        let header = try String(contentsOf: folder.appendingPathComponent("Out/Bridging-Header.h"), encoding: .utf8)
        #expect(header == Self.header.replacingOccurrences(of: "__APP_NAME__", with: "Sitter"))
        let shaders = try String(contentsOf: folder.appendingPathComponent("Out/Shaders.metal"), encoding: .utf8)
        #expect(shaders.contains("__METAL_VERSION__ >= 300") && shaders.contains("= __SHADER_LIMIT__;"), "\(shaders)")
    }

    @Test func aWordNotListedStillFailsAndNothingIsWritten() throws {
        let folder = try Self.recipe(manifestTail: "", files: [
            "Shaders.metal": "constant int limit = __SHADER_LIMIT__;\n", "README.md": "__APP_NAME__ __BUNDLE_ID__\n",
        ])
        let run = try InProcessRun.run(["./words", "Sitter", "com.example.sitter", "Out", "--no-test"], in: folder)
        defer { run.cleanUp() }
        #expect(run.code == .brokenTemplate, "\(run.output.standardError)")
        #expect(run.output.standardError.contains(
            "words/template/Shaders.metal:1:22: error: '__SHADER_LIMIT__' is shaped like a token but is not a declared placeholder"
        ), "\(run.output.standardError)")
        #expect(run.output.standardError.contains("list a word meant to stay as it is under 'not-tokens'"), "\(run.output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out").path))
    }

    @Test func aMisspeltDeclaredTokenGetsADidYouMean() throws {
        let folder = try Self.recipe(manifestTail: "", files: ["README.md": "# __APP_NAME__\nId: __BUNDEL_ID__\n__BUNDLE_ID__\n"])
        for arguments in [["./words", "Sitter", "com.example.sitter", "Out", "--no-test"], ["./words", "Sitter", "com.example.sitter", "Out", "--dry-run"]] {
            let run = try InProcessRun.run(arguments, in: folder)
            #expect(run.code == .brokenTemplate, "\(run.output.standardError)")
            #expect(run.output.standardError.contains(
                "words/template/README.md:2:5: error: '__BUNDEL_ID__' is shaped like a token but is not a declared placeholder\nhelp: did you mean '__BUNDLE_ID__'?"
            ), "\(arguments): \(run.output.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out").path))
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
