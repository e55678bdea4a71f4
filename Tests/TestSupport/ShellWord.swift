/// `text` as one word of a shell command line a test builds: single-quoted, each `'` inside
/// written `'\''`. The paths in those lines (the built binary, the fixtures) lie in the clone,
/// whose folder may hold a space, a quote or a `$` (`~/Bob's Projects/duo-new`).
package func shellWord(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
