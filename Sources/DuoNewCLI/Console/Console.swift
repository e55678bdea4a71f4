#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Where duo-new's words go: results on standard output, errors on standard error, progress on
/// whichever carries the human story (standard error when `--json` owns standard output).
///
/// Colour and in-place progress only on a terminal, and never with `NO_COLOR` set; colour
/// elsewhere too when `CLICOLOR_FORCE` or `FORCE_COLOR` asks for it.
final class Console: @unchecked Sendable {
    /// Where the words go when not to the process's own standard output and error: the tests'
    /// in-process runs capture them here.
    protocol Output: AnyObject, Sendable {
        func write(_ text: String, toStandardError: Bool)
    }

    enum Style: String {
        case bold = "1", red = "1;31", green = "32", yellow = "33", dim = "2"
    }

    private let lock = NSLock()
    private let humanToStandardError: Bool
    /// `--quiet`: the human story is silent; errors and results still show.
    let isQuiet: Bool
    /// Whether the human stream is a terminal that understands escape sequences (not `TERM=dumb`);
    /// live progress lines are drawn only there.
    let isTerminal: Bool
    private let colourOnHuman: Bool
    private let colourOnError: Bool
    private var liveLineShown = false
    /// The columns text is wrapped to (`TextWrapping`): `COLUMNS` when set, else the terminal's
    /// width, else 80.
    let width: Int
    private let output: (any Output)?

    /// `output` takes the words instead of standard output and error (a captured console is
    /// never a terminal).
    init(json: Bool, quiet: Bool, environment: [String: String], output: (any Output)? = nil) {
        humanToStandardError = json
        isQuiet = quiet
        self.output = output
        // A dumb terminal understands no escape sequence: no colour, and no line redrawn in place.
        let dumb = environment["TERM"] == "dumb"
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty || dumb
        // CLICOLOR_FORCE (bixense.com/clicolors) or FORCE_COLOR, not "0": colour without a
        // terminal too (`| less -R`, a CI log); the live counter stays the terminal's.
        let forced = ["CLICOLOR_FORCE", "FORCE_COLOR"].contains { environment[$0].map { !$0.isEmpty && $0 != "0" } ?? false }
        let humanFD = json ? STDERR_FILENO : STDOUT_FILENO
        isTerminal = output == nil && isatty(humanFD) == 1 && !dumb
        colourOnHuman = (isTerminal || forced) && !noColour
        colourOnError = (output == nil && isatty(STDERR_FILENO) == 1 || forced) && !noColour
        width = Self.width(environment: environment, measuring: output == nil)
    }

