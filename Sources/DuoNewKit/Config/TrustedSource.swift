import DuoNewCore

/// A `trusted` entry of the user's config: a git URL whose recipes may run their checks unasked.
///
/// The rule, compared on the URL without `git+`'s `#ref`, each put in one form first
/// (`normalised`: git resolves `..` and percent-encodings in a path, so text would not do): an
/// entry matches a recipe's source when the two are the same URL, or when the entry is a prefix of it that ends at a `/`
/// (`git+https://github.com/acme` trusts `git+https://github.com/acme/recipes.git`, never
/// `git+https://github.com/acme-tools/x`). A trailing `/` or `.git` does not count. An entry
/// with a `#ref` trusts that ref only. Scheme, host, user and port are compared as written, so
/// `git+ssh://` and `git+https://` of one host are trusted apart. An entry must name a path
/// below the host (`git+https://github.com` alone would trust everyone's code there).
public struct TrustedSource: Sendable, Equatable {
    public var spec: String
    let url: String
    let ref: String?

    /// Parses a config entry; why it cannot be one, when it cannot.
    public init(_ spec: String) throws(TrustedSourceError) {
        let source: GitTemplates
        do {
            source = try GitTemplates(spec)
        } catch {
            throw TrustedSourceError(reason: error.message)
        }
        guard let normalised = Self.normalised(source.url) else {
            throw TrustedSourceError(reason: "'\(spec)' cannot be put in one form: \(Self.formRule)")
        }
        let url = Self.comparable(normalised)
        guard let scheme = url.range(of: "://"), url[scheme.upperBound...].contains("/") else {
            throw TrustedSourceError(reason: "'\(spec)' names a host but no path on it; trust a repository or an owner, such as 'git+https://github.com/acme'")
        }
        self.spec = spec
        self.url = url
        self.ref = source.ref
    }

    /// Whether this entry trusts the recipe source `source` (a `git+…` URL as recorded).
    public func trusts(_ source: GitTemplates) -> Bool {
        if let ref, ref != source.ref { return false }
        guard let normalised = Self.normalised(source.url) else { return false }
        let candidate = Self.comparable(normalised)
        return candidate == url || candidate.hasPrefix(url + "/")
    }

    /// What a URL that cannot be put in one form holds.
    static let formRule = "a '..' above its root, an encoded '/', '\\', '%', '?' or '#', a raw '\\' or '?', a control character, or bytes that are not UTF-8"

    /// `url` (`scheme://authority/path`) in the one form trust is decided on: scheme and
    /// authority lower-cased; in the path, percent-encodings decoded, then `.`, `..` and empty
    /// segments resolved as a file system does. Nil when that form would be a guess: a `..`
    /// above the root; an encoded `/`, `\`, `%`, `?` or `#` (a server may decode it once more,
    /// or not at all); a raw `\` or `?` (a server may read either as a boundary); a control
    /// character; bytes that are not UTF-8.
    public static func normalised(_ url: String) -> String? {
        guard let separator = url.range(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound].lowercased()
        let rest = url[separator.upperBound...]
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash].lowercased()
        var bytes: [UInt8] = []
        var input = Array(rest[slash...].utf8)[...]
        while let byte = input.popFirst() {
            var decoded = byte
            if byte == UInt8(ascii: "%") {
                guard input.count >= 2, let high = hexValue(input.removeFirst()), let low = hexValue(input.removeFirst()) else { return nil }
                decoded = high << 4 | low
                if decoded == UInt8(ascii: "/") || decoded == UInt8(ascii: "%") || decoded == UInt8(ascii: "#") { return nil }
            }
            if decoded == UInt8(ascii: "\\") || decoded == UInt8(ascii: "?") || decoded < 0x20 || decoded == 0x7F { return nil }
            bytes.append(decoded)
        }
        // Two different invalid sequences would both decode to U+FFFD and compare equal.
        guard let decodedPath = String(validating: bytes, as: UTF8.self) else { return nil }
        var segments: [Substring] = []
        for segment in decodedPath.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": guard segments.popLast() != nil else { return nil }
            default: segments.append(segment)
            }
        }
        let path = segments.map { "/" + $0 }.joined()
        return scheme + "://" + authority + path
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `url` without a trailing `/` or `.git`.
    static func comparable(_ url: String) -> String {
        var text = Substring(url)
        while text.hasSuffix("/") { text = text.dropLast() }
        if text.hasSuffix(".git") { text = text.dropLast(4) }
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}

/// Why a `trusted` entry is refused.
public struct TrustedSourceError: Error, Sendable, Equatable {
    public var reason: String
}
