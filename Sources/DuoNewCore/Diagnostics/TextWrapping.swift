import Foundation

/// Text fitted to a terminal's width, broken only at spaces: the one wrapping every renderer of
/// the command line uses (help, `list`, the prompt, the ending, errors).
///
/// Widths are counted in terminal columns (`columns`): a character (grapheme cluster, not a
/// byte) is one column, so `⌘R` or `…` count as one each, except the wide ones of East Asian
/// scripts and emoji, which a terminal draws two columns wide. A word longer than the room it gets is never cut: it stays whole on a line
/// of its own, since a path or a URL cut in two could not be copied back. For the same reason a
/// quoted span (`'duo-new check my-app'`, `cd 'my projects/Sitter'`) is one word: a command
/// broken across lines would not run as pasted.
public enum TextWrapping {
    /// The width when the output is not a terminal and `COLUMNS` is not set.
    public static let defaultWidth = 80
    /// The narrowest width honoured: below it, indented help would hold a word a line.
    public static let minimumWidth = 40

    /// The words of `text` (split at spaces and newlines) filled into lines of at most `width`
    /// characters, the first starting with `lead`, the others with `indent`.
    ///
    /// A lead holding text (a table's term) is a line of its own when not even the first word
    /// fits beside it and the indent is shorter: the text starts under it instead of running
    /// past the width. A word too wide for any line stays beside a line's only word when it is
    /// quoted or ends the text (`cd '…/Sitter'`, `export DEVELOPER_DIR=/Applications/…`):
    /// moving it gains no room, and parts a command from its argument.
    ///
    /// Text without spaces in an East Asian script breaks between its characters too
    /// (`breakingBetweenWideCharacters`), with nothing put in at the break.
    public static func fill(_ text: String, width: Int, lead: String = "", indent: String = "") -> [String] {
        let words = keepingQuotesWhole(text.split(whereSeparator: { $0 == " " || $0 == "\n" })).flatMap { word in
            breakingBetweenWideCharacters(word).enumerated().map { (text: $0.element, glued: $0.offset > 0) }
        }
        guard !words.isEmpty else { return [lead.trimmingTrailingSpaces()] }
        var lines: [String] = []
        var line = lead
        var wordsOnLine = 0
        var leadHasText = lead.contains { $0 != " " }
        for (index, (word, glued)) in words.enumerated() {
            let space = wordsOnLine > 0 && !glued ? " " : ""
            let fits = columns(line) + space.count + columns(word) <= width
            let quotedOrLast = word.first.map { "'\"`".contains($0) } == true || index == words.count - 1
            let argumentBeyondAnyLine = quotedOrLast && columns(indent) + columns(word) > width
            let leadGivesWay = leadHasText && columns(indent) < columns(line)
            if !fits, wordsOnLine > 1 || (wordsOnLine == 1 && !argumentBeyondAnyLine) || (wordsOnLine == 0 && leadGivesWay) {
                lines.append(line.trimmingTrailingSpaces())
                line = indent
                wordsOnLine = 0
                leadHasText = false
            }
            line += (wordsOnLine > 0 ? space : "") + word
            wordsOnLine += 1
        }
        lines.append(line)
        return lines
    }

    /// `word` in the pieces a line may break between: Chinese and Japanese are written without
    /// spaces, and Unicode's line breaking lets a line end between two of their characters, or
    /// between one and a neighbour, but never before a closing mark (`。`, `，`, `」`, `.`) nor
    /// after an opening one (`「`, `(`). A word of other scripts, a quoted span, and a path or a
    /// URL (a word holding `/`, which could not be copied back cut) stay whole.
    static func breakingBetweenWideCharacters(_ word: Substring) -> [Substring] {
        guard let first = word.first, !"'\"`[".contains(first), !word.contains("/"), word.contains(where: { columns(of: $0) == 2 }) else { return [word] }
        var pieces: [Substring] = []
        var start = word.startIndex
        var previous = first
        for index in word.indices.dropFirst() {
            let character = word[index]
            if columns(of: previous) == 2 || columns(of: character) == 2, !closingMarks.contains(character), !openingMarks.contains(previous) {
                pieces.append(word[start..<index])
                start = index
            }
            previous = character
        }
        pieces.append(word[start...])
        return pieces
    }

    /// Marks a line never starts with (Japanese kinsoku, Chinese punctuation rules).
    static let closingMarks = Set("，。、；：！？）」』】》〉〕”’・ー々〜…,.;:!?)]}>'\"%")
    /// Marks a line never ends with.
    static let openingMarks = Set("（「『【《〈〔“‘([{<")

    /// A table's cell filled after its row's `lead` (`name  version  `), its further lines under
    /// the cell; when the width leaves the cell fewer than `narrowestCell` columns, the lead is a
    /// line of its own and the cell is filled under it from a short indent, so a narrow terminal
    /// shows it as sentences rather than a word a line. `list` and the prompt's recipes use it.
    public static func cell(_ text: String, width: Int, lead: String) -> [String] {
        guard width - columns(lead) >= narrowestCell else {
            return [lead.trimmingTrailingSpaces()] + fill(text, width: width, lead: "    ", indent: "    ")
        }
        return fill(text, width: width, lead: lead, indent: String(repeating: " ", count: columns(lead)))
    }

    /// The fewest columns a table's cell is filled to beside its row's lead.
    public static let narrowestCell = 20

