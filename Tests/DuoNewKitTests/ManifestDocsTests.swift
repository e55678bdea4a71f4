import Foundation
import Testing
import TestSupport
import DuoNewKit
@testable import DuoNewCore

/// `docs/manifest.md` documents every key the decoder accepts, each under its own heading.
@Suite struct ManifestDocsTests {
    static let page = ManifestSchemaTests.repository.appendingPathComponent("docs/manifest.md")

    @Test(arguments: ManifestDecoder.topLevelKeys)
    func documentsTopLevelKey(_ key: String) throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(text.contains("\n### `\(key)`\n"))
    }

    @Test(arguments: ManifestDecoder.placeholderKeys)
    func documentsPlaceholderKey(_ key: String) throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(text.contains("\n#### `\(key)`"))
    }

    @Test(arguments: ManifestDecoder.checkKeys + ManifestDecoder.sources)
    func documentsCheckKeysAndSources(_ word: String) throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(text.contains("`\(word)`"))
    }
}
