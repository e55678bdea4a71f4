/// What a token is, written once. Stamping, the leftover scan of generation, lint, the name rules
/// and the manifest's own checks all ask this type, so they cannot disagree on a line such as
/// `__A__B__`.
///
/// - A token's **name** is `[A-Z][A-Z0-9_]*` (`APP_NAME`); the token is the name between two
///   pairs of underscores (`__APP_NAME__`).
/// - A **declared** token is replaced, at each place, by the longest declared token starting
///   there (`__A_B__` before `__A__`).
/// - Text **shaped like a token** is what the pattern `__[A-Z][A-Z0-9_]*__` matches, leftmost and
///   longest: within each run of name characters (`A-Z`, `0-9`, `_`), from the first `__`
///   followed by a capital to the end of the run's last `__`. So `__A__B__` is one leftover, not
///   `__A__` and `B__`, and `___A__` is `__A__` starting one character in. A run holds at most one.
/// - A **leftover** is text shaped like a token in what the *template* holds once its declared
///   tokens are taken out, each stamped value standing as one character that cannot be part of
///   a name (`Matcher.breakRun()`, `stampedValueStandIn`). A value's own text never counts, so
///   `____APP_NAME____` stamped with `ABC` (`__ABC__`) holds none, while `__APP_NAME____FOO__`
///   still leaves `__FOO__`: the check is there to catch a token the recipe forgot to declare,
///   and what a user typed beside the template's underscores is not one.
public enum TokenGrammar {
    /// The shape of a token as a regular expression, for the docs and the schema.
    public static let pattern = "__[A-Z][A-Z0-9_]*__"
    /// Leftovers longer than this are shown cut, with `…`; the scan's memory stays bounded.
    public static let longestShown = 120
    /// What a scan of scalars puts where a declared token stood (lint's view of a line): like a
    /// stamped value, it ends the run around it and is never part of a token.
    public static let stampedValueStandIn: Unicode.Scalar = "\u{0}"

    /// `[A-Z][A-Z0-9_]*`: a name a manifest may declare.
    public static func isName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isCapital(first) else { return false }
        return bytes.dropFirst().allSatisfy(isNameByte)
    }

    /// The token for a name: `__APP_NAME__` for `APP_NAME`.
    public static func token(named name: String) -> String { "__\(name)__" }

    /// Declared tokens in the order they are tried at each place: longest first, so a token that
    /// extends another (`__A_B__` and `__A__`) is taken whole.
    public static func tryingOrder<Token>(_ tokens: [Token], length: (Token) -> Int) -> [Token] {
        tokens.sorted { length($0) > length($1) }
    }

    /// Every leftover in `scalars`: the text shaped like a token that `words` does not leave
    /// alone, with its offset in scalars. Generation's streaming scan (`LeftoverScanner`) feeds
    /// the same `Matcher` and asks the same `words`.
    public static func leftovers(in scalars: some Sequence<Unicode.Scalar>, leaving words: TokenLikeWords) -> [(token: String, offset: Int)] {
        shapedLikeTokens(in: scalars).filter { !words.leavesAlone($0.token) }
    }

    /// The declared token a leftover was probably meant to be (`__APP_NAME__` for
    /// `__APP_NAM__`), for a "did you mean" after the leftover's error; nil when none is close.
    public static func likelyMeant(_ leftover: String, declared names: [String]) -> String? {
        Spelling.closest(to: leftover, among: names.map(token(named:)))
    }

    /// Every run of text shaped like a token in `scalars`, left alone or not, with its offset in
    /// scalars: what lint lists as let through, what `leftovers` filters, and what a value (a
    /// `--set` value, a default) may not hold at all.
    public static func shapedLikeTokens(in scalars: some Sequence<Unicode.Scalar>) -> [(token: String, offset: Int)] {
        var matcher = Matcher()
        var found: [(token: String, offset: Int)] = []
        var offset: Int64 = 0
        for scalar in scalars {
            // Only ASCII can be part of a token; anything else ends a run, as a space does.
            if let match = matcher.feed(scalar.isASCII ? UInt8(scalar.value) : 0x80, at: offset) {
                found.append((match.token, Int(match.offset)))
            }
            offset += 1
        }
        if let match = matcher.finish() { found.append((match.token, Int(match.offset))) }
        return found
    }

    /// The leftover rule over a stream of characters, one at a time, so generation can scan a
    /// file of any size chunk by chunk: a leftover is known when its run ends.
    public struct Matcher: Sendable {
        public struct Match: Sendable, Hashable {
            public var offset: Int64
            public var token: String
        }

        /// Underscores just before the current character, up to two.
        private var underscores = 0
        /// Where the run's leftover starts (its first `__` followed by a capital), once seen.
        private var start: Int64?
        /// The leftover's text from `start`, at most `longestShown + 1` bytes.
        private var text: [UInt8] = []
        /// Just after the run's last `__` behind the capital, once seen.
        private var end: Int64?

        public init() {}

        /// Nothing begun: a character that is not an underscore changes nothing, so a scan may
        /// skip straight to the next underscore.
        public var isIdle: Bool { start == nil && underscores == 0 }

        /// Feeds one character (a byte of UTF-8; a scalar's value when it is ASCII) at `offset`;
        /// returns the leftover of the run this character ends, if it had one.
        public mutating func feed(_ unit: UInt8, at offset: Int64) -> Match? {
            guard TokenGrammar.isNameByte(unit) else { return breakRun() }
            let isUnderscore = unit == UInt8(ascii: "_")
            if start == nil {
                if underscores == 2, TokenGrammar.isCapital(unit) {
                    start = offset - 2
                    text = [UInt8(ascii: "_"), UInt8(ascii: "_"), unit]
                }
            } else {
                if text.count <= TokenGrammar.longestShown { text.append(unit) }
                if isUnderscore, underscores >= 1 { end = offset + 1 }
            }
            underscores = isUnderscore ? min(underscores + 1, 2) : 0
            return nil
        }

        /// A stamped value at this place, whatever it holds: it ends the run as a space would,
        /// so the template's underscores on either side of it never join with it into a token.
        /// Returns the leftover of the run it ends, if it had one.
        public mutating func breakRun() -> Match? {
            underscores = 0
            return finish()
        }

        /// Ends the current run (the end of the text); its leftover, if it had one.
        public mutating func finish() -> Match? {
            defer {
                start = nil
                end = nil
                text.removeAll(keepingCapacity: true)
            }
            guard let start, let end else { return nil }
            let length = Int(end - start)
            let shown = length > TokenGrammar.longestShown
                ? String(decoding: text.prefix(TokenGrammar.longestShown), as: UTF8.self) + "…"
                : String(decoding: text.prefix(length), as: UTF8.self)
            return Match(offset: start, token: shown)
        }
    }

    static func isCapital(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }

    static func isNameByte(_ byte: UInt8) -> Bool {
        isCapital(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