    /// Every line of `text` fitted to `width`: a line that fits is kept as it is; a longer one
    /// is broken at spaces, its further lines starting under its hanging column (after its first
    /// gap of two or more spaces, as in `  --json    Print …`, else under its own indentation).
    ///
    /// With `joiningContinuations`, the lines indented exactly to an entry's hanging column are
    /// taken as that entry's text and filled again with it, so an entry written for a wider
    /// screen reads as one paragraph at any width.
    public static func fit(_ text: String, width: Int, joiningContinuations: Bool = false) -> String {
        let width = max(width, minimumWidth)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            let column = hangingColumn(of: line)
            var body = line
            if joiningContinuations, let column {
                while index < lines.count, leadingSpaces(lines[index]) == column, !lines[index].allSatisfy({ $0 == " " }) {
                    body += " " + lines[index].dropFirst(column)
                    index += 1
                }
            }
            guard columns(body) > width else {
                out.append(body)
                continue
            }
            let split = column ?? leadingSpaces(body)
            // A line indented past half the width (a recipe value's fact under its term, on a
            // narrow terminal) would leave its words no room: it moves in to a short indent.
            if column == nil, split > width / 2 {
                let near = String(repeating: " ", count: 6)
                out += fill(String(body.dropFirst(split)), width: width, lead: near, indent: near)
                continue
            }
            // A term too wide to hang under (more than half the width), or one that leaves a word
            // of the text (a path) no room under it: the text continues a little in from the term.
            let longest = keepingQuotesWhole(body.dropFirst(split).split(separator: " ")).flatMap(breakingBetweenWideCharacters).map { columns($0) }.max() ?? 0
            // `split` counts characters; the indent is as wide as the term in columns (`名前  …`).
            let hanging = columns(body.prefix(split))
            let indent = String(repeating: " ", count: hanging > width / 2 || (column != nil && hanging + longest > width) ? leadingSpaces(body) + 4 : hanging)
            out += fill(String(body.dropFirst(split)), width: width, lead: String(body.prefix(split)), indent: indent)
        }
        return out.joined(separator: "\n")
    }

    /// Blank-line separated paragraphs fitted to `width`: one of plain prose (no line indented,
    /// no entry's gap) is filled again as one paragraph; any other (a table, a list of entries)
    /// is fitted line by line, its entries' continuation lines joined (`fit`).
    public static func reflow(_ text: String, width: Int) -> String {
        let width = max(width, minimumWidth)
        return text.components(separatedBy: "\n\n").map { paragraph in
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
            let prose = lines.allSatisfy { !$0.hasPrefix(" ") && hangingColumn(of: String($0)) == nil }
            return prose ? fill(paragraph, width: width).joined(separator: "\n") : fit(paragraph, width: width, joiningContinuations: true)
        }.joined(separator: "\n\n")
    }

    /// `words` with each quoted span joined into one: a word that opens a quote (`'`, `"` or a
    /// backtick at its start) and does not close it runs to the first later word that ends with
    /// the same quote, before any closing punctuation. An apostrophe inside a word (`it's`,
    /// `recipes'`) opens nothing, and a quote never closed leaves the words as they were. A
    /// usage line's bracketed item (`[--set KEY=VALUE]...`, `[--json | --names]`) is kept whole
    /// the same way, so an option is never parted from its value.
    static func keepingQuotesWhole(_ words: [Substring]) -> [Substring] {
        let closing: [Character: Character] = ["'": "'", "\"": "\"", "`": "`", "[": "]"]
        func closes(_ word: Substring, _ quote: Character) -> Bool {
            word.reversed().drop { ".,;:)!?".contains($0) }.first == quote
        }
        var joined: [Substring] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard let opening = word.first, let quote = closing[opening], !(word.count > 1 && closes(word.dropFirst(), quote)),
                  let end = words[index...].firstIndex(where: { closes($0, quote) }) else {
                joined.append(word)
                continue
            }
            joined.append(Substring(words[(index - 1)...end].joined(separator: " ")))
            index = end + 1
        }
        return joined
    }

    /// `text` cut to `width` characters, the cut shown by an ellipsis; whole when it fits.
    public static func truncated(_ text: String, width: Int) -> String {
        guard columns(text) > width else { return text }
        guard width > 1 else { return "…" }
        var used = 0
        var cut = text.prefix { character in
            used += columns(of: character)
            return used <= width - 1
        }
        // Cut at a word's end where one is near, so no word is shown half.
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) >= width / 2 {
            cut = cut[..<space]
        }
        return cut.trimmingTrailingSpaces() + "…"
    }

    /// `text` with spaces after it up to `width` terminal columns: a table's cell, whose next
    /// column then starts at one place whatever script the cell is in (`日本語` is six columns).
    public static func padded(_ text: String, toColumns width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - columns(text)))
    }

    /// How many terminal columns `text` takes (`columns(of:)` for each character).
    public static func columns<Text: StringProtocol>(_ text: Text) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// Two for a character a terminal draws wide (East Asian wide and fullwidth ranges, emoji
    /// shown as emoji), one for any other: a combining mark rides in its base's cluster.
    static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        // U+FE0F asks for the emoji drawing of a character that is text by default (`❤️`, `⚠️`).
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Where an over-long line's further lines start: after the first gap of two or more spaces
    /// that follows text (an entry's term), or `nil` when the line has none.
    static func hangingColumn(of line: String) -> Int? {
        let characters = Array(line)
        var position = leadingSpaces(line)
        var sawText = false
        while position < characters.count {
            if characters[position] == " ", sawText, position + 1 < characters.count, characters[position + 1] == " " {
                var end = position
                while end < characters.count, characters[end] == " " { end += 1 }
                return end < characters.count ? end : nil
            }
            sawText = sawText || characters[position] != " "
            position += 1
        }
        return nil
    }

    static func leadingSpaces<Text: StringProtocol>(_ line: Text) -> Int {
        line.prefix { $0 == " " }.count
    }
}

extension StringProtocol {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = String(self)
        while text.last == " " { text.removeLast() }
        return text
    }
}
