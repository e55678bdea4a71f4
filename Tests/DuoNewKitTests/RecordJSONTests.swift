import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// The record is written by `RecordJSON`, not `JSONEncoder`, for speed; it must stay the bytes
/// `JSONEncoder` writes, so records read the same everywhere and two generations still compare.
@Suite("Generation record: written as JSONEncoder writes it")
struct RecordJSONTests {
    /// What JSONEncoder made of a record before `RecordJSON` replaced it.
    static func encoderBytes(_ record: GenerationRecord) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(record) + Data("\n".utf8)
    }

    /// Quotes, backslashes, slashes, every control character, DEL, non-ASCII letters in two
    /// normal forms, a line separator and an emoji: everything a path or a value may hold.
    static let awkward: [String] = {
        var texts = ["q\"uote", "back\\slash", "a/b/c", "tab\tnew\nline\rret", "\u{7f}del", "café", "cafe\u{301}", "\u{2028}sep", "😀", "", " "]
        texts.append(String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self))
        return texts
    }()

    static let records: [GenerationRecord] = {
        var plain = GenerationRecord(generator: "duo-new 0.1.0", recipe: "recipe-camera-studio", version: "1.2.0", values: ["APP_NAME": "Sitter", "BUNDLE_ID": "com.example.sitter"])
        plain.files = [
            "Sitter/App/SitterApp.swift": .init(mode: 0o644, sha256: String(repeating: "ab", count: 32)),
            "Tools/run.sh": .init(mode: 0o755, sha256: String(repeating: "0f", count: 32)),
            ".gitignore": .init(mode: 0o600, sha256: String(repeating: "9e", count: 32)),
            "Z10": .init(mode: 0o644, sha256: ""), "Z9": .init(mode: 0o644, sha256: ""), "a": .init(mode: 0o644, sha256: ""),
        ]
        var full = plain
        full.layers = [.init(name: "duo-app", version: "1.0.0"), .init(name: "other/layer", version: "2")]
        full.links = ["Docs/latest": "../README.md", "café": "cafe\u{301}"]
        full.folders = ["Empty", "Sitter/Resources/Empty"]
        full.templates = .init(url: "git+https://example.com/recipes.git#main", commit: String(repeating: "c", count: 40))
        var awkward = full
        for (index, text) in Self.awkward.enumerated() {
            awkward.values["K\(index)\(text)"] = text
            awkward.files?["dir/\(text)/\(index)"] = .init(mode: 0o644, sha256: text)
            awkward.links?["link\(index)\(text)"] = text
        }
        awkward.folders = Self.awkward.map { "f/\($0)" }
        // Empty collections are written unlike full ones.
        var empty = GenerationRecord(generator: "", recipe: "", version: "", values: [:], files: [:])
        empty.links = [:]
        empty.folders = []
        let old = GenerationRecord(generator: "duo-new 0.0.1", recipe: "r", version: "1", values: ["A": "b"])
        return [plain, full, awkward, empty, old]
    }()

    @Test(arguments: 0..<records.count)
    func sameBytesAsJSONEncoder(index: Int) throws {
        let record = Self.records[index]
        let written = record.encoded()
        let expected = try Self.encoderBytes(record)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(written == expected)
        #expect(try GenerationRecord.decode(written) == record)
    }

    /// Keys in UTF-8 byte order: upper case before lower, "Z10" before "Z9", "cafe\u{301}" (an
    /// "e" and a combining accent) before "café" (one precomposed letter), which Swift's own
    /// `==` finds equal.
    @Test func keysAreInUTF8ByteOrder() {
        let keys = ["b", "a", "Z9", "Z10", "café", "cafe\u{301}", "", "a/b", "a.b", "😀"]
        let sorted = keys.sorted(by: RecordJSON.utf8Precedes)
        #expect(sorted == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        // By bytes: `firstIndex(of:)` would find either spelling at the first of the two.
        let decomposed = sorted.firstIndex { $0.utf8.elementsEqual("cafe\u{301}".utf8) }
        let precomposed = sorted.firstIndex { $0.utf8.elementsEqual("café".utf8) }
        #expect(decomposed! < precomposed!)
        // Bridged (non-contiguous) strings take the slow path and agree.
        let bridged = keys.map { String(describing: NSString(string: $0)) }
        #expect(bridged.sorted(by: RecordJSON.utf8Precedes) == sorted)
    }
}
