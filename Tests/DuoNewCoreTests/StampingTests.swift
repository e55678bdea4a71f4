import Foundation
@testable import DuoNewCore
import Testing

/// The stamper, the leftover scan and text detection, on values: no disk.
@Suite("Stamping")
struct StampingTests {
    static let stamper = Stamper(values: ["APP_NAME": "Sitter", "BUNDLE_ID": "com.example.sitter", "A": "x"])

    /// Feeds `text` through the streaming interface in chunks of `size` bytes, carrying leftovers
    /// over the way the writer does.
    static func streamed(_ text: String, chunk size: Int, stamper: Stamper = stamper) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var pending: [UInt8] = []
        var offset = 0
        while true {
            let next = Array(bytes[offset..<min(offset + size, bytes.count)])
            offset += next.count
            pending += next
            let isFinal = next.isEmpty
            let used = pending.withUnsafeBufferPointer { stamper.stamp($0, isFinal: isFinal, into: &output) }
            pending.removeFirst(used)
            if isFinal { break }
        }
        return String(decoding: output, as: UTF8.self)
    }

    @Test func replacesEveryDeclaredToken() {
        #expect(Self.stamper.stamp("__APP_NAME__App.swift") == "SitterApp.swift")
        #expect(Self.stamper.stamp("id __BUNDLE_ID__.UITests, __A__, __APP_NAME____A__") == "id com.example.sitter.UITests, x, Sitterx")
    }

    @Test func leavesOtherUnderscoresAlone() {
        let text = "__init__ _x_ ___ __APP__ __APP_NAME _APP_NAME__ __app_name__"
        #expect(Self.stamper.stamp(text) == text)
    }

    @Test("tokens split across chunk boundaries are still stamped", arguments: [1, 2, 3, 5, 7, 11, 13, 64])
    func stampsTokensSplitAcrossChunks(chunk: Int) {
        let text = "x__APP_NAME__y__BUNDLE_ID__ ___A__ ü__APP_NAME__\n__APP_NAME"
        #expect(Self.streamed(text, chunk: chunk) == Self.stamper.stamp(text))
        #expect(Self.stamper.stamp(text) == "xSitterycom.example.sitter _x üSitter\n__APP_NAME")
    }

    @Test func withoutTokensCopiesEverything() {
        let empty = Stamper(values: [:])
        #expect(Self.streamed("__APP_NAME__ stays", chunk: 3, stamper: empty) == "__APP_NAME__ stays")
    }

    @Test func findsLeftoverTokensWithOffsets() {
        let findings = LeftoverScanner.findings(in: "ok __TEAM_ID__ and ___X1__ but not __x__ or __1A__ or __A_", leaving: .compilersOnly)
        #expect(findings.map(\.token) == ["__TEAM_ID__", "__X1__"])
        #expect(findings.map(\.offset) == [3, 20])
    }

    @Test func findsLeftoversSplitAcrossChunks() {
        var scanner = LeftoverScanner(leaving: .compilersOnly)
        for piece in ["line\n__TE", "AM_", "ID_", "_ more"] {
            Array(piece.utf8).withUnsafeBufferPointer { scanner.scan($0) }
        }
        scanner.finish()
        #expect(scanner.findings == [LeftoverScanner.Finding(offset: 5, token: "__TEAM_ID__")])
    }

    @Test func locatesLinesAndColumnsOfOffsets() {
        var locator = LineLocator(offsets: [0, 4, 9, 5])
        for piece in ["abc\nde", "f\n\ng"] {
            Array(piece.utf8).withUnsafeBufferPointer { locator.feed($0) }
        }
        #expect(locator.positions == [
            0: .init(line: 1, column: 1), 4: .init(line: 2, column: 1), 5: .init(line: 2, column: 2), 9: .init(line: 4, column: 1),
        ])
    }

    @Test func detectsText() {
        #expect(UTF8Validator.isText(Array("plain ASCII and Ünïcödé ✓ 😀".utf8)))
        #expect(UTF8Validator.isText([]))
    }

    @Test("detects binary", arguments: [
        [0x61, 0x00, 0x62],            // NUL
        [0x63, 0x61, 0x66, 0xE9],      // Latin-1 é
        [0xC0, 0xAF],                  // overlong
        [0xED, 0xA0, 0x80],            // surrogate
        [0xF4, 0x90, 0x80, 0x80],      // beyond U+10FFFF
        [0xE2, 0x9C],                  // cut short
        [0xFF, 0xFE],
    ] as [[UInt8]])
    func detectsBinary(_ bytes: [UInt8]) {
        #expect(!UTF8Validator.isText(bytes))
        #expect(!UTF8Validator.isText(Array(repeating: 0x41, count: 13) + bytes), "after the eight-byte fast path too")
    }

    /// The 32-byte and 8-byte fast paths see a NUL or a byte above 0x7F wherever it falls in
    /// their words, and valid multi-byte letters anywhere stay text.
    @Test func fastPathsSeeEveryPosition() {
        for length in [31, 32, 33, 40, 64, 100] {
            for position in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = 0
                #expect(!UTF8Validator.isText(bytes), "NUL at \(position) of \(length)")
                bytes[position] = 0xFF
                #expect(!UTF8Validator.isText(bytes), "0xFF at \(position) of \(length)")
                bytes[position] = 0x80
                #expect(!UTF8Validator.isText(bytes), "a lone continuation byte at \(position) of \(length)")
                bytes[position] = 0x01
                #expect(UTF8Validator.isText(bytes), "0x01 at \(position) of \(length) is text")
                if position + 2 <= length {
                    bytes[position] = 0xC3
                    bytes[position + 1] = 0xA9
                    #expect(UTF8Validator.isText(bytes), "é at \(position) of \(length)")
                }
            }
        }
    }

    @Test func acceptsSequencesSplitAcrossChunks() {
        var validator = UTF8Validator()
        let bytes = Array("✓😀".utf8)
        for byte in bytes { [byte].withUnsafeBufferPointer { validator.feed($0) } }
        validator.finish()
        #expect(!validator.isBinary)
    }
}