    /// `COLUMNS` when it is a positive number, else the width of the terminal on standard output
    /// or error (`measuring`: not for a captured console), else `TextWrapping.defaultWidth`.
    static func width(environment: [String: String], measuring: Bool) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), columns > 0 {
            return columns
        }
        guard measuring else { return TextWrapping.defaultWidth }
        for descriptor in [STDOUT_FILENO, STDERR_FILENO] where isatty(descriptor) == 1 {
            var size = winsize()
            // TIOCGWINSZ: checked against <sys/ioctl.h> (Linux's asm-generic/ioctls.h and
            // Darwin's sys/ttycom.h both define it, with `struct winsize`'s ws_col).
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return Int(size.ws_col)
            }
        }
        return TextWrapping.defaultWidth
    }

    /// `text` fitted to the width, each line broken only at spaces (`TextWrapping.fit`).
    func wrapped(_ text: String, joiningContinuations: Bool = false) -> String {
        TextWrapping.fit(text, width: width, joiningContinuations: joiningContinuations)
    }

    /// A line of the human story (progress, check output, next steps); silent with `--quiet`.
    func say(_ line: String) {
        guard !isQuiet else { return }
        emit(line + "\n", toStandardError: humanToStandardError)
    }

    /// The result proper on standard output, even with `--quiet` (the JSON object, `list` rows).
    func result(_ text: String) {
        emit(text.hasSuffix("\n") ? text : text + "\n", toStandardError: false)
    }

    /// An error or warning on standard error, never silenced.
    func error(_ line: String) {
        emit(line + "\n", toStandardError: true)
    }

    /// A line that replaces itself on a terminal (`writing 120/400 files`); nothing when piped.
    func live(_ line: String) {
        guard !isQuiet, isTerminal else { return }
        lock.lock()
        defer { lock.unlock() }
        // `\r` and `\e[K` erase one line only: a drawing the terminal wrapped would leave its
        // first part behind at each redraw, so it is cut short of the last column.
        write("\r\u{1B}[K" + TextWrapping.truncated(line, width: max(width - 1, 1)), toStandardError: humanToStandardError)
        liveLineShown = true
    }

    func style(_ text: String, _ style: Style) -> String {
        colourOnHuman ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// `error: message` (or `warning:`, `hint:`) on standard error, wrapped to the width and
    /// the label coloured on a terminal. A message is one line, and may quote text read from a
    /// file (a recipe's key, a record's version, a path): its control characters (a newline
    /// too) are shown escaped, never sent to the terminal.
    func error(_ label: String, _ style: Style, _ message: String) {
        let lines = wrapped(label + " " + DisplayPath.escaped(message))
        error(errorStyle(label, style) + lines.dropFirst(label.count))
    }

    /// A note or warning that ends nothing (`note: taking the recipe …`, a config key no recipe
    /// declares): on standard error like an error, but silent with `--quiet`, which prints only errors.
    func notice(_ label: String, _ style: Style, _ message: String) {
        guard !isQuiet else { return }
        error(label, style, message)
    }

    /// `notice` for a line already worded and escaped (a warning diagnostic).
    func notice(_ line: String) {
        guard !isQuiet else { return }
        error(line)
    }

    /// A diagnostic (`file:line:column: error: …` and its notes) on standard error, its control
    /// characters escaped: it quotes the file it is about, which may be anyone's.
    func diagnostic(_ diagnostic: Diagnostic) {
        error(shown(diagnostic))
    }

    /// A diagnostic as printed: a headline with its place stays one line, as compilers print
    /// it, for editors and CI logs that read `file:line:column: error: message` line by line;
    /// a headline with no place, and each note and help, is wrapped to the terminal.
    func shown(_ diagnostic: Diagnostic) -> String {
        DisplayPath.escaped(diagnostic.rendered, keepingNewlines: true).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().map { index, line in index == 0 && diagnostic.location != nil ? String(line) : wrapped(String(line)) }
            .joined(separator: "\n")
    }

    /// A failure as the commands show one: its diagnostics, then `error: message`.
    func report(_ failure: CommandFailure) {
        for detail in failure.details { diagnostic(detail) }
        error("error:", .red, failure.message)
    }

    /// `title` in bold followed by `text`, the whole wrapped to the terminal as plain text first,
    /// so the style's escape codes never count towards a line's width.
    func heading(_ title: String, then text: String) -> String {
        styled(title, .bold, then: text)
    }

    /// `lead` in `style` followed by `text` (in `textStyle`, if any): the whole wrapped to the
    /// terminal as plain text first, so the escape codes never count towards a line's width,
    /// then styled. Wrapping moves only spaces, so the lead ends after as many other characters
    /// as it holds, even when it was broken itself (a long check name on a narrow terminal).
    /// `indent`: where further lines start (`  ▶ name`'s under the name), else under the first.
    func styled(_ lead: String, _ style: Style, then text: String, _ textStyle: Style? = nil, indent: Int? = nil) -> String {
        let whole = lead + text
        let margin = String(whole.prefix { $0 == " " })
        let lines = indent.map { indent in
            TextWrapping.fill(String(whole.dropFirst(margin.count)), width: max(width, TextWrapping.minimumWidth), lead: margin, indent: String(repeating: " ", count: indent))
                .joined(separator: "\n")
        } ?? wrapped(whole)
        var left = lead.count { $0 != " " }
        let end = left == 0 ? lines.startIndex : lines.firstIndex { character in
            if character != " ", character != "\n" { left -= 1 }
            return left == 0
        }.map(lines.index(after:)) ?? lines.endIndex
        let rest = String(lines[end...])
        return self.style(String(lines[..<end]), style) + (rest.isEmpty ? "" : textStyle.map { self.style(rest, $0) } ?? rest)
    }

    /// `  ✓ text`: a check's or task's verdict line, wrapped to the terminal as plain text first
    /// (a skip's reason can be long), its further lines under the text rather than the mark, the
    /// mark in its style.
    func verdict(_ mark: String, _ style: Style, _ text: String) -> String {
        let lead = "  " + mark + " "
        let lines = TextWrapping.fill(text, width: max(width, TextWrapping.minimumWidth), lead: lead, indent: String(repeating: " ", count: TextWrapping.columns(lead)))
        return "  " + self.style(mark, style) + lines.joined(separator: "\n").dropFirst(2 + mark.count)
    }

    func errorStyle(_ text: String, _ style: Style) -> String {
        colourOnError ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    private func emit(_ text: String, toStandardError: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if liveLineShown {
            write("\r\u{1B}[K", toStandardError: humanToStandardError)
            liveLineShown = false
        }
        write(text, toStandardError: toStandardError)
    }

    private func write(_ text: String, toStandardError: Bool) {
        if let output {
            output.write(text, toStandardError: toStandardError)
            return
        }
        let handle = toStandardError ? FileHandle.standardError : FileHandle.standardOutput
        // A closed pipe (`duo-new list | head -1`) is not worth failing over.
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
