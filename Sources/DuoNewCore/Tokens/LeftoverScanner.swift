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
    public mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>, values: [Range<Int>]) {
        guard let base = chunk.baseAddress else { return }
        var from = 0
        for value in values {
            scanTemplateText(base, from..<value.lowerBound)
            if let match = matcher.breakRun() { record(match) }
            from = value.upperBound
        }
        scanTemplateText(base, from..<chunk.count)
        scanned += Int64(chunk.count)
    }

    /// Feeds the matcher the template's bytes in `range` of the chunk at `base`.
    private mutating func scanTemplateText(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            if matcher.isIdle {
                // Nothing begun: only an underscore can begin something.
                guard let found = memchr(base + index, Int32(UInt8(ascii: "_")), end - index) else { break }
                index = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            }
            if let match = matcher.feed(base[index], at: scanned + Int64(index)) { record(match) }
            index += 1
        }
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
