@testable import DuoNewCore
import Testing

/// The planner stamps a path in one piece when the values cannot break a name, and name by name
/// otherwise; both must give the same destinations and refuse the same paths.
@Suite("Planning: a path stamped whole or name by name")
struct PlanWholePathTests {
    /// Tokens at the start, middle and end of names, next to underscores and dots, doubled, in
    /// the last name and in folders, next to a token the recipe does not declare.
    static let paths = [
        "__APP_NAME__", "__APP_NAME__/__APP_NAME__App.swift", "a___APP_NAME___b/c.txt", "__FOLDER__.__APP_NAME__/x",
        "x/__APP_NAME____FOLDER__", "_/__/___/y__APP_NAME__", "Docs/__FOLDER__/readme_.md", "__APP_NAME__/__UNKNOWN__.txt",
        "..__APP_NAME__../z", "__APP_NAME__/.hidden__FOLDER__",
    ]

    /// What stamping each name, then joining them, makes of a path.
    static func nameByName(_ path: String, _ values: [String: String]) -> String {
        let stamper = Stamper(values: values)
        return path.split(separator: "/", omittingEmptySubsequences: false).map { stamper.stamp(String($0)) }.joined(separator: "/")
    }

    @Test(arguments: [
        ["APP_NAME": "Sitter", "FOLDER": "Extras"],
        ["APP_NAME": "A", "FOLDER": "."],          // a dot alone: names could become "." or ".."
        ["APP_NAME": "Sitter", "FOLDER": "a/b"],    // a slash: a name would split
        ["APP_NAME": "S_", "FOLDER": "_x_"],        // underscores that could form a new token
        ["APP_NAME": "Caméra", "FOLDER": ""],       // non-ASCII, and an empty value
    ])
    func bothWaysAgree(values: [String: String]) throws {
        let entries = Self.paths.map { TreeEntry(path: $0, kind: .file(size: 1), mode: 0o644) }
        for entry in entries {
            let expected = Self.nameByName(entry.path, values)
            let names = expected.split(separator: "/", omittingEmptySubsequences: false)
            let breaksName = expected.split(separator: "/", omittingEmptySubsequences: false).count != entry.path.split(separator: "/", omittingEmptySubsequences: false).count
                || names.contains { $0.isEmpty || $0 == "." || $0 == ".." }
            let leftover = !LeftoverScanner.findings(in: String(names.last ?? ""), leaving: .compilersOnly).isEmpty
            do {
                let plan = try PlanTests.plan([entry], values: values)
                #expect(!breaksName && !leftover, "\(entry.path) should have been refused as \(expected)")
                #expect(plan.writes.map(\.destination) == [expected])
            } catch {
                #expect(breaksName || leftover, "\(entry.path) was refused: \(error.problems)")
            }
        }
    }
}
