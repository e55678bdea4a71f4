import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// The record's bytes, pinned: two-space indent, `"key" : value`, keys in UTF-8 byte order, `/`
/// and non-ASCII as they are, control characters escaped, empty collections on three lines, a
/// final newline. Records written before keep comparing equal with new ones, and `update`
/// reads them all (it is `JSONEncoder` with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes`; a change of encoder or options shows here).
@Suite("Generation record: its JSON bytes")
struct RecordJSONTests {
    @Test func everyFieldInItsPlace() throws {
        var record = GenerationRecord(generator: "duo-new 0.1.0", recipe: "r", version: "1.0.0", values: ["APP_NAME": "Sitter", "A/B": "q\"\\\n\t\u{1}é"], layers: [.init(name: "duo-app", version: "1.0.0")])
        record.files = ["Sitter/App.swift": .init(mode: 0o644, sha256: "ab"), "Z10": .init(mode: 0o755, sha256: "cd"), "Z9": .init(mode: 0o600, sha256: "ef")]
        record.links = ["Docs/latest": "../README.md"]
        record.folders = ["Empty"]
        record.source = .folder(given: "./tp", resolved: "/home/me/tp")
        let expected = """
        {
          "files" : {
            "Sitter/App.swift" : {
              "mode" : "0644",
              "sha256" : "ab"
            },
            "Z10" : {
              "mode" : "0755",
              "sha256" : "cd"
            },
            "Z9" : {
              "mode" : "0600",
              "sha256" : "ef"
            }
          },
          "folders" : [
            "Empty"
          ],
          "generator" : "duo-new 0.1.0",
          "layers" : [
            {
              "name" : "duo-app",
              "version" : "1.0.0"
            }
          ],
          "links" : {
            "Docs/latest" : "../README.md"
          },
          "recipe" : "r",
          "source" : {
            "given" : "./tp",
            "kind" : "folder",
            "resolved" : "/home/me/tp"
          },
          "values" : {
            "A/B" : "q\\"\\\\\\n\\t\\u0001é",
            "APP_NAME" : "Sitter"
          },
          "version" : "1.0.0"
        }

        """
        let written = record.encoded()
        #expect(String(decoding: written, as: UTF8.self) == expected)
        #expect(try GenerationRecord.decode(written) == record)
    }

    @Test func emptyCollectionsOnThreeLines() {
        var record = GenerationRecord(generator: "", recipe: "", version: "", values: [:], files: [:])
        record.links = [:]
        record.folders = []
        let expected = """
        {
          "files" : {

          },
          "folders" : [

          ],
          "generator" : "",
          "links" : {

          },
          "recipe" : "",
          "values" : {

          },
          "version" : ""
        }

        """
        #expect(String(decoding: record.encoded(), as: UTF8.self) == expected)
    }

    /// Keys in UTF-8 byte order, as `.sortedKeys` gives them: upper case before lower, "Z10"
    /// before "Z9", a decomposed accent before a precomposed one.
    @Test func keysInUTF8ByteOrder() throws {
        let keys = ["b", "a", "Z9", "Z10", "cafe\u{301}x", "cafés", "a/b", "a.b", "😀"]
        let record = GenerationRecord(generator: "g", recipe: "r", version: "1", values: Dictionary(uniqueKeysWithValues: keys.map { ($0, "") }))
        let text = String(decoding: record.encoded(), as: UTF8.self)
        let order = keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let positions = try order.map { key in try #require(text.range(of: "\"\(key)\" : ")).lowerBound }
        #expect(positions == positions.sorted())
    }
}
