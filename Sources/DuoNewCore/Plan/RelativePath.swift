/// The parts of a relative, `/`-separated path as listings and plans hold them (no `.`, `..`,
/// leading or doubled `/`), found by the last `/`: splitting the path, or `NSString`'s path
/// handling, showed in profiles of large trees.
package enum RelativePath {
    /// `a/b` for `a/b/c`; empty for a name at the top.
    package static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// `c` for `a/b/c`; the path itself for a name at the top.
    package static func name(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}
