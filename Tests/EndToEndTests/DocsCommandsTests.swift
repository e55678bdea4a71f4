import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
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

    // MARK: - README.md

    static let readme = SchemaValidator.repository.appendingPathComponent("README.md")
    /// What the README's first code block holds, line for line: generate the camera studio, run
    /// every test. A newcomer (or a check) takes exactly these two lines.
    static let firstCommands = [
        "swift run duo-new recipe-camera-studio Sitter com.example.sitter ./Sitter",
        "scripts/test.sh",
    ]

    /// The lines of the first fenced block of `text`, or `nil` when it has none.
    static func firstBlock(of text: String) -> [String]? {
        let lines = text.components(separatedBy: "\n")
        guard let open = lines.firstIndex(where: { $0.hasPrefix("```") }),
              let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") }) else { return nil }
        return Array(lines[(open + 1)..<close])
    }

    @Test func readmeOpensWithExactlyTheTwoCommands() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let block = try #require(Self.firstBlock(of: text), "README.md has no code block")
        #expect(block == Self.firstCommands, "README.md's first block: \(block)")
        let beforeBlock = text.components(separatedBy: "```").first ?? ""
        #expect(!beforeBlock.contains("## "), "nothing but the title and one sentence comes before the two commands")
        #expect(Self.firstBlock(of: "# t\n\n```bash\nscripts/install.sh\n```\n") == ["scripts/install.sh"], "the block is found")
    }

    /// The first command's arguments generate the camera studio (its checks are the bundled-recipe
    /// suite's; `swift run` cannot run inside `swift test`, so the built duo-new stands in).
    @Test func readmeFirstCommandGenerates() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let words = Self.firstCommands[0].split(separator: " ").map(String.init)
        #expect(Array(words.prefix(3)) == ["swift", "run", "duo-new"])
        let run = try harness.run(Array(words.dropFirst(3)) + ["--no-test"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: harness.url("Sitter/.duo-new.json").path))
    }

    /// Every package scripts/test.sh checks for is in the README's prerequisites, and the second
    /// command is the script that lists them.
    @Test func readmeNamesEveryPrerequisiteTheTestScriptChecks() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Prerequisites").dropFirst().first?.components(separatedBy: "\n## ").first)
        let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [SchemaValidator.repository.appendingPathComponent(Self.firstCommands[1]).path, "--prerequisites"])
        #expect(run.status == 0, "\(run.transcript)")
        let packages = run.outputText.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(packages.count >= 12, "\(run.outputText)")
        for package in packages {
            #expect(section.contains("`\(package)`"), "README.md's prerequisites should name `\(package)`")
        }
    }
}
