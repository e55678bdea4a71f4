/// The rule every path read from a project's files must keep (issue 26), written out here by hand
/// as the record and journal targets' oracle, independent of the readers' own checks: relative,
/// normalised (no empty, `.` or `..` name, no leading, doubled or trailing `/`), never into
/// `.git`, and without a NUL byte (a C call would cut the path there). Read as bytes, as the
/// kernel reads it: `String`'s own comparisons join a `/` and a combining accent after it into
/// one character, which is not `/`.
enum ProjectPathRule {
    /// Why `path` breaks the rule, or nil when it keeps it.
    static func problem(in path: String) -> String? {
        let bytes = Array(path.utf8)
        if bytes.isEmpty { return "it is empty" }
        if bytes.contains(0) { return "it holds a NUL byte" }
        if bytes[0] == UInt8(ascii: "/") { return "it is absolute" }
        for name in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if name.isEmpty { return "it has an empty name (a doubled or trailing '/')" }
            if name.elementsEqual(".".utf8) || name.elementsEqual("..".utf8) { return "it has a '\(String(decoding: name, as: UTF8.self))' name" }
            if name.elementsEqual(".git".utf8) { return "it reaches into '.git'" }
        }
        return nil
    }

    /// Stops the run when a reader accepted `path` against the rule; `entry` says where it was.
    static func expect(_ path: String, from entry: String) {
        if let problem = problem(in: path) {
            fatalError("accepted the path \(path.debugDescription) in \(entry), but \(problem)")
        }
    }
}
