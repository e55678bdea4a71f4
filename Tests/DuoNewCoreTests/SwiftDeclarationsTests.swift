import Testing
@testable import DuoNewCore

@Suite struct SwiftDeclarationsTests {
    @Test func findsEveryKindOfTypeDeclarationIncludingNestedOnes() {
        let source = """
        import Foundation
        nonisolated struct StudioLayout: Sendable {
            enum Mode { case flat }
            typealias Region = CGRect
        }
        @Observable final class StudioStore {}
        actor CaptureService {}
        protocol CameraBackend: Sendable {}
        """
        #expect(SwiftDeclarations.typeNames(in: source) == ["StudioLayout", "Mode", "Region", "StudioStore", "CaptureService", "CameraBackend"])
    }

    @Test func ignoresCommentsStringsMembersAndTokenNames() {
        let source = """
        // struct InComment {}
        /* class InBlock {} */
        let text = "enum InString"
        class Base { class func make() {} ; class var shared: Base { Base() } }
        struct __APP_NAME__App {}
        """
        #expect(SwiftDeclarations.typeNames(in: source) == ["Base"])
    }

    /// A file is scanned in chunks, and a chunk may end anywhere: in a word, after a lone slash,
    /// inside a comment, a string or an escape. Every split of this source into two chunks finds
    /// what one piece finds.
    @Test func everySplitIntoTwoChunksFindsTheSameNames() {
        let source = """
        struct Før {} /* enum Hidden */ let a = 4/2/x; class Base { class func f() {} }
        let s = "struct \\"Nope\\" enum Q" // protocol P
        actor Åctor {} typealias Long\(String(repeating: "x", count: 40)) = Int
        protocol __APP_NAME__Kind {} enum/**/Split {} struct
        Last {}
        """
        let bytes = Array(source.utf8)
        let whole = SwiftDeclarations.typeNames(in: source)
        #expect(whole == ["Før", "Base", "Åctor", "Long" + String(repeating: "x", count: 40), "Split", "Last"])
        for split in 0...bytes.count {
            var scanner = SwiftDeclarations.Scanner()
            bytes[..<split].withUnsafeBufferPointer { scanner.feed($0) }
            bytes[split...].withUnsafeBufferPointer { scanner.feed($0) }
            scanner.finish()
            #expect(scanner.names == whole, "split at byte \(split)")
        }
    }

    /// A word longer than `longestKeptName` is never kept as a name, even when it arrives in pieces.
    @Test func anOverlongNameIsDroppedWhateverTheChunks() {
        let long = String(repeating: "N", count: SwiftDeclarations.longestKeptName + 1)
        let bytes = Array("struct \(long) {} struct Kept {}".utf8)
        for split in [8, 100, SwiftDeclarations.longestKeptName + 7, SwiftDeclarations.longestKeptName + 8] {
            var scanner = SwiftDeclarations.Scanner()
            bytes[..<split].withUnsafeBufferPointer { scanner.feed($0) }
            bytes[split...].withUnsafeBufferPointer { scanner.feed($0) }
            scanner.finish()
            #expect(scanner.names == ["Kept"], "split at byte \(split)")
        }
    }
}
