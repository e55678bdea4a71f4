import Foundation
import Testing
@testable import DuoNewKit

/// Every concrete `duo-new …` command docs/cli.md shows (in a code block, or in backticks in the
/// text) runs and succeeds as written, through `/bin/sh` with the built duo-new first on PATH, in a
/// folder holding `my-recipe` (example-hello renamed, as docs/authoring.md makes it). Synopsis
/// lines with placeholders (`<recipe>`, `[options]`, `…`) are not commands. Generation skips the
/// checks (`--no-test` is added), which the bundled-recipe suite runs; the sample output's
/// figures are compared with a real run.
@Suite struct DocsCommandsTests {
    static let page = SchemaValidator.repository.appendingPathComponent("docs/cli.md")

    static var commands: [String] {
        guard let text = try? String(contentsOf: page, encoding: .utf8) else { return [] }
        var found: [String] = []
        var inBlock = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            if inBlock {
                if line.hasPrefix("duo-new ") { found.append(line) }
            } else {
                var rest = Substring(line)
                while let open = rest.range(of: "`duo-new ") {
                    guard let close = rest[open.upperBound...].firstIndex(of: "`") else { break }
                    found.append(String(rest[rest.index(after: open.lowerBound)..<close]))
                    rest = rest[rest.index(after: close)...]
                }
            }
        }
        let placeholders = ["<", "[", "|", "…", "DIR"]
        var seen = Set<String>()
        return found.filter { command in !placeholders.contains { command.contains($0) } && seen.insert(command).inserted }
    }

    @Test func cliPageShowsCommands() {
        #expect(Self.commands.count >= 8, "\(Self.commands)")
    }

    @Test(arguments: commands)
    func documentedCommandSucceeds(_ command: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let binary = try #require(EndToEndHarness.binary)
        let recipe = harness.url("my-recipe")
        try FileManager.default.copyItem(at: SchemaValidator.repository.appendingPathComponent("Templates/example-hello"), to: recipe)
        let manifest = recipe.appendingPathComponent(Manifest.fileName)
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "name: example-hello", with: "name: my-recipe").write(to: manifest, atomically: true, encoding: .utf8)
        let isGeneration = !["list", "lint", "schema", "help", "completions", "config"].contains(command.split(separator: " ")[1])
        let line = isGeneration && !command.contains("--dry-run") ? command + " --no-test" : command
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", line], in: harness.folder,
            environment: ["PATH": binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        )
        #expect(run.status == 0, "'\(line)' exited \(run.status): \(run.transcript)")
    }

    /// The sample output's file counts and sizes are a real run's.
    @Test func sampleOutputFiguresAreARealRuns() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let run = try harness.run(["recipe-camera-studio", "Sitter", "com.example.sitter", "./Sitter", "--no-test", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        for line in run.stderr.components(separatedBy: "\n") where line.hasPrefix("  planned ") || line.hasPrefix("  wrote ") {
            let figures = line.components(separatedBy: " in ").first ?? line
            #expect(text.contains(figures), "docs/cli.md should show '\(figures)'")
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(text.contains("\"bytes\" : \(object["bytes"] as? Int ?? -1),"))
        #expect(text.contains("\"files\" : \(object["files"] as? Int ?? -1),"))
    }
}
