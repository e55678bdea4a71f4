/// A path pattern relative to the template tree.
///
/// `*` matches any run of characters within one path segment, `?` one character,
/// `**` as a whole segment any number of segments (none included). A pattern without `/`
/// matches a file or folder name at any depth, like `.gitignore` does: `*.png` is `**/*.png`.
/// A path matches a pattern when the path itself or one of its parent folders does, so
/// `build` excludes everything below a folder named `build`.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    /// Pattern segments as UTF-8 bytes, split once here rather than on every match.
    private let segments: [[UInt8]]
    /// For `**/NAME` (and so for every pattern without `/`), NAME: the path matches when any of
    /// its segments does, which is checked without splitting the path.
    private let nameAtAnyDepth: [UInt8]?
    private static let anyDepth = Array("**".utf8)

    /// Why a pattern is refused, or nil when it is usable.
    public static func problem(in pattern: String) -> String? {
        if pattern.isEmpty { return "a glob cannot be empty" }
        if pattern.hasPrefix("/") { return "glob '\(pattern)' is absolute; globs are relative to the template tree" }
        if pattern.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." }) {
            return "glob '\(pattern)' has a '.' or '..' segment; globs name paths inside the template tree"
        }
        if pattern.contains("//") { return "glob '\(pattern)' has an empty segment ('//')" }
        for segment in pattern.split(separator: "/") where segment.contains("**") && segment != "**" {
            return "glob '\(pattern)' uses '**' inside a segment; write '**' alone between slashes"
        }
        if pattern.contains("[") || pattern.contains("]") || pattern.contains("{") || pattern.contains("}") {
            return "glob '\(pattern)' uses brackets or braces, which duo-new globs do not support; list each pattern separately"
        }
        return nil
    }

    /// Builds a glob; call `problem(in:)` first for patterns that come from a user.
    public init(_ pattern: String) {
        self.pattern = pattern
        let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
        var parts = trimmed.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
        if !trimmed.utf8.contains(UInt8(ascii: "/")) { parts.insert(Self.anyDepth, at: 0) }
        self.segments = parts
        nameAtAnyDepth = parts.count == 2 && parts[0] == Self.anyDepth && parts[1] != Self.anyDepth ? parts[1] : nil
    }

    public var description: String { pattern }

    public static func == (lhs: Glob, rhs: Glob) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// Whether a relative path (`Sitter/Model/Layout.swift`), or a folder above it, matches.
    public func matches(_ relativePath: String) -> Bool {
        if let name = nameAtAnyDepth {
            var path = relativePath
            return path.withUTF8 { bytes in
                var start = 0
                for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                    if index > start, Self.matchSegment(name[...], bytes[start..<index]) { return true }
                    start = index + 1
                }
                return false
            }
        }
        let bytes = Array(relativePath.utf8)
        let path = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
        for count in stride(from: path.count, through: 1, by: -1) where Self.match(segments[...], path[..<count]) {
            return true
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<[UInt8]>, _ path: ArraySlice<ArraySlice<UInt8>>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == anyDepth {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if match(rest, tail) { return true }
                if tail.isEmpty { return false }
                tail = tail.dropFirst()
            }
        }
        guard let name = path.first, matchSegment(head[...], name) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one segment, by UTF-8 bytes (paths are compared byte for byte).
    private static func matchSegment<Name: RandomAccessCollection<UInt8>>(_ pattern: ArraySlice<UInt8>, _ name: Name) -> Bool
    where Name.Index == Int {
        var p = pattern.startIndex, n = name.startIndex
        var starP: Int? = nil, starN = name.startIndex
        while n < name.endIndex {
            if p < pattern.endIndex, pattern[p] == UInt8(ascii: "?") || pattern[p] == name[n] {
                p += 1; n += 1
            } else if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
                starP = p; starN = n; p += 1
            } else if let star = starP {
                p = star + 1; starN += 1; n = starN
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }
}
