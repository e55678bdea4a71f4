import Testing
import DuoNewCore

/// The one wrapping: broken at spaces only, counted in characters, hanging under an entry's text.
@Suite struct TextWrappingTests {
    @Test func fillBreaksAtSpacesAndKeepsALongWordWhole() {
        let lines = TextWrapping.fill("see https://example.com/a/very/long/path/that/does/not/fit for more", width: 20, lead: "> ", indent: "  ")
        #expect(lines == ["> see", "  https://example.com/a/very/long/path/that/does/not/fit", "  for more"])
    }

    @Test func widthIsCountedInCharactersNotBytes() {
        // Forty-one ⌘ signs are 123 bytes, but 41 columns with the space: one line at 41.
        let text = String(repeating: "⌘", count: 20) + " " + String(repeating: "…", count: 20)
        #expect(TextWrapping.fill(text, width: 41) == [text])
        #expect(TextWrapping.fill(text, width: 40).count == 2)
    }

    @Test func anOverlongEntryHangsUnderItsText() {
        let line = "  --templates <dir>     Folder holding recipe folders, or a git repository of them, cloned into the cache."
        let fitted = TextWrapping.fit(line, width: 66)
        #expect(fitted == """
              --templates <dir>     Folder holding recipe folders, or a git
                                    repository of them, cloned into the cache.
            """)
    }

    /// A term so wide that not even its text's first word fits beside it (a recipe's long
    /// choice, on a narrow terminal) is a line of its own, its text under it.
    @Test func aTermWithNoRoomBesideItHasItsTextUnderIt() {
        let line = "        * chocolate                                 Chocolate, dark and bitter."
        #expect(TextWrapping.fit(line, width: 60) == "        * chocolate\n            Chocolate, dark and bitter.")
        #expect(TextWrapping.fill("one two", width: 12, lead: "  a long term  ", indent: "    ") == ["  a long term", "    one two"])
        #expect(TextWrapping.fill("one two", width: 20, lead: "  a term  ", indent: "    ") == ["  a term  one two"])
    }

    /// A table's cell beside its row's lead while it has 20 columns, else under it.
    @Test func aCellGoesUnderItsLeadWhenTooNarrowBeside() {
        #expect(TextWrapping.cell("one two three", width: 31, lead: "name  1.0  ") == ["name  1.0  one two three"])
        #expect(TextWrapping.cell("one two three", width: 30, lead: "a-long-name-here  1.0  ") == ["a-long-name-here  1.0", "    one two three"])
    }

    @Test func continuationsAreJoinedOnlyWhenAsked() {
        let text = "  1    generated, but a check\n       failed\n  64   usage error"
        #expect(TextWrapping.fit(text, width: 80) == text)
        #expect(TextWrapping.fit(text, width: 80, joiningContinuations: true) == "  1    generated, but a check failed\n  64   usage error")
    }

    @Test func reflowFillsProseAndKeepsTables() {
        let text = "One paragraph\nwritten narrow.\n\nTABLE:\n  A    first\n  B    second"
        #expect(TextWrapping.reflow(text, width: 80) == "One paragraph written narrow.\n\nTABLE:\n  A    first\n  B    second")
    }

    @Test func truncationEndsInAnEllipsisAtAWord() {
        #expect(TextWrapping.truncated("a short cell", width: 40) == "a short cell")
        #expect(TextWrapping.truncated("a cell far too long for its column", width: 16) == "a cell far too…")
        #expect(TextWrapping.truncated("abcdefghijklmnop", width: 8).count == 8)
    }

    /// A quoted command or path is never broken across lines, since it would not run as pasted;
    /// an apostrophe inside a word quotes nothing, and a quote never closed changes nothing.
    @Test func aQuotedSpanIsOneWord() {
        let text = "generated, but a check failed; 'duo-new check my-app' runs its checks again"
        let lines = TextWrapping.fill(text, width: 40)
        #expect(lines.contains { $0.contains("'duo-new check my-app'") }, "\(lines)")
        // Too wide for any line, the quoted path stays with its command: `cd` alone would run.
        #expect(TextWrapping.fill("  cd 'my projects/with spaces/Sitter'", width: 20) == ["cd 'my projects/with spaces/Sitter'"])
        #expect(TextWrapping.fill("then cd 'my projects/Sitter'", width: 20) == ["then cd", "'my projects/Sitter'"])
        #expect(TextWrapping.fill("export DEVELOPER_DIR=/Applications/Xcode.app/Contents/Developer", width: 20)
                == ["export DEVELOPER_DIR=/Applications/Xcode.app/Contents/Developer"], "the command whole, as a quoted one")
        #expect(TextWrapping.fill("the project's \"duo-new check 'my folder'\", then", width: 20)
                == ["the project's", "\"duo-new check 'my folder'\",", "then"])
        #expect(TextWrapping.fill("it's the recipe's own words and more words", width: 16) == ["it's the", "recipe's own", "words and more", "words"])
        #expect(TextWrapping.fill("an 'open quote never closed here", width: 16) == ["an 'open quote", "never closed", "here"])
        // A usage line's items: an option stays with its value, alternatives together.
        #expect(TextWrapping.fill("duo-new update [--set KEY=VALUE]... [--json | --names]", width: 24)
                == ["duo-new update", "[--set KEY=VALUE]...", "[--json | --names]"])
    }

    /// East Asian wide characters and emoji take two columns on a terminal, and are counted so.
    @Test func wideCharactersTakeTwoColumns() {
        #expect(TextWrapping.columns("abc") == 3)
        #expect(TextWrapping.columns("日本語") == 6)
        #expect(TextWrapping.columns("🎉é") == 3, "an emoji two, an accented letter one")
        #expect(TextWrapping.columns("e\u{301}") == 1, "a combining mark rides on its letter")
        // Each line fits 10 columns: three wide words of 6 cannot share one.
        let lines = TextWrapping.fill("日本語 日本語 日本語", width: 10)
        #expect(lines == ["日本語", "日本語", "日本語"], "\(lines)")
        #expect(lines.allSatisfy { TextWrapping.columns($0) <= 10 })
        let cut = TextWrapping.truncated("日本語のレシピ概要です", width: 9)
        #expect(TextWrapping.columns(cut) <= 9 && cut.hasSuffix("…"), "\(cut)")
    }
}
