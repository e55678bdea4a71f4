#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Reads one template file for lint the way generation does, a chunk at a time: memory stays
/// near one chunk whatever the file's size, and a line is handed to `TokenScanner` only when it
/// holds `__`, so a large text costs little more than reading it.
///
/// A very long line is scanned in pieces cut where no token can straddle them (before a byte
/// that cannot be part of a token), with columns carried over.
struct TextFileScan {
    enum Outcome {
        /// Valid UTF-8 without NUL: what it uses, the undeclared tokens by line and column, and
        /// the words shaped like tokens that the recipe's `TokenLikeWords` let through.
        case text(used: Set<String>, undeclared: [(line: Int, occurrence: TokenScanner.Occurrence)], more: Int, letThrough: Set<String>)
        /// A NUL byte or invalid UTF-8 somewhere.
        case binary
        /// Not a regular file, or it cannot be read: other rules report why.
        case unreadable
        /// A signal arrived while reading.
        case interrupted
    }

    static let chunkSize = 1 << 20
    /// Longest piece of a line handed to `TokenScanner` at once.
    static let pieceLimit = 1 << 18
    /// Undeclared tokens described per file; the rest are counted.
    static let reportLimit = 100

    let declared: [String]
    let words: TokenLikeWords
    let interruption: Interruption?

    func scan(_ path: String) -> Outcome {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .unreadable }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .unreadable }

        var validator = UTF8Validator()
        var state = LineState(declared: declared, words: words)
        let buffer = UnsafeMutableBufferPointer(start: POSIX.allocateReadBuffer(Self.chunkSize), count: Self.chunkSize)
        defer { POSIX.freeReadBuffer(buffer.baseAddress!) }
        var isFirst = true
        while true {
            if interruption?.received != nil { return .interrupted }
            let count = POSIX.readChunk(fd, buffer.baseAddress!, buffer.count)
            guard count >= 0 else { return .unreadable }
            if count == 0 { break }
            let chunk = UnsafeBufferPointer(rebasing: buffer[..<count])
            validator.feed(chunk)
            if validator.isBinary { return .binary }
            // A byte-order mark at the start is not counted as a column (nor can it be part of a token).
            let skipped = isFirst && chunk.starts(with: TokenScanner.utf8ByteOrderMark) ? TokenScanner.utf8ByteOrderMark.count : 0
            isFirst = false
            state.feed(UnsafeBufferPointer(rebasing: chunk[skipped...]))
        }
        validator.finish()
        if validator.isBinary { return .binary }
        state.finish()
        return .text(used: state.used, undeclared: state.undeclared, more: state.more, letThrough: state.letThrough)
    }

    /// The line being read, kept only while it may hold a token.
    private struct LineState {
        let declared: [String]
        let words: TokenLikeWords
        var used: Set<String> = []
        var letThrough: Set<String> = []
        var undeclared: [(line: Int, occurrence: TokenScanner.Occurrence)] = []
        var more = 0
        private var line = 1
        /// Scalars of the current line already scanned in earlier pieces.
        private var columnBase = 0
        private var pending: [UInt8] = []

        /// The declared tokens as bytes, longest first (as `TokenScanner` and the stamper take them).
        private let tokens: [(name: String, bytes: [UInt8])]

        init(declared: [String], words: TokenLikeWords) {
            self.declared = declared
            self.words = words
            tokens = TokenGrammar.tryingOrder(declared.map { ($0, Array(TokenGrammar.token(named: $0).utf8)) }) { $0.1.count }
        }

        mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) {
            guard let base = chunk.baseAddress else { return }
            var start = 0
            while start < chunk.count {
                guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), chunk.count - start) else {
                    pending.append(contentsOf: chunk[start...])
                    if pending.count > TextFileScan.pieceLimit { scanPending(final: false) }
                    return
                }
                let end = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                if pending.isEmpty {
                    // The whole line is in this chunk: scanned where it is, not copied.
                    scan(UnsafeBufferPointer(rebasing: chunk[start..<end]))
                } else {
                    pending.append(contentsOf: chunk[start..<end])
                    scanPending(final: true)
                }
                line += 1
                columnBase = 0
                start = end + 1
            }
        }

        mutating func finish() {
            scanPending(final: true)
        }

        /// Scans the pending bytes (all of them when `final`, else up to a safe cut).
        private mutating func scanPending(final: Bool) {
            var cut = pending.count
            if !final {
                // Before the last byte that is neither part of a token nor inside a character.
                cut = pending.lastIndex { !Self.isTokenByte($0) && $0 & 0xC0 != 0x80 } ?? pending.count
                if cut == 0 { cut = pending.count }
            }
            pending.withUnsafeBufferPointer { buffer in scan(UnsafeBufferPointer(rebasing: buffer[..<cut])) }
            if !final { columnBase += pending[..<cut].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
            pending.removeFirst(cut)
        }

        /// One line, or a piece of a long one starting `columnBase` scalars into it.
        private mutating func scan(_ piece: UnsafeBufferPointer<UInt8>) {
            guard Self.holdsDoubleUnderscore(piece), !onlyDeclaredTokens(piece) else { return }
            let text = String(decoding: piece, as: UTF8.self)
            let scan = TokenScanner.scan(Substring(text), declared: declared, leaving: words)
            used.formUnion(scan.used)
            letThrough.formUnion(scan.letThrough)
            for var occurrence in scan.undeclared {
                guard undeclared.count < TextFileScan.reportLimit else {
                    more += 1
                    continue
                }
                occurrence.column += columnBase
                undeclared.append((line, occurrence))
            }
        }

        /// Whether every `__` in `bytes` starts a declared token (counted as used) or cannot start
        /// any token (no capital after it): then nothing undeclared is there, and `TokenScanner`
        /// is not needed. Most lines of a template take this way.
        private mutating func onlyDeclaredTokens(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            var found: [String] = []
            let clean = { () -> Bool in
                guard let base = buffer.baseAddress else { return true }
                var index = 0
                while index + 1 < buffer.count {
                    guard let hit = memchr(base + index, Int32(UInt8(ascii: "_")), buffer.count - index - 1) else { return true }
                    let position = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
                    guard base[position + 1] == UInt8(ascii: "_") else {
                        index = position + 1
                        continue
                    }
                    let token = tokens.first { token in
                        position + token.bytes.count <= buffer.count
                            && token.bytes.withUnsafeBufferPointer { memcmp(base + position, $0.baseAddress!, token.bytes.count) == 0 }
                    }
                    guard let token else {
                        // `__init__`: no token can start here unless a capital follows.
                        let next = position + 2 < buffer.count ? base[position + 2] : 0
                        guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(next) else {
                            index = position + 1
                            continue
                        }
                        return false
                    }
                    found.append(token.name)
                    index = position + token.bytes.count
                }
                return true
            }()
            if clean { used.formUnion(found) }
            return clean
        }

        private static func isTokenByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        private static func holdsDoubleUnderscore(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = buffer.baseAddress else { return false }
            var index = 0
            while index + 1 < buffer.count {
                guard let found = memchr(base + index, Int32(UInt8(ascii: "_")), buffer.count - index - 1) else { return false }
                let position = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                if base[position + 1] == UInt8(ascii: "_") { return true }
                index = position + 1
            }
            return false
        }
    }
}
