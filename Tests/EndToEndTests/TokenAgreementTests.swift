import Foundation
import Testing
import TestSupport
@testable import DuoNewCore

/// Generation and lint read tokens by one grammar (`TokenGrammar`): for the same template line
/// they report the same leftover, at the same line and column. Compared on what each prints
/// (the file, line, column and token of every diagnostic), not on the exit code alone.
@Suite struct TokenAgreementTests {
    /// The lines the two once disagreed on, and lines like them.
    static let chosen = [
        "__A__B__", "__APP__NAME__", "__A___", "___A__", "x__A__B__y", "__A__ __B__", "__A_", "____A____",
        "__APP_NAME__B__", "X__APP_NAME____B__", "__APP_NAME____B__C__", "é__A__é__B__", "__1A__ __A1__", "a_b__C__d",
    ]

    /// A few hundred more, made from pieces dense in underscores and capitals.
    static func generated(count: Int) -> [String] {
        let pieces = ["_", "__", "___", "A", "B", "1", "a", " ", "é", "__APP_NAME__", "__X__"]
        var seed: UInt64 = 0x70CE
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % bound
        }
        return (0..<count).map { _ in (0..<(1 + next(12))).map { _ in pieces[next(pieces.count)] }.joined() }
    }

    struct Report: Hashable, CustomStringConvertible {
        var line: Int
        var column: Int
        var token: String
        var description: String { "\(line):\(column) \(token)" }
    }

    /// `PATH:LINE:COLUMN: error: …'TOKEN'…` lines of `text` about `file`, for the words that
    /// introduce the token in each command's message.
    static func reports(in text: String, file: String, after words: String) -> Set<Report> {
        var found = Set<Report>()
        for line in text.split(separator: "\n") {
            guard let range = line.range(of: "/template/\(file):") else { continue }
            let rest = line[range.upperBound...]
            let fields = rest.split(separator: ":", maxSplits: 2)
            guard fields.count == 3, let number = Int(fields[0]), let column = Int(fields[1]),
                  let quote = fields[2].range(of: words + "'") else { continue }
            let token = fields[2][quote.upperBound...].prefix { $0 != "'" }
            found.insert(Report(line: number, column: column, token: String(token)))
        }
        return found
    }

    @Test func generationAndLintReportTheSameTokenLineAndColumn() throws {
        let lines = Self.chosen + Self.generated(count: 300)
        // Batches small enough that neither command stops listing (20 a file, 50 a run).
        var batches: [[String]] = [[]]
        var inBatch = 0
        for line in lines {
            let stamped = line.replacingOccurrences(of: "__APP_NAME__", with: "\u{0}")
            let count = TokenGrammar.leftovers(in: stamped.unicodeScalars, leaving: .compilersOnly).count
            if inBatch + count > 15 {
                batches.append([])
                inBatch = 0
            }
            batches[batches.count - 1].append(line)
            inBatch += count
        }
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        var compared = 0
        for (index, batch) in batches.enumerated() where !batch.isEmpty {
            let name = "rec\(index)"
            let folder = harness.url("T/\(name)/template")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data((TestManifest.header(name: name, summary: "Token agreement.") + "\n").utf8).write(to: harness.url("T/\(name)/template.yaml"))
            try Data((batch.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("lines.txt"))
            try Data("__BUNDLE_ID__\n".utf8).write(to: folder.appendingPathComponent("bundle.txt"))

            let generation = try harness.run([name, "Sitter", "com.example.sitter", "out\(index)", "--templates", "T", "--no-test"])
            let lint = try harness.run(["lint", "T/\(name)"])
            let generated = Self.reports(in: generation.stderr, file: "lines.txt", after: "error: ")
            let linted = Self.reports(in: lint.stderr + lint.stdout, file: "lines.txt", after: "error: token ")
            #expect(generated == linted, "batch \(index):\n\(batch.joined(separator: "\n"))\ngeneration: \(generated.sorted { $0.description < $1.description })\nlint: \(linted.sorted { $0.description < $1.description })")
            #expect((generation.status == 78) == !generated.isEmpty, "\(generation.stderr)")
            compared += generated.count
        }
        #expect(compared > 100, "the inputs hold leftovers to compare (\(compared))")
    }
}