extension StampingTests {
    /// A chunk of many tokens with long values is stamped in pieces of about `outputLimit`
    /// bytes: the same text as in one go, and never much more than the limit held at once.
    @Test("output limit", arguments: [1, 7, 64, 1000])
    func stampsInPiecesUnderAnOutputLimit(_ limit: Int) {
        let value = String(repeating: "v", count: 50)
        let stamper = Stamper(values: ["G": value, "APP_NAME": "Sitter"])
        let text = String(repeating: "__G__ a_b __APP_NAME__", count: 200) + "__G"
        let input = Array(text.utf8)
        var whole: [UInt8] = []
        let expected = input.withUnsafeBufferPointer { stamper.stamp($0, isFinal: true, into: &whole) }
        #expect(expected == input.count)
        var pieces: [UInt8] = []
        var used = 0
        var finished = false
        var calls = 0
        while !finished {
            var output: [UInt8] = []
            let step = input.withUnsafeBufferPointer { buffer in
                stamper.stamp(UnsafeBufferPointer(rebasing: buffer[used...]), isFinal: true, into: &output, outputLimit: limit)
            }
            #expect(output.count < limit + value.utf8.count + 16, "a piece of \(output.count) bytes")
            pieces += output
            used += step.used
            finished = step.finished
            calls += 1
        }
        #expect(used == input.count)
        #expect(pieces == whole)
        #expect(calls > whole.count / (limit + value.utf8.count + 16))
    }
}

extension StampingTests {
    /// Tokens that share their first letters, one extending another: at each place the longest
    /// token that matches wins, whatever order the stamper keeps them in.
    @Test func longestMatchingTokenWinsAmongSimilarOnes() {
        let stamper = Stamper(values: ["A": "x", "A_": "y", "AB": "z", "B": "w", "APP_NAME": "Sitter"])
        #expect(stamper.stamp("__A___ __A__ __AB__ __B__ __APP_NAME__ __A___A__") == "y x z w Sitter yA__")
    }

    /// The stamper against the plainest reading of the rule (at each byte, try every token,
    /// longest first; otherwise copy the byte) on texts made of token-like pieces, whole and
    /// streamed in small chunks.
    @Test func agreesWithAPlainReadingOfTheRule() {
        let values = ["A": "1", "A_": "2", "AB": "3", "B": "4", "APP_NAME": "Sitter", "BUNDLE_ID": "com.example.sitter", "N": ""]
        let stamper = Stamper(values: values)
        let tokens = values.map { (token: Array("__\($0.key)__".utf8), value: Array($0.value.utf8)) }
            .sorted { $0.token.count > $1.token.count }
        func plain(_ text: [UInt8]) -> [UInt8] {
            var output: [UInt8] = []
            var index = 0
            next: while index < text.count {
                for (token, value) in tokens where text[index...].starts(with: token) {
                    output += value
                    index += token.count
                    continue next
                }
                output.append(text[index])
                index += 1
            }
            return output
        }
        let pieces = ["_", "__", "A", "B", "N", "__A__", "__AB", "__APP_NAME__", "__BUNDLE_ID", "_ID__", "x", "é", " "]
        var seed: UInt64 = 0x5EED
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<12 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                text += pieces[Int(seed >> 33) % pieces.count]
            }
            let expected = String(decoding: plain(Array(text.utf8)), as: UTF8.self)
            #expect(stamper.stamp(text) == expected, "\(text)")
            #expect(Self.streamed(text, chunk: 5, stamper: stamper) == expected, "\(text)")
        }
    }
}

