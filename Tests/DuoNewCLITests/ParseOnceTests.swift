import Foundation
import Testing
@testable import DuoNewCLI

/// A run reads its arguments once, and its config once: the prompt and `--defaults` fill in the
/// request the parser made, and every later step reads that request and that config.
@Suite("Parse once")
struct ParseOnceTests {
    /// Counts what it is told of, from any thread.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    /// Runs `arguments` in-process, counting the scans of the arguments.
    private func run(_ arguments: [String], config: String? = nil) throws -> (run: InProcessRun, scans: Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-parse-\(UUID().uuidString)")
        if let config {
            let configFolder = folder.appendingPathComponent("config/duo-new")
            try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
            try Data(config.utf8).write(to: configFolder.appendingPathComponent("config.yaml"))
        }
        let tally = Tally()
        let run = try CommandLineScan.$observer.withValue({ tally.add() }) {
            try InProcessRun.run(arguments, in: folder)
        }
        return (run, tally.value)
    }

    @Test(arguments: [
        ["example-hello", "Sitter", "--defaults", "--dry-run", "--json"],
        ["example-hello", "Sitter", "com.example.sitter", "Out", "--dry-run"],
        ["example-hello", "Sitter"],
        ["list", "--names"],
        ["--bogus", "--json"],
        ["lint", "--help"],
        ["update", "--with", "x"],
    ])
    func everyRunScansItsArgumentsOnce(arguments: [String]) throws {
        let (run, scans) = try run(arguments, config: "bundle-id-prefix: org.sample\n")
        defer { run.cleanUp() }
        #expect(scans == 1, "\(arguments): \(run.output.standardError)")
    }

    @Test func defaultsFillTheRequestAndTheConfigIsReadOnce() throws {
        let (run, _) = try run(["example-hello", "Sitter", "-y", "--dry-run", "--no-test"], config: "bundle-id-prefix: org.sample\n")
        defer { run.cleanUp() }
        #expect(run.code == .success, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("Using the proposals (--defaults): bundle id 'org.sample.sitter' (from the config's bundle-id-prefix), folder './Sitter'"), "\(run.output.standardOutput)")
        #expect(run.context.configReading.reads == 1)
    }

    @Test func jsonAndQuietComeFromTheParsedOptionsNotTheWords() throws {
        // `--json` after `--` is a word, not the option: the error is not JSON.
        let (worded, _) = try run(["list", "--", "--json"])
        defer { worded.cleanUp() }
        #expect(worded.code == .usage)
        #expect(!worded.output.standardOutput.contains("\"exitCode\""), "\(worded.output.standardOutput)")
        // Nor is an option ever another option's value: `--templates` lacks one, asked as JSON.
        let (valued, _) = try run(["list", "--templates", "--json"])
        defer { valued.cleanUp() }
        #expect(valued.code == .usage)
        #expect(valued.output.standardOutput.contains("\"exitCode\" : 64"), "\(valued.output.standardOutput)")
        let (written, _) = try run(["--bogus", "--json"])
        defer { written.cleanUp() }
        #expect(written.code == .usage)
        #expect(written.output.standardOutput.contains("\"exitCode\" : 64"), "\(written.output.standardOutput)")
    }
}
