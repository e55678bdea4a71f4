import Foundation

/// Finds leftovers (`TokenGrammar`) in stamped output fed chunk by chunk.
///
/// Each chunk comes with where the stamper put its values, and only the template's text between
/// them is scanned, each value a break: a value typed beside the template's underscores
/// (`____APP_NAME____` with `ABC`) makes no leftover, a token the template left does. Offsets
/// are still in the stamped output, which is what is written and what lines are counted in.
///
/// Records byte offsets rather than lines so the common case (nothing found) costs one `memchr`
/// per underscore; `LineLocator` turns offsets into line numbers when something was found.
/// `finish()` ends the text: a leftover is known only when its run of name characters ends.
/// Text shaped like a token that `words` leaves alone (`__FILE__`) is not a finding.
public struct LeftoverScanner: Sendable {
    public struct Finding: Sendable, Hashable {
        /// Offset of the token's first byte from the start of the scanned text.
        public var offset: Int64
        public var token: String

        public init(offset: Int64, token: String) {
            self.offset = offset
            self.token = token
        }
    }

    /// Findings kept per scanned text; more are counted but not described.
    public static let findingLimit = 20

    public private(set) var findings: [Finding] = []
    /// All findings, including those beyond `findingLimit`.
    public private(set) var findingCount = 0
    private var matcher = TokenGrammar.Matcher()
    private var scanned: Int64 = 0
    private let words: TokenLikeWords

    public init(leaving words: TokenLikeWords) {
        self.words = words
    }

    /// Scans a whole string that holds no stamped value.
    public static func findings(in text: String, leaving words: TokenLikeWords) -> [Finding] {
        guard text.utf8.contains(UInt8(ascii: "_")) else { return [] }
        var scanner = LeftoverScanner(leaving: words)
        Array(text.utf8).withUnsafeBufferPointer { scanner.scan($0) }
        scanner.finish()
        return scanner.findings
    }

    /// The leftovers of `text` (a file or folder name of the template) once `stamper` stamps it,
    /// with their offsets in the stamped text.
    public static func findings(stamping text: String, with stamper: Stamper, leaving words: TokenLikeWords) -> [Finding] {
        // The template's text alone can hold a leftover: without an underscore it holds none.
        guard text.utf8.contains(UInt8(ascii: "_")) else { return [] }
        let stamped = stamper.stampMarkingValues(text)
        var scanner = LeftoverScanner(leaving: words)
        stamped.bytes.withUnsafeBufferPointer { scanner.scan($0, values: stamped.values) }
        scanner.finish()
        return scanner.findings
    }

    /// Scans a chunk of text that holds no stamped value.
    public mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>) {
        scan(chunk, values: [])
    }

    /// Scans a chunk of stamped output; `values` are where in it the stamper put values, in
    /// order (`Stamper.stamp(_:isFinal:into:values:outputLimit:)`), and each is a break.
    ///
    /// While nothing is begun, the scan still skips from underscore to underscore over values
    /// and text alike, and only then asks whether the underscore is a value's (skipped whole):
    /// a value costs a comparison, not a `memchr` of its own. On a 58 MB file with a token every
    /// 24 bytes, a `memchr` per piece of text between values made generation 12 % slower than
    /// scanning the output whole had been, this 4 % (release builds, medians of 15 runs).
    public mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>, values: [Range<Int>]) {
        guard let base = chunk.baseAddress else { return }
        let count = chunk.count
        var index = 0
        var next = 0   // the first value not yet passed
        while index < count {
            if matcher.isIdle {
                // Nothing begun: only an underscore of the template's text can begin something.
                guard let found = memchr(base + index, Int32(UInt8(ascii: "_")), count - index) else { break }
                index = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                while next < values.count, values[next].upperBound <= index { next += 1 }
                if next < values.count, values[next].lowerBound <= index {
                    index = values[next].upperBound
                    next += 1
                    continue
                }
            } else if next < values.count, values[next].lowerBound == index {
                // A value ends the run begun in the template's text before it.
                if let match = matcher.breakRun() { record(match) }
                index = values[next].upperBound
                next += 1
                continue
            }
            if let match = matcher.feed(base[index], at: scanned + Int64(index)) { record(match) }
            index += 1
        }
        // A value at the very end of the chunk, after a run begun before it (`X__` then a value).
        if next < values.count, !matcher.isIdle, values[next].lowerBound == count, let match = matcher.breakRun() { record(match) }
        scanned += Int64(count)
    }

    /// Ends the text; a run still open at its end may hold a leftover.
    public mutating func finish() {
        if let match = matcher.finish() { record(match) }
    }

    private mutating func record(_ match: TokenGrammar.Matcher.Match) {
        if words.leavesAlone(match.token) { return }
        findingCount += 1
        guard findings.count < Self.findingLimit else { return }
        findings.append(Finding(offset: match.offset, token: match.token))
    }
}
