import Foundation
import Testing
import TestSupport

/// docs/duo-new.1 is plain ASCII roff that `man` renders under `LANG=C` without a warning, and
/// says where the installed docs are. (That it is made from the help: `CompletionTests`.)
/// `man` (man-db) and `groff` are among what `scripts/test.sh` installs.
@Suite("Man page")
struct ManPageTests {
    static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let page = package.appendingPathComponent("docs/duo-new.1")

    /// The first non-ASCII byte of `data` (a control character other than tab or newline counts
    /// too), with its line, or `nil`.
    static func firstNonASCII(in data: Data) -> (line: Int, byte: UInt8)? {
        var line = 1
        for byte in data {
            if byte == 0x0A {
                line += 1
            } else if byte > 0x7E || (byte < 0x20 && byte != 0x09) {
                return (line, byte)
            }
        }
        return nil
    }

    /// A program on PATH, found as `/usr/bin/env` would, or a failure saying what to install.
    static func tool(_ name: String, package: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let found = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "'\(name)' is not installed; scripts/test.sh installs it (Debian: \(package))")
    }

    @Test func pageIsPlainASCII() throws {
        let data = try Data(contentsOf: Self.page)
        let stray = Self.firstNonASCII(in: data)
        #expect(stray == nil, "docs/duo-new.1:\(stray?.line ?? 0) holds byte 0x\(String(stray?.byte ?? 0, radix: 16)); spell it in ASCII in scripts/make-man-page.py")
    }

    /// EXAMPLES, before FILES: whole command lines a new user types, each with what it does,
    /// generating, asking, `-y`, a fresh clone, `check` and `update` among them.
    @Test func pageHasExamplesOfWholeCommandLines() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let examples = try #require(text.components(separatedBy: "\n.SH EXAMPLES\n").dropFirst().first?.components(separatedBy: "\n.SH ").first)
        #expect(text.range(of: ".SH EXAMPLES")?.lowerBound ?? text.endIndex < (text.range(of: ".SH FILES")?.lowerBound ?? text.startIndex))
        let commands = examples.split(separator: "\n").filter { $0.hasPrefix("\\fB") }
        #expect(commands.count >= 6, "\(examples)")
        for wanted in ["recipe\\-camera\\-studio Sitter com.example.sitter", "\\-y", "git clone", "duo\\-new check", "duo\\-new update"] {
            #expect(commands.contains { $0.contains(wanted) }, "no example with \(wanted)")
        }
    }

    /// The check above reads bytes: a page with an ellipsis in it is caught.
    @Test func nonASCIICheckFindsAnEllipsis() {
        let found = Self.firstNonASCII(in: Data("one\ngit+https://\u{2026}\n".utf8))
        #expect(found?.line == 2 && found?.byte == 0xE2)
        #expect(Self.firstNonASCII(in: Data("one\n\ttwo...\n".utf8)) == nil)
    }

    /// `man -l` under `LANG=C`, with every groff warning on, prints nothing on standard error,
    /// and keeps the text that a raw UTF-8 character made vanish.
    @Test func manRendersThePageUnderTheCLocaleWithoutAWarning() throws {
        let man = try Self.tool("man", package: "man-db")
        let run = try ChildProcess.run(
            man, ["--warnings=w", "-l", Self.page.path],
            environment: ["LANG": "C", "LC_ALL": "C", "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"]
        )
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.errorText.isEmpty, "man warned:\n\(run.errorText)")
        let text = run.outputText
        #expect(text.contains("git+https://..., git+ssh://... or git+file://..."), "the --templates description is whole")
        #expect(text.contains("\nFILES\n"), "the page has a FILES section")
        #expect(text.contains("<prefix>/share/doc/duo-new/"), "FILES says where the installed docs are")
        #expect(Self.firstNonASCII(in: run.output) == nil, "the rendered page is ASCII")
    }

    /// Every line fits the 80 columns `man` lays the page out in on a Mac's Terminal, the usage
    /// lines (SYNOPSIS, each command's) and the lines kept as typed (the completions' commands)
    /// too: broken between their options or at a space outside quotes, never past the edge,
    /// where the terminal would break them mid-word.
    @Test func everyLineFitsEightyColumns() throws {
        let man = try Self.tool("man", package: "man-db")
        let run = try ChildProcess.run(man, ["-l", Self.page.path], environment: ["LANG": "C", "LC_ALL": "C", "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(run.status == 0, "\(run.errorText)")
        // Tabs as the terminal shows them, to the next multiple of 8.
        let lines = run.outputText.split(separator: "\n").map { line in
            line.reduce(into: "") { shown, character in shown += character == "\t" ? String(repeating: " ", count: 8 - shown.count % 8) : String(character) }
        }
        #expect(lines.count > 100 && lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 }.joined(separator: "\n"))")
        #expect(run.outputText.contains("[--check-timeout SECONDS]"), "an option stays beside its value")
    }

    /// groff itself, as `man` drives it, with all warnings: none.
    @Test func groffFindsNothingToWarnAbout() throws {
        let groff = try Self.tool("groff", package: "groff-base")
        for device in ["ascii", "utf8"] {
            let run = try ChildProcess.run(groff, ["-ww", "-man", "-T\(device)", Self.page.path], environment: ["LANG": "C", "LC_ALL": "C"])
            #expect(run.status == 0 && run.errorText.isEmpty, "groff -T\(device): \(run.errorText)")
        }
    }

    /// The page's generator spells the help's non-ASCII characters in ASCII and refuses one it
    /// has no spelling for, naming it.
    @Test func generatorTransliteratesAndRefusesTheUnknown() throws {
        let python = try Self.tool("python3", package: "python3")
        let script = """
        import importlib.util, sys
        spec = importlib.util.spec_from_file_location("page", sys.argv[1])
        page = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(page)
        print(page.roff("git+https://\\u2026 \\u2014 --set"))
        try:
            page.roff("a \\u2605 star")
        except SystemExit as refusal:
            print(refusal)
        """
        let run = try ChildProcess.run(python, ["-c", script, Self.package.appendingPathComponent("scripts/make-man-page.py").path])
        #expect(run.status == 0, "\(run.transcript)")
        let lines = run.outputText.split(separator: "\n").map(String.init)
        #expect(lines.first == "git+https://... \\(em \\-\\-set")
        #expect(lines.last?.contains("holds U+2605; add a roff spelling to ASCII_FOR") == true, "\(run.transcript)")
    }
}