extension StampingTests {
    /// The validator against the standard library's UTF-8 check (plus "no NUL") on texts mixing
    /// long ASCII runs with NULs, bytes after a NUL, valid and broken sequences at every offset,
    /// whole and fed in random pieces.
    @Test func agreesWithTheStandardLibrarysUTF8Check() {
        let odd: [[UInt8]] = [[0x00], [0x00, 0x01], [0x7F], [0x80], [0xBF], [0xC3, 0xA9], [0xC3], [0xC0, 0xAF], [0xE2, 0x9C, 0x93],
                              [0xE2, 0x9C], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]]
        var seed: UInt64 = 0xC0FFEE
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % bound
        }
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<(1 + next(4)) {
                bytes += [UInt8](repeating: UInt8(ascii: "a"), count: next(70))
                if next(3) > 0 { bytes += odd[next(odd.count)] }
            }
            let expected = !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
            #expect(UTF8Validator.isText(bytes) == expected, "\(bytes)")
            var validator = UTF8Validator()
            var offset = 0
            while offset < bytes.count {
                let piece = min(bytes.count - offset, 1 + next(40))
                bytes[offset..<(offset + piece)].withUnsafeBufferPointer { validator.feed($0) }
                offset += piece
            }
            validator.finish()
            #expect(validator.isBinary == !expected, "in pieces: \(bytes)")
        }
    }
}

extension StampingTests {
    /// The leftover scan finds the same tokens at the same offsets however the text is cut: fed
    /// one byte at a time (where no skipping ahead is possible), whole, and in random pieces, on
    /// texts dense with single and double underscores.
    @Test func leftoverScanDoesNotDependOnChunking() {
        let pieces = ["_", "__", "___", "A", "B1", "a", " ", "__X__", "_Y_", "__Z", "__APP_NAME__", "é"]
        var seed: UInt64 = 0xABCD
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % bound
        }
        func scan(_ bytes: [UInt8], pieceSize: () -> Int) -> [LeftoverScanner.Finding] {
            var scanner = LeftoverScanner(leaving: .compilersOnly)
            var offset = 0
            while offset < bytes.count {
                let size = min(bytes.count - offset, pieceSize())
                bytes[offset..<(offset + size)].withUnsafeBufferPointer { scanner.scan($0) }
                offset += size
            }
            scanner.finish()
            return scanner.findings
        }
        for _ in 0..<1000 {
            let bytes = Array((0..<(1 + next(20))).map { _ in pieces[next(pieces.count)] }.joined().utf8)
            let byteByByte = scan(bytes) { 1 }
            #expect(scan(bytes) { bytes.count } == byteByByte, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(scan(bytes) { 1 + next(7) } == byteByByte, "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(scan(Array("a_b __X__ c_d__Y__".utf8)) { 64 }.map(\.token) == ["__X__", "__Y__"])
    }

    /// Generation's streaming scan finds exactly what the grammar's pattern finds, leftmost and
    /// longest, at the same byte offsets, however the text is cut: `__A__B__` is one leftover.
    @Test func leftoverScanFindsWhatThePatternFinds() throws {
        let regex = try NSRegularExpression(pattern: TokenGrammar.pattern)
        let pieces = ["_", "__", "___", "A", "B", "1", "a", " ", "é", "\n"]
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % bound
        }
        var texts = ["__A__B__", "__APP__NAME__", "__A___", "___A__", "__A__ __B__", "x__A__B", "__A_", "____A____"]
        for _ in 0..<2000 { texts.append((0..<(1 + next(24))).map { _ in pieces[next(pieces.count)] }.joined()) }
        for text in texts {
            let expected = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range, in: text).map { (String(text[$0]), text.utf8.distance(from: text.startIndex, to: $0.lowerBound)) }
            }
            var scanner = LeftoverScanner(leaving: .compilersOnly)
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let size = min(bytes.count - offset, 1 + next(5))
                bytes[offset..<(offset + size)].withUnsafeBufferPointer { scanner.scan($0) }
                offset += size
            }
            scanner.finish()
            #expect(scanner.findings.map(\.token) == expected.map(\.0), "in \(text.debugDescription)")
            #expect(scanner.findings.map { Int($0.offset) } == expected.map(\.1), "in \(text.debugDescription)")
        }
    }
}
