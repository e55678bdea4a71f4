import Foundation

/// Finds text shaped like a token (`TokenGrammar`) in stamped output fed chunk by chunk.
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

    /// Scans a whole string, such as a stamped file name.
    public static func findings(in text: String, leaving words: TokenLikeWords) -> [Finding] {
        guard text.utf8.contains(UInt8(ascii: "_")) else { return [] }
        var scanner = LeftoverScanner(leaving: words)
        Array(text.utf8).withUnsafeBufferPointer { scanner.scan($0) }
        scanner.finish()
        return scanner.findings
    }

    public mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard let base = chunk.baseAddress else { return }
        let count = chunk.count
        var index = 0
        while index < count {
            if matcher.isIdle {
                // Nothing begun: only an underscore can begin something.
                guard let found = memchr(base + index, Int32(UInt8(ascii: "_")), count - index) else { break }
                index = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            }
            if let match = matcher.feed(base[index], at: scanned + Int64(index)) { record(match) }
            index += 1
        }
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
