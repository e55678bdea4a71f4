import Foundation
import Testing
@testable import DuoNewCore

/// The commands duo-new prints for the user to paste: each word read back by the shell as the
/// same bytes, and no control character printed raw.
@Suite struct ShellQuotingTests {
    @Test(arguments: [
        ("Sitter", "Sitter"), ("./Out/App", "./Out/App"), ("UI tests", "'UI tests'"), ("it's", "'it'\\''s'"), ("", "''"),
        ("g\u{1B}[31mx", "$'g\\x1b[31mx'"), ("a\nb\tc", "$'a\\nb\\tc'"), ("q'\u{7}\\", "$'q\\'\\x07\\\\'"), ("c1\u{85}", "$'c1\\u0085'"),
    ])
    func quoted(text: String, expected: String) {
        #expect(ShellQuoting.quoted(text) == expected)
        #expect(!ShellQuoting.quoted(text).unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func anArgumentStartingWithADashIsAPath() {
        #expect(ShellQuoting.argument("-out") == "./-out")
    }

    /// A command in a sentence keeps its own quotes apart from the sentence's: double quotes
    /// around it when it holds a single quote, single quotes otherwise.
    @Test func aCommandInASentenceIsSetApartFromItsOwnQuotes() {
        #expect(ShellQuoting.inSentence("duo-new check " + ShellQuoting.argument("Sitter")) == "'duo-new check Sitter'")
        #expect(ShellQuoting.inSentence("duo-new check " + ShellQuoting.argument("my folder")) == "\"duo-new check 'my folder'\"")
        #expect(ShellQuoting.inSentence("duo-new check " + ShellQuoting.argument("-x")) == "'duo-new check ./-x'")
        #expect(ShellQuoting.inSentence("duo-new check " + ShellQuoting.argument("q\"u'o")) == "`duo-new check 'q\"u'\\''o'`")
    }

    /// bash reads each quoted word back as the bytes it came from.
    @Test(arguments: ["UI tests", "it's", "g\u{1B}[31mx", "a\nb\tc", "q'\u{7}\\", "c1\u{85}é"])
    func bashReadsTheWordBack(text: String) throws {
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["--norc", "-c", "printf '%s' " + ShellQuoting.quoted(text)]
        let pipe = Pipe()
        bash.standardOutput = pipe
        try bash.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        bash.waitUntilExit()
        #expect(bash.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == text)
    }

    /// A command printed to be pasted, too long for the terminal, is continued with ` \` at its
    /// spaces outside quotes, never inside `'…'` (where a backslash and a newline would be kept
    /// as they are): the lines the shell joins give the command back.
    @Test func aLongCommandIsContinuedAtItsSpacesOutsideQuotes() {
        let command = "(cd 'a long folder/with a project' && Tools/run.sh --with-a-long-option value \"two words\" a\\ b --more)"
        let lines = ShellQuoting.continued(command, width: 40, indent: "      ")
        #expect(lines.count > 2 && lines.allSatisfy { TextWrapping.columns($0) <= 40 }, "\(lines)")
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix(" \\") } && lines.allSatisfy { $0.hasPrefix("      ") }, "\(lines)")
        let joined = lines.map { ($0.hasSuffix(" \\") ? String($0.dropLast(2)) : $0).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined == command, "\(lines)")
        #expect(lines.contains { $0.contains("'a long folder/with a project'") } && lines.contains { $0.contains("\"two words\"") } && lines.contains { $0.contains("a\\ b") })
        #expect(ShellQuoting.continued("make test", width: 40, indent: "  ") == ["  make test"], "one line when it fits")
    }
}
