import DuoNewCore
import Foundation
import Testing
import TestSupport

/// Whether `git` runs here (it does on the development machines and in CI).
private let gitIsThere = (try? ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "--version"]).status) == 0

/// `LineMerge` against `git merge-file` on the same three texts: hand-written cases and seeded
/// random ones (a small alphabet of lines, so runs of equal lines, moved braces and changes made
/// on both sides are common; LF, CRLF and unterminated last lines). Each must come out as git's:
/// conflicted exactly when git's is, and byte for byte the same text, markers included. So a
/// clean merge where git conflicts, a change taken twice or a line lost would show.
@Suite(.enabled(if: gitIsThere, "git is not installed"))
struct LineMergeAgainstGitTests {

    /// One case, as `git merge-file -p` and `LineMerge` see it.
    struct Case: CustomStringConvertible {
        var base: String
        var ours: String
        var theirs: String

        var description: String { "base \(base.debugDescription), ours \(ours.debugDescription), theirs \(theirs.debugDescription)" }
    }

    /// What git makes of a case: its text and whether it conflicted.
    private static func git(_ merge: Case, in folder: URL) throws -> (text: String, clean: Bool) {
        for (name, text) in [("base", merge.base), ("ours", merge.ours), ("theirs", merge.theirs)] {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        // No configuration of this machine's (a `merge.conflictStyle`, say) may change git's output.
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "merge-file", "-p", "-L", "yours", "-L", "base", "-L", "upd 2.0.0", "ours", "base", "theirs"],
            in: folder, environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CEILING_DIRECTORIES": folder.deletingLastPathComponent().path]
        )
        try required(run.status >= 0 && run.status < 127, "git merge-file failed: \(run.errorText)")
        return (String(decoding: run.output, as: UTF8.self), run.status == 0)
    }

    /// Compares every case; returns how many git found clean and how many conflicted.
    @discardableResult
    private static func check(_ cases: [Case]) throws -> (clean: Int, conflicted: Int) {
        let folder = try TestScratch.makeFolder("merge-against-git")
        defer { try? FileManager.default.removeItem(at: folder) }
        var differing: [String] = []
        var clean = 0
        for merge in cases {
            let expected = try git(merge, in: folder)
            if expected.clean { clean += 1 }
            let result = LineMerge.merge(
                base: Array(merge.base.utf8), ours: Array(merge.ours.utf8), theirs: Array(merge.theirs.utf8),
                labels: LineMerge.Labels(ours: "yours", theirs: "upd 2.0.0")
            )
            let text = String(decoding: result.bytes, as: UTF8.self)
            if result.isClean != expected.clean || text != expected.text {
                differing.append("\(merge)\n  git (\(expected.clean ? "clean" : "conflict")): \(expected.text.debugDescription)\n  ours (\(result.isClean ? "clean" : "conflict")): \(text.debugDescription)")
            }
        }
        #expect(differing.isEmpty, "\(differing.count) of \(cases.count) differ from git merge-file; the first:\n\(differing.prefix(3).joined(separator: "\n"))")
        return (clean, cases.count - clean)
    }

    @Test func handWrittenCasesMergeAsGitMergesThem() throws {
        func words(_ text: String, _ ending: String = "\n") -> String { text.split(separator: " ").map { $0 + ending }.joined() }
        let function = "struct S {\n    func a() {\n    }\n}\n"
        let withB = "struct S {\n    func a() {\n    }\n\n    func b() {\n    }\n}\n"
        try Self.check([
            Case(base: words("x } } } x"), ours: words("O x } } x"), theirs: words("x } } x T")),
            Case(base: "import A\n" + function, ours: "import A\n" + withB, theirs: "import A\nimport B\n" + withB),
            Case(base: words("a b c"), ours: words("a B c"), theirs: words("a b C")),
            Case(base: words("a b c"), ours: words("a X c"), theirs: words("a Y c")),
            Case(base: words("a b c", "\r\n"), ours: words("a X c", "\r\n"), theirs: words("a Y c", "\r\n")),
            Case(base: "a\r\nb", ours: "a\r\nmine", theirs: "a\r\ntheirs"),
            Case(base: "a\nb", ours: "a\nmine", theirs: "a\ntheirs"),
            Case(base: words("a { } { } { } { } b"), ours: words("A { } { } { } { } B"), theirs: words("1 { } { } { } { } 2")),
            Case(base: words("a 1 2 3 4 b"), ours: words("A 1 2 3 4 B"), theirs: words("X 1 2 3 4 Y")),
            Case(base: words("a 1 2 3 b"), ours: words("A 1 2 3 B"), theirs: words("X 1 2 3 Y")),
            Case(base: words("a b c d e"), ours: words("a b X Y c d e"), theirs: words("a b X Z c d e")),
            Case(base: "", ours: "a\n", theirs: "b\n"),
            Case(base: "", ours: "a\n", theirs: "a\n"),
            Case(base: words("a b"), ours: "", theirs: words("a b c")),
            Case(base: words("a b c"), ours: words("a c"), theirs: words("a c")),
        ])
    }

    @Test func seededRandomCasesMergeAsGitMergesThem() throws {
        // DUO_NEW_MERGE_CASES=N runs more (the suite's 400 take seconds; 20,000 were run once).
        let count = ProcessInfo.processInfo.environment["DUO_NEW_MERGE_CASES"].flatMap { Int($0) } ?? 400
        var random = SplitMix(seed: 42)
        let found = try Self.check((0..<count).map { _ in Self.randomCase(&random) })
        // Both outcomes are common, so neither half of the comparison goes untested.
        #expect(found.clean > count / 5 && found.conflicted > count / 5, "\(found)")
    }

    /// A base of 0 to 24 lines from a small alphabet, changes both sides make, then changes of
    /// each side's own.
    static func randomCase(_ random: inout SplitMix) -> Case {
        let alphabet = ["x", "}", "{", "", "a", "b", "func f() {", "    return 1", "// note"]
        let ending = random.below(5) == 0 ? "\r\n" : "\n"
        func line() -> String {
            random.below(4) == 0 ? "new \(random.below(6))" : alphabet[random.below(alphabet.count)]
        }
        func edit(_ lines: inout [String], times: Int) {
            for _ in 0..<times {
                let at = random.below(lines.count + 1)
                switch random.below(3) {
                case 0 where at < lines.count: lines.remove(at: at)
                case 1 where at < lines.count: lines[at] = line()
                default: lines.insert(contentsOf: (0...random.below(3)).map { _ in line() }, at: at)
                }
            }
        }
        func text(_ lines: [String], unterminated: Bool) -> String {
            let joined = lines.map { $0 + ending }.joined()
            return unterminated && joined.hasSuffix(ending) ? String(joined.dropLast(ending.count)) : joined
        }
        let base = (0..<random.below(25)).map { _ in line() }
        var shared = base
        edit(&shared, times: random.below(3))
        var ours = shared
        var theirs = shared
        edit(&ours, times: random.below(4))
        edit(&theirs, times: random.below(4))
        let unterminated = random.below(6) == 0
        return Case(
            base: text(base, unterminated: unterminated),
            ours: text(ours, unterminated: unterminated && random.below(2) == 0),
            theirs: text(theirs, unterminated: unterminated && random.below(2) == 0)
        )
    }

    /// A small seeded generator (SplitMix64), so a failing case comes back on every run.
    struct SplitMix {
        var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }
}
