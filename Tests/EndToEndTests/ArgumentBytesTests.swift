import Foundation
import Testing
import TestSupport

/// An argument, or a typed answer, whose bytes are not UTF-8 is refused (65) before anything is
/// created: decoded, it would have become a different name (`Out\xFF` made `Out\u{FFFD}`).
@Suite("Arguments that are not UTF-8")
struct ArgumentBytesTests {
    /// Runs duo-new through `/bin/sh`, which can pass bytes a Swift `String` cannot hold:
    /// `BAD` in an argument becomes the byte 0xFF.
    private func run(_ harness: EndToEndHarness, _ arguments: [String]) throws -> EndToEndHarness.Run {
        let binary = try #require(EndToEndHarness.binary)
        let script = "bad=$(printf '\\377'); exec \"$0\" " + arguments.map { "\"" + $0.replacingOccurrences(of: "BAD", with: "${bad}") + "\"" }.joined(separator: " ")
        return try harness.run(["-c", script, binary.path], executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test(arguments: [
        (["example-hello", "Hello", "com.example.hello", "OutBAD", "--no-test"], 4, "OutBAD"),
        (["example-hello", "Hello", "com.example.hello", "./caf\u{E9}/OutBAD", "--no-test", "--json"], 4, "./caf\u{E9}/OutBAD"),
        (["example-hello", "Hello", "com.example.hello", "Out", "--set", "greeting=HiBAD", "--no-test"], 6, "greeting=(the value, not shown)"),
        (["example-hello", "Hello", "com.example.hello", "Out", "--templates", "recipesBAD"], 6, "recipesBAD"),
        (["check", "OutBAD"], 2, "OutBAD"),
        (["update", "OutBAD"], 2, "OutBAD"),
    ])
    func anArgumentThatIsNotUTF8IsRefusedBeforeAnythingIsCreated(arguments: [String], position: Int, shown: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let result = try run(harness, arguments)
        #expect(result.status == 65, "\(result.stderr)")
        let message = "argument \(position) ('\(shown.replacingOccurrences(of: "BAD", with: "\\xFF"))') is not valid UTF-8, and duo-new would turn it into a different name; give names and paths in UTF-8"
        #expect(result.stderr == "error: \(message)\n")
        if arguments.contains("--json") {
            #expect(result.stdout.contains("\"exitCode\" : 65"), "\(result.stdout)")
        }
        #expect(harness.tree().isEmpty, "nothing created: \(harness.tree())")
    }

    @Test func aFolderTypedAtThePromptThatIsNotUTF8IsAskedAgain() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        // Written by hand: "\udcff" (the byte 0xFF, typed) cannot be held by a Swift String.
        let steps = #"[{"expect": "Folder [./Hello]: ", "send": "Out\udcff\r"}, {"expect": "Folder [./Hello]: ", "send": "\u0003"}]"#
        let session = try TerminalSession.run(
            ["example-hello", "Hello", "com.example.hello", "--no-test"], steps: steps,
            in: harness.folder, environment: ["XDG_CONFIG_HOME": harness.url("cfg").path]
        )
        let transcript = session.transcript
        #expect(session.missed == nil, "asked again: \(transcript)")
        #expect(transcript.contains("error: the answer ('Out\\xFF') is not valid UTF-8; type it in UTF-8"), "\(transcript)")
        #expect(harness.tree().isEmpty, "\(harness.tree())")
    }
}
