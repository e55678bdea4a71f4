@testable import DuoNewCore
import Testing

/// The leftover rule beside stamped values, on values: a value typed next to the template's
/// underscores never completes a token, a token the template left beside a value is still found.
@Suite("Leftovers beside stamped values")
struct StampedValueLeftoverTests {
    static let stamper = Stamper(values: ["APP_NAME": "ABC", "GREETING": "HI_2"])

    /// `text` stamped and scanned the way the writer does it: chunks of `size` bytes, a token cut
    /// by a chunk's end carried over, output in pieces of about `outputLimit` bytes, each piece
    /// scanned with where its values went.
    static func stampedAndScanned(
        _ text: String, stamper: Stamper = stamper, chunk size: Int, outputLimit: Int = .max
    ) -> (stamped: String, findings: [LeftoverScanner.Finding]) {
        let bytes = Array(text.utf8)
        var stamped: [UInt8] = []
        var scanner = LeftoverScanner(leaving: .compilersOnly)
        var pending: [UInt8] = []
        var offset = 0
        while true {
            let next = bytes[offset..<min(offset + size, bytes.count)]
            offset += next.count
            pending += next
            let isFinal = next.isEmpty
            var used = 0
            var finished = false
            while !finished {
                var output: [UInt8] = []
                var values: [Range<Int>] = []
                let step = pending.withUnsafeBufferPointer { buffer in
                    stamper.stamp(UnsafeBufferPointer(rebasing: buffer[used...]), isFinal: isFinal, into: &output, values: &values, outputLimit: outputLimit)
                }
                used += step.used
                finished = step.finished
                output.withUnsafeBufferPointer { scanner.scan($0, values: values) }
                stamped += output
            }
            pending.removeFirst(used)
            if isFinal { break }
        }
        scanner.finish()
        return (String(decoding: stamped, as: UTF8.self), scanner.findings)
    }

    @Test("a value between the template's underscores makes no leftover", arguments: [1, 2, 3, 5, 64])
    func aValueBetweenUnderscoresIsNoLeftover(chunk: Int) {
        let text = "a ____APP_NAME____ b\n__X___GREETING____ c ___APP_NAME___\n__APP_NAME____GREETING__\n"
        let result = Self.stampedAndScanned(text, chunk: chunk)
        #expect(result.stamped == "a __ABC__ b\n__X_HI_2__ c _ABC_\nABCHI_2\n")
        #expect(result.findings.isEmpty, "\(result.findings)")
    }

    /// The negative: what the template itself holds is still a leftover, with its offset in the
    /// stamped output, right beside a value or between two.
    @Test("a token the template left beside a value is still a leftover", arguments: [1, 2, 3, 7, 64])
    func aTokenBesideAValueIsStillALeftover(chunk: Int) {
        let result = Self.stampedAndScanned("__APP_NAME____FOO__\n__BAR____APP_NAME____\n__APP_NAME____BAZ____GREETING__", chunk: chunk)
        #expect(result.stamped == "ABC__FOO__\n__BAR__ABC__\nABC__BAZ__HI_2")
        #expect(result.findings == [
            LeftoverScanner.Finding(offset: 3, token: "__FOO__"),
            LeftoverScanner.Finding(offset: 11, token: "__BAR__"),
            LeftoverScanner.Finding(offset: 27, token: "__BAZ__"),
        ])
    }

    /// An empty value is a break too: the template's `__A` and `B__` around it are no token.
    @Test func anEmptyValueIsABreak() {
        let stamper = Stamper(values: ["EMPTY": ""])
        let result = Self.stampedAndScanned("__A__EMPTY__B__", stamper: stamper, chunk: 4)
        #expect(result.stamped == "__AB__")
        #expect(result.findings.isEmpty)
        #expect(TokenGrammar.leftovers(in: "__A\u{0}B__".unicodeScalars, leaving: .compilersOnly).isEmpty)
        #expect(TokenGrammar.stampedValueStandIn == "\u{0}")
    }

    /// A name is judged the same way: `____APP_NAME____.swift` is written as `__ABC__.swift`,
    /// `__APP_NAME____FOO__.swift` still holds `__FOO__`.
    @Test func aNameIsJudgedByWhatTheTemplateHolds() {
        #expect(LeftoverScanner.findings(stamping: "____APP_NAME____.swift", with: Self.stamper, leaving: .compilersOnly).isEmpty)
        #expect(LeftoverScanner.findings(stamping: "__X___GREETING____", with: Self.stamper, leaving: .compilersOnly).isEmpty)
        #expect(LeftoverScanner.findings(stamping: "__APP_NAME____FOO__.swift", with: Self.stamper, leaving: .compilersOnly)
            == [LeftoverScanner.Finding(offset: 3, token: "__FOO__")])
        #expect(LeftoverScanner.findings(stamping: "__FILE____APP_NAME__", with: Self.stamper, leaving: .compilersOnly).isEmpty, "a compiler's word")
        let stamped = Self.stamper.stampMarkingValues("x__APP_NAME__y__GREETING__")
        #expect(String(decoding: stamped.bytes, as: UTF8.self) == "xABCyHI_2")
        #expect(stamped.values == [1..<4, 5..<9])
    }

    /// Generation's streaming scan and lint's line scan agree on every line, whatever the values
    /// and however the text is cut: the same leftovers, in order, each generation finds placed
    /// (through the stamped line's origins) at the column lint gives it.
    @Test func generationAndLintAgreeWhateverTheValues() {
        let pieces = ["_", "__", "___", "A", "B", "1", "a", " ", "__APP_NAME__", "__GREETING__", "__X__"]
        let values = ["ABC", "A_B", "_", "", "X__", "__", "Q1", "abc"]
        var seed: UInt64 = 0x1EF7
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % bound
        }
        var found = 0
        for _ in 0..<1500 {
            let line = (0..<(1 + next(14))).map { _ in pieces[next(pieces.count)] }.joined()
            let given = ["APP_NAME": values[next(values.count)], "GREETING": values[next(values.count)]]
            let stamper = Stamper(values: given)
            let result = Self.stampedAndScanned(line, stamper: stamper, chunk: 1 + next(9), outputLimit: 1 + next(12))
            let lint = TokenScanner.scan(Substring(line), declared: ["APP_NAME", "GREETING"], leaving: .compilersOnly).undeclared
            let origins = TokenScanner.stamp(Substring(line), values: given).origins
            #expect(result.findings.map(\.token) == lint.map(\.token), "\(line) with \(given)")
            #expect(result.findings.map { origins[Int($0.offset)] } == lint.map(\.column), "\(line) with \(given)")
            found += lint.count
        }
        #expect(found > 100, "the lines hold leftovers to compare (\(found))")
    }

    /// The plan writes a name a value made token-shaped, and refuses a name whose template holds
    /// an undeclared token beside a value.
    @Test func thePlanJudgesNamesByWhatTheTemplateHolds() throws {
        let values = ["APP_NAME": "ABC", "FOLDER": "XYZ"]
        let plan = try PlanTests.plan([
            PlanTests.file("____APP_NAME____.swift"), PlanTests.folder("____FOLDER____"), PlanTests.file("____FOLDER____/__APP_NAME___.md"),
        ], values: values)
        #expect(plan.writes.map(\.destination) == ["__ABC__.swift", "__XYZ__", "__XYZ__/ABC_.md"])
        #expect(throws: PlanError(problems: [.leftoverTokenInName(path: "__APP_NAME____TEAM__.swift", token: "__TEAM__", meant: nil)])) {
            try PlanTests.plan([PlanTests.file("__APP_NAME____TEAM__.swift")], values: values)
        }
    }
}
