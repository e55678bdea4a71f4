import Foundation
import Testing
@testable import DuoNewCore
@testable import DuoNewKit

/// A copy, a dry run's scan and the location of leftovers all read through `StampingReader`'s
/// one loop. With chunks of 16 bytes, tokens and their values are cut at every chunk's end; the
/// copy, the scan and the leftover positions must come out as if the file were read whole.
@Suite("FileCopier: one stamping loop for copies, dry runs and leftovers")
struct FileCopierTests {
    static let stamper = Stamper(values: ["APP_NAME": "Sitter", "BUNDLE_ID": "com.example.sitter"])
    static let text = "// __APP_NAME__ by __BUNDLE_ID__\nlet id = \"__BUNDLE_ID__\"\nlet x = __LEFT__\n__APP_NAME____APP_NAME__\n  y = __OTHER__ // é\n"
    static let stamped = "// Sitter by com.example.sitter\nlet id = \"com.example.sitter\"\nlet x = __LEFT__\nSitterSitter\n  y = __OTHER__ // é\n"

    /// A tree holding `name` with `bytes`, and an empty output folder beside it.
    static func folders(_ name: String, _ bytes: [UInt8]) throws -> (tree: URL, output: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("file-copier-\(UUID().uuidString)")
        let tree = root.appendingPathComponent("tree")
        let output = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data(bytes).write(to: tree.appendingPathComponent(name))
        return (tree, output)
    }

    static func copier(_ tree: URL, _ output: URL) -> FileCopier {
        FileCopier(chunkSize: 16, treeRoots: [tree.path], folder: output.path, stamper: stamper, words: .compilersOnly, interruption: nil, umask: 0o022)
    }

    @Test func copyAndScanStampAlikeAndPlaceLeftoversAlike() throws {
        let bytes = Array(Self.text.utf8)
        let (tree, output) = try Self.folders("a.swift", bytes)
        defer { try? FileManager.default.removeItem(at: tree.deletingLastPathComponent()) }
        let write = PlannedWrite(source: "a.swift", destination: "a.swift", kind: .file(.textUnlessBinary, size: Int64(bytes.count)), mode: 0o644)

        let copied = try Self.copier(tree, output).copy(write)
        let written = try Data(contentsOf: output.appendingPathComponent("a.swift"))
        #expect(String(decoding: written, as: UTF8.self) == Self.stamped)
        #expect(copied.bytes == Int64(written.count))
        #expect(copied.sha256 == SHA256.hex(Array(written)))

        let scanned = try Self.copier(tree, output).scan(write)
        #expect(scanned.bytes == copied.bytes)
        let expected = [(3, 9, "__LEFT__"), (5, 7, "__OTHER__")]
        for found in [copied, scanned] {
            #expect(found.leftoverCount == 2)
            #expect(found.leftovers.map { [String($0.line), String($0.column), $0.token] } == expected.map { [String($0.0), String($0.1), $0.2] })
        }
    }

    /// A NUL after several chunks were stamped and written: the file starts again as a copy byte
    /// for byte, and its digest is of those bytes.
    @Test func aFileFoundBinaryPartWayIsCopiedAsItIs() throws {
        let bytes = Array("__APP_NAME__ text that runs over three chunks __APP_NAME__".utf8) + [0] + Array("tail".utf8)
        let (tree, output) = try Self.folders("b.dat", bytes)
        defer { try? FileManager.default.removeItem(at: tree.deletingLastPathComponent()) }
        let write = PlannedWrite(source: "b.dat", destination: "b.dat", kind: .file(.textUnlessBinary, size: Int64(bytes.count)), mode: 0o644)
        let copied = try Self.copier(tree, output).copy(write)
        #expect(try Array(Data(contentsOf: output.appendingPathComponent("b.dat"))) == bytes)
        #expect(copied.bytes == Int64(bytes.count))
        #expect(copied.sha256 == SHA256.hex(bytes))
        #expect(copied.leftoverCount == 0)
        #expect(try Self.copier(tree, output).scan(write).bytes == Int64(bytes.count))
    }
}
