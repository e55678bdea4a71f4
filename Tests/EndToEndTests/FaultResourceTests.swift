#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Inputs built to exhaust time or memory: each is refused quickly or handled within a bound.
/// The bounds are generous (a debug build on a loaded machine) and far below what the faults
/// cost before they were fixed, so they catch a return of the fault, not a slow machine.
@Suite("Fault: time and memory bounds", .serialized)
struct FaultResourceTests {
    static let megabyte = 1 << 20

    /// A recipe whose one text file is `count` tokens with nothing between them.
    static func tokenRecipe(in harness: EndToEndHarness, count: Int) throws -> URL {
        let recipe = harness.url("templates/many")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data("name: many\nsummary: Many tokens.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  GREETING: {from: set, default: Hi}\n".utf8)
            .write(to: recipe.appendingPathComponent("template.yaml"))
        try Data((String(repeating: "__GREETING__", count: count) + "\n__APP_NAME__\n").utf8)
            .write(to: recipe.appendingPathComponent("template/a.txt"))
        return harness.url("templates")
    }

    /// 1.2 MB of tokens, each stamped with the longest value allowed: a 100 MB file, written
    /// a chunk at a time. Before, the stamped chunk was held whole (157 MB here; 16.8 GB with
    /// a 120,000-character value).
    @Test func stampingManyTokensWithLongValuesKeepsMemoryBounded() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.tokenRecipe(in: harness, count: 100_000)
        let value = String(repeating: "x", count: 1024)
        let process = try harness.launch(["many", "Sitter", "com.example.sitter", "out", "--templates", templates.path, "--no-test", "--set", "greeting=" + value])
        let run = try PeakMemory.run(process)
        #expect(run.status == 0, "\(run.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: harness.url("out/a.txt").path)[.size] as? Int
        #expect(size == 100_000 * 1024 + "\nSitter\n".utf8.count)
        #expect(run.peakBytes < 64 * Self.megabyte, "peak \(run.peakBytes / Self.megabyte) MiB")
    }

    @Test func aValueOverTheLimitIsRefusedWith65NamingTheKey() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try Self.tokenRecipe(in: harness, count: 10)
        let run = try harness.run(["many", "Sitter", "com.example.sitter", "out", "--templates", templates.path, "--set", "greeting=" + String(repeating: "x", count: 120_000)])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("error: the value of 'greeting' is 120000 bytes long; a value may have at most 1024 bytes [set.length]"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("out").path))
        let fits = try harness.run(["many", "Sitter", "com.example.sitter", "out", "--templates", templates.path, "--no-test", "--set", "greeting=" + String(repeating: "x", count: 1024)])
        #expect(fits.status == 0, "\(fits.stderr)")
    }

    /// Check output drawn with `\r` (a progress bar) or with no line end at all. Before, each
    /// chunk was scanned again with all the text before it: 3 MB took 7 s, 30 MB over 300 s.
    @Test("check output without newlines is read in linear time and bounded memory", arguments: [
        "head -c 20000000 /dev/zero | tr '\\\\0' x",
        "yes 'compiling 50%' | head -c 20000000 | tr '\\\\n' '\\\\r'",
    ])
    func checkOutputWithoutNewlinesIsLinear(_ command: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let templates = try FaultProcessTests.recipe(in: harness, checks: "  - name: bar\n    run: \"\(command)\"\n")
        let process = try harness.launch(["proc", "Sitter", "com.example.sitter", "out", "--templates", templates.path])
        let run = try PeakMemory.run(process)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.seconds < 90, "\(run.seconds) s")
        #expect(run.peakBytes < 64 * Self.megabyte, "peak \(run.peakBytes / Self.megabyte) MiB")
    }

    /// A 50 MB manifest was decoded for 40 s in 800 MB; it is refused before it is read.
    @Test func aHugeManifestIsRefusedAtOnceWith78() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = harness.url("templates/huge")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
        var text = "name: huge\nsummary: Huge.\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\nreserved-names:\n"
        let item = "  - Reserved\n"
        text += String(repeating: item, count: (50 << 20) / item.utf8.count)
        try Data(text.utf8).write(to: recipe.appendingPathComponent("template.yaml"))
        for arguments in [["huge", "Sitter", "com.example.sitter", "out", "--templates", harness.url("templates").path], ["lint", recipe.path]] {
            let run = try PeakMemory.run(try harness.launch(arguments))
            #expect(run.status == 78, "\(run.stderr)")
            #expect(run.stderr.contains("bytes or more, over the 1048576-byte limit for a manifest"), "\(run.stderr)")
            #expect(run.seconds < 10, "\(run.seconds) s")
            #expect(run.peakBytes < 64 * Self.megabyte, "peak \(run.peakBytes / Self.megabyte) MiB")
        }
    }

    /// A FIFO in place of the manifest made every reader wait for a writer for ever.
    @Test func aManifestThatIsAFIFOIsRefusedWith78() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let recipe = harness.url("templates/fifo")
        try FileManager.default.createDirectory(at: recipe.appendingPathComponent("template"), withIntermediateDirectories: true)
        #expect(mkfifo(recipe.appendingPathComponent("template.yaml").path, 0o644) == 0)
        let binary = try #require(EndToEndHarness.binary)
        for arguments in [["fifo", "Sitter", "com.example.sitter", "out", "--templates", harness.url("templates").path], ["lint", recipe.path]] {
            // timeout(1) ends a run that waits (124), rather than the test.
            let run = try harness.run(["20", binary.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/timeout"))
            #expect(run.status == 78, "\(run.stderr)")
            #expect(run.stderr.contains("is a FIFO, not a file"), "\(run.stderr)")
        }
    }
}
