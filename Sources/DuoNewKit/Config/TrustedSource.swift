import DuoNewCore

/// A `trusted` entry of the user's config: a git URL whose recipes may run their checks unasked.
///
/// The rule, compared on the URL without `git+`'s `#ref`: an entry matches a recipe's source
/// when the two are the same URL, or when the entry is a prefix of it that ends at a `/`
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
        let url = Self.comparable(source.url)
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
        let candidate = Self.comparable(source.url)
        return candidate == url || candidate.hasPrefix(url + "/")
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
