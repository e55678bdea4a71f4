/// A relative path read from a file duo-new did not just write (a project's record, an update's
/// journal, a recipe's tree), checked before anything acts on it: relative, normalised (no `.`,
/// `..` or empty name), no name that is git's own folder (`.git`), and no control character or
/// NUL byte in any name. Such a path, joined to its root, names something inside the root; what
/// the disk holds on the way there (a symbolic link among its folders) is checked where the disk
/// is read (`ProjectScan`).
///
/// The one rule for a name in such a path is `problem(inName:)`: lint, generation, the record and
/// the journal all ask it, so what one accepts the others accept.
public struct ContainedPath: Sendable, Hashable, CustomStringConvertible {
    /// The path as read, unchanged: `Sources/App/main.swift`.
    public let text: String

    /// `text` checked; throws the first rule it breaks.
    public init(validating text: String) throws(ContainedPathProblem) {
        if let problem = Self.problem(in: text) { throw problem }
        self.text = text
    }

    public var description: String { text }

    /// The first rule `path` breaks, or nil when it is a contained path.
    public static func problem(in path: String) -> ContainedPathProblem? {
        if path.isEmpty { return .empty }
        if path.utf8.first == UInt8(ascii: "/") { return .absolute }
        for name in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if let problem = problem(inNameBytes: name) { return problem }
        }
        return nil
    }

    /// The first rule a single file or folder name breaks (`/` counts as two names), or nil.
    public static func problem(inName name: some StringProtocol) -> ContainedPathProblem? {
        if name.utf8.contains(UInt8(ascii: "/")) { return .separatorInName }
        return problem(inNameBytes: name.utf8)
    }

    private static func problem(inNameBytes name: some Collection<UInt8>) -> ContainedPathProblem? {
        switch name.count {
        case 0: return .emptyName
        case 1 where name.first == UInt8(ascii: "."): return .dot
        case 2 where name.allSatisfy({ $0 == UInt8(ascii: ".") }): return .dotDot
        // Without case: on a Mac `.Git` is the repository's folder too.
        case 4 where name.map({ (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }).elementsEqual(".git".utf8): return .gitFolder
        default: break
        }
        return holdsControlCharacter(name) ? .controlCharacter : nil
    }

    /// Whether UTF-8 `bytes` hold a C0 control character (NUL and tab included), DEL, or a C1
    /// control character (U+0080 to U+009F, encoded `C2 80` to `C2 9F`): what `DisplayPath`
    /// escapes. Read byte by byte, since generation asks it of every name in a tree.
    public static func holdsControlCharacter(_ bytes: some Collection<UInt8>) -> Bool {
        var afterC2 = false
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || (afterC2 && (0x80...0x9F).contains(byte)) { return true }
            afterC2 = byte == 0xC2
        }
        return false
    }
}
