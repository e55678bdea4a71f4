import Foundation

/// Finds text shaped like a token, `__[A-Z][A-Z0-9_]*__`, in stamped output fed chunk by chunk.
///
/// Records byte offsets rather than lines so the common case (nothing found) costs one `memchr`
/// per underscore; `LineLocator` turns offsets into line numbers when something was found.
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
    private static let candidateLimit = 120

    private enum State: Sendable { case idle, underscore, opening, name, nameUnderscore }

    public private(set) var findings: [Finding] = []
    /// All findings, including those beyond `findingLimit`.
    public private(set) var findingCount = 0
    private var state = State.idle
    private var scanned: Int64 = 0
    private var candidateStart: Int64 = 0
    private var candidate: [UInt8] = []

    public init() {}

    /// Scans a whole string, such as a stamped file name.
    public static func findings(in text: String) -> [Finding] {
        guard text.utf8.contains(UInt8(ascii: "_")) else { return [] }
        var scanner = LeftoverScanner()
        Array(text.utf8).withUnsafeBufferPointer { scanner.scan($0) }
        return scanner.findings
    }

    public mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard let base = chunk.baseAddress else { return }
        let count = chunk.count
        var index = 0
        while index < count {
            if state == .idle {
                guard let found = memchr(base + index, Int32(UInt8(ascii: "_")), count - index) else { break }
                index = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                // A lone underscore (`some_name`) starts nothing: skip it and the byte after it
                // without starting a candidate, the state machine's answer for them anyway.
                if index + 1 < count, base[index + 1] != UInt8(ascii: "_") {
                    index += 2
                    continue
                }
            }
            step(base[index], at: scanned + Int64(index))
            index += 1
        }
        scanned += Int64(count)
    }

    private mutating func step(_ byte: UInt8, at offset: Int64) {
        let isUnderscore = byte == UInt8(ascii: "_")
        let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        switch state {
        case .idle:
            if isUnderscore { begin(at: offset) }
        case .underscore:
            if isUnderscore { state = .opening; append(byte) } else { state = .idle }
        case .opening:
            if isUnderscore {
                // `___X__`: the token starts at the last two underscores.
                begin(at: offset - 1)
                append(byte)
                state = .opening
            } else if isUpper {
                append(byte)
                state = .name
            } else {
                state = .idle
            }
        case .name:
            if isUpper || isDigit { append(byte) }
            else if isUnderscore { append(byte); state = .nameUnderscore }
            else { state = .idle }
        case .nameUnderscore:
            if isUnderscore {
                append(byte)
                record()
                state = .idle
            } else if isUpper || isDigit {
                append(byte)
                state = .name
            } else {
                state = .idle
            }
        }
    }

    private mutating func begin(at offset: Int64) {
        candidateStart = offset
        // Reused: an underscore starts a candidate, and most never become a token.
        candidate.removeAll(keepingCapacity: true)
        candidate.append(UInt8(ascii: "_"))
        state = .underscore
    }

    private mutating func append(_ byte: UInt8) {
        if candidate.count < Self.candidateLimit { candidate.append(byte) }
    }

    private mutating func record() {
        findingCount += 1
        guard findings.count < Self.findingLimit else { return }
        findings.append(Finding(offset: candidateStart, token: String(decoding: candidate, as: UTF8.self)))
    }
}
