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
}
