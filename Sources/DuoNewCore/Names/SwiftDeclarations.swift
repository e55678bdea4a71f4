/// Finds the names of the types a Swift source file declares, without a Swift parser.
///
/// Good enough for protecting AppNames: it reads `class`, `struct`, `enum`, `actor`, `protocol` and
/// `typealias` declarations outside comments and string literals, nested ones included.
///
/// It works on UTF-8 bytes in one streaming pass, so a template's sources cost about as much as
/// reading them, and a huge file costs no memory: comments, strings and identifiers are all told
/// apart by ASCII bytes, and every byte of a multi-byte character counts as part of an identifier.
public enum SwiftDeclarations {
    package static let introducers: Set<String> = ["class", "struct", "enum", "actor", "protocol", "typealias"]
    /// Words after `class` that declare members, not types (`class func`, `class var`).
    package static let classMembers: Set<String> = ["func", "var", "let", "subscript", "override", "final"]
    /// Identifiers longer than this are not kept: no AppName (at most 50 characters) can equal one,
    /// and a file of one endless identifier must not grow memory.
    package static let longestKeptName = 1024
    /// Bytes read per call when scanning a file.
    package static let chunkSize = 1 << 16

    /// Whether `byte` belongs to an identifier as the scanner reads one: letters, digits, `_`,
    /// and every byte of a multi-byte UTF-8 character. The search for an AppName in a tree
    /// (`SourceSearch`) takes a word's edges from it too.
    package static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            true
        default:
            false
        }
    }

    /// Declared type names; names that hold a `__TOKEN__` are left out because stamping changes them.
    public static func typeNames(in source: String) -> Set<String> {
        var scanner = Scanner()
        var source = source
        source.withUTF8 { scanner.feed($0) }
        scanner.finish()
        return scanner.names
    }

    /// The state of one pass, carried from chunk to chunk.
    package struct Scanner {
        package enum State {
            case code, slash, lineComment, blockComment, blockCommentStar, string, stringEscape
        }

        package private(set) var names = Set<String>()

        package init() {}
        private var state = State.code
        private var word: [UInt8] = {
            var word: [UInt8] = []
            word.reserveCapacity(SwiftDeclarations.longestKeptName)
            return word
        }()
        private var wordTooLong = false
        /// The introducer the previous word was, if it was one.
        private var pendingIntroducer: String?

        package mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
            for byte in bytes {
                switch state {
                case .code:
                    code(byte)
                case .slash:
                    switch byte {
                    case UInt8(ascii: "/"): state = .lineComment
                    case UInt8(ascii: "*"): state = .blockComment
                    default:
                        state = .code
                        code(byte)
                    }
                case .lineComment:
                    if byte == UInt8(ascii: "\n") { state = .code }
                case .blockComment:
                    if byte == UInt8(ascii: "*") { state = .blockCommentStar }
                case .blockCommentStar:
                    if byte == UInt8(ascii: "/") {
                        state = .code
                    } else if byte != UInt8(ascii: "*") {
                        state = .blockComment
                    }
                case .string:
                    if byte == UInt8(ascii: "\\") {
                        state = .stringEscape
                    } else if byte == UInt8(ascii: "\"") {
                        state = .code
                    }
                case .stringEscape:
                    state = .string
                }
            }
        }

        package mutating func finish() {
            endWord()
        }

        private mutating func code(_ byte: UInt8) {
            if SwiftDeclarations.isIdentifierByte(byte) {
                if word.count < SwiftDeclarations.longestKeptName {
                    word.append(byte)
                } else {
                    wordTooLong = true
                }
                return
            }
            endWord()
            if byte == UInt8(ascii: "/") {
                state = .slash
            } else if byte == UInt8(ascii: "\"") {
                state = .string
            }
        }

        private mutating func endWord() {
            guard !word.isEmpty else { return }
            defer {
                word.removeAll(keepingCapacity: true)
                wordTooLong = false
            }
            // Most words are neither a name nor an introducer: make a String only when needed.
            if let introducer = pendingIntroducer, !wordTooLong {
                let text = String(decoding: word, as: UTF8.self)
                let isMember = introducer == "class" && SwiftDeclarations.classMembers.contains(text)
                if !isMember, !text.contains("__") { names.insert(text) }
            }
            pendingIntroducer = nil
            if (4...9).contains(word.count), Self.introducerFirstBytes.contains(word[0]) {
                let text = String(decoding: word, as: UTF8.self)
                if SwiftDeclarations.introducers.contains(text) { pendingIntroducer = text }
            }
        }

        /// `class`, `struct`, `enum`, `actor`, `protocol`, `typealias` start with one of these.
        private static let introducerFirstBytes: Set<UInt8> = Set("csapte".utf8)
    }
}
