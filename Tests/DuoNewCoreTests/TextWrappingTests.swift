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
        // Each line fits 10 columns: a wide word of 6 and the space leave room for one character
        // more (Japanese breaks between characters).
        let lines = TextWrapping.fill("日本語 日本語 日本語", width: 10)
        #expect(lines == ["日本語 日", "本語 日本", "語"], "\(lines)")
        #expect(lines.allSatisfy { TextWrapping.columns($0) <= 10 })
        let cut = TextWrapping.truncated("日本語のレシピ概要です", width: 9)
        #expect(TextWrapping.columns(cut) <= 9 && cut.hasSuffix("…"), "\(cut)")
    }

    /// Chinese and Japanese are written without spaces, and a line may break between any two
    /// of their characters (Unicode's line breaking): a summary in either is filled to the width,
    /// never left one line past it, and no line starts with a closing mark (`，`, `。`, `」`).
    @Test func textWithoutSpacesInEastAsianScriptsBreaksBetweenCharacters() {
        let summary = "相机工作室，适用于折叠屏手机，具有自拍定时器、外屏取景和替身相机。"
        let lines = TextWrapping.fill(summary, width: 20, lead: "  ", indent: "  ")
        #expect(lines.count > 1 && lines.allSatisfy { TextWrapping.columns($0) <= 20 }, "\(lines)")
        #expect(lines.map { $0.dropFirst(2) }.joined() == Substring(summary), "nothing added or lost: \(lines)")
        #expect(lines.allSatisfy { line in !"，。、」）！？".contains(line.dropFirst(2).first ?? " ") }, "\(lines)")
        let mixed = TextWrapping.fill("レシピの概要 example-hello のように短い英単語も混ざる文章です", width: 24)
        #expect(mixed.allSatisfy { TextWrapping.columns($0) <= 24 }, "\(mixed)")
        #expect(mixed.contains { $0.contains("example-hello") }, "a Latin word is still never cut: \(mixed)")
        let path = TextWrapping.fill("レシピの説明は docs/レシピの書き方と使い方.md にあります", width: 20)
        #expect(path.contains("docs/レシピの書き方と使い方.md"), "a path is never cut, whatever its script: \(path)")
        #expect(TextWrapping.fit("  <AppName>  応用程序的名称；也是它的文件夹名称，非常长的描述文本用于测试换行。", width: 40)
            .split(separator: "\n").allSatisfy { TextWrapping.columns($0) <= 40 })
    }

    /// An emoji drawn as one by its variation selector (`❤️`, `⚠️`) takes two columns, as a
    /// Mac's Terminal draws it.
    @Test func anEmojiByItsVariationSelectorTakesTwoColumns() {
        #expect(TextWrapping.columns("❤\u{FE0F}") == 2)
        #expect(TextWrapping.columns("⚠\u{FE0F} check") == 8)
        #expect(TextWrapping.columns("❤") == 1, "without the selector it is text, one column")
    }
}
