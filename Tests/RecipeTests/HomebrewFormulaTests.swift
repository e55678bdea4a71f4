import DuoNewKit
import Foundation
import Testing
import TestSupport

/// `Formula/duo-new.rb`, the Homebrew formula this repository taps as, read as data: valid Ruby
/// (`ruby -c`), installing what `scripts/install.sh` installs where the tool looks for it, its
/// `test do` block's claims true of a real generation, and its URL and digest placeholders filled
/// by `scripts/fill-formula.sh` the way the release workflow fills them. Homebrew itself is not
/// here: `brew install` and `brew audit` run only on a Mac (docs/maintaining.md, "Releases").
@Suite("The Homebrew formula")
struct HomebrewFormulaTests {
    static let repository = SchemaValidator.repository
    static let formula = repository.appendingPathComponent("Formula/duo-new.rb")
    static let fill = repository.appendingPathComponent("scripts/fill-formula.sh")
    static let digest = String(repeating: "0123456789abcdef", count: 4)

    static func text() throws -> String { try String(contentsOf: formula, encoding: .utf8) }

    /// `ruby -c` on `file`: "Syntax OK", or the error. Needs ruby (scripts/test.sh installs it).
    static func rubySyntax(_ file: URL) throws -> ChildProcess {
        try #require(CheckNeedsTestsSupport.onPath("ruby"), "ruby is not on PATH; the formula tests check Formula/duo-new.rb with 'ruby -c' (apt-get install ruby; scripts/test.sh does, as root)")
        return try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["ruby", "-c", file.path], mergingErrors: true)
    }

    static func fillFormula(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [fill.path] + arguments)
    }

    /// The lines of the `test do ... end` block.
    static func testBlock(_ text: String) throws -> String {
        let start = try #require(text.range(of: "\n  test do\n"), "the formula has a test do block")
        let end = try #require(text.range(of: "\n  end\n", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func theFormulaIsValidRuby() throws {
        let check = try Self.rubySyntax(Self.formula)
        #expect(check.status == 0 && check.outputText.contains("Syntax OK"), "\(check.outputText)")
    }

    @Test func itsURLAndDigestArePlaceholdersOrAReleasesValues() throws {
        let text = try Self.text()
        let url = try #require(text.firstMatch(of: /\n  url "([^"]+)"\n/)?.1)
        let sha = try #require(text.firstMatch(of: /\n  sha256 "([^"]+)"\n/)?.1)
        if url.contains("@@") {
            // Before the first release: placeholders no Homebrew can fetch, and nothing fake.
            #expect(url == "https://github.com/@@REPOSITORY@@/archive/refs/tags/@@TAG@@.tar.gz")
            #expect(sha == "@@SHA256@@")
        } else {
            // After one: what the release workflow wrote.
            #expect(url.wholeMatch(of: /https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/archive\/refs\/tags\/v\d+\.\d+\.\d+\.tar\.gz/) != nil, "\(url)")
            #expect(sha.wholeMatch(of: /[0-9a-f]{64}/) != nil, "\(sha)")
        }
    }

    @Test func theReleaseFillsTheFormulaAgainAndAgainAndItStaysValidRuby() throws {
        let folder = try TestScratch.makeFolder("formula")
        let first = try Self.fillFormula(["someone/duo-new", "v1.2.3", Self.digest])
        #expect(first.status == 0, "\(first.errorText)")
        let filled = folder.appendingPathComponent("first.rb")
        try first.output.write(to: filled)
        #expect(try Self.rubySyntax(filled).status == 0)
        let text = first.outputText
        #expect(text.contains("\n  url \"https://github.com/someone/duo-new/archive/refs/tags/v1.2.3.tar.gz\"\n"))
        #expect(text.contains("\n  sha256 \"\(Self.digest)\"\n"))
        #expect(text.contains("\n  head \"https://github.com/someone/duo-new.git\", branch: \"main\"\n"))
        #expect(!text.split(separator: "\n").contains { !$0.hasPrefix("#") && $0.contains("@@") }, "no placeholder is left: \(text)")

        // The next release fills the formula the last one committed.
        let second = try Self.fillFormula(["other/duo-new", "v1.3.0", String(Self.digest.reversed()), filled.path])
        #expect(second.status == 0, "\(second.errorText)")
        #expect(second.outputText.contains("/other/duo-new/archive/refs/tags/v1.3.0.tar.gz\"") && !second.outputText.contains("someone"))
        #expect(second.outputText.contains("sha256 \"\(String(Self.digest.reversed()))\""))

        // Values of the wrong form are refused, and so is a formula that lost a line to fill.
        for bad in [["someone", "v1.2.3", Self.digest], ["someone/duo-new", "1.2.3", Self.digest], ["someone/duo-new", "v1.2.3", "abc"]] {
            #expect(try Self.fillFormula(bad).status == 65, "\(bad)")
        }
        let broken = folder.appendingPathComponent("broken.rb")
        try Self.text().replacingOccurrences(of: "  sha256 \"", with: "  sha1 \"").write(to: broken, atomically: true, encoding: .utf8)
        let refused = try Self.fillFormula(["someone/duo-new", "v1.2.3", Self.digest, broken.path])
        #expect(refused.status == 65 && refused.errorText.contains("sha256"), "\(refused.errorText)")
    }

    @Test func itInstallsWhatAnInstallHoldsWhereTheToolLooks() throws {
        let text = try Self.text()
        #expect(text.contains("  depends_on \"libyaml\"\n"))
        #expect(text.contains("system \"swift\", \"build\", \"--disable-sandbox\", \"--configuration\", \"release\""))
        #expect(text.contains("bin.install \".build/release/duo-new\""))
        // The installed tool finds its recipes at <bin>/../share/duo-new/Templates.
        #expect(TemplateCatalog.installedFolder == "../share/duo-new/Templates")
        #expect(text.contains("(share/\"duo-new\").install \"Templates\""))
        // Homebrew's cleaner would make the recipes read-only, and every project generated from them.
        #expect(text.contains("skip_clean \"share/duo-new\""))
        #expect(text.contains("doc.install Dir[\"docs/*.md\"], Dir[\"docs/*.schema.json\"]"))
        #expect(text.contains("man1.install \"docs/duo-new.1\""))
        #expect(FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent("docs/duo-new.1").path))
        #expect(text.contains("generate_completions_from_executable(bin/\"duo-new\", \"completions\", shells: [:bash, :zsh, :fish])"))
    }

    /// What the `test do` block asserts holds for a project the built duo-new generates here.
    @Test func itsTestBlockGeneratesWithoutChecksAndItsClaimsHold() throws {
        let block = try Self.testBlock(Self.text())
        #expect(block.contains("shell_output(\"#{bin}/duo-new list\")") && block.contains("\"recipe-camera-studio\""))
        #expect(block.contains("system bin/\"duo-new\", \"recipe-camera-studio\", \"Sitter\", \"com.example.sitter\", testpath/\"Sitter\", \"--no-test\""))
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let list = try harness.run(["list"])
        #expect(list.status == 0 && list.stdout.contains("recipe-camera-studio"))
        let run = try harness.run(["recipe-camera-studio", "Sitter", "com.example.sitter", "Sitter", "--no-test"])
        try #require(run.status == 0, "\(run.stderr)")
        let project = harness.url("Sitter")
        let manager = FileManager.default
        for path in block.matches(of: /project\/"([^"]+)"/).map({ String($0.1) }) {
            #expect(manager.fileExists(atPath: project.appendingPathComponent(path).path), "the test block names \(path), which generation writes")
        }
        #expect(block.contains("assert_match \"com.example.sitter\", (project/\"Sitter.xcodeproj/project.pbxproj\").read"))
        #expect(try String(contentsOf: project.appendingPathComponent("Sitter.xcodeproj/project.pbxproj"), encoding: .utf8).contains("com.example.sitter"))
        #expect(block.contains("assert_predicate project/\"Tools/run-model-tests.sh\", :executable?"))
        #expect(manager.isExecutableFile(atPath: project.appendingPathComponent("Tools/run-model-tests.sh").path))
        #expect(block.contains("assert_predicate project/\"README.md\", :writable?"))
        #expect(manager.isWritableFile(atPath: project.appendingPathComponent("README.md").path))
    }
}
