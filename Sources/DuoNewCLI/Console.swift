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
/// Colour and in-place progress only on a terminal, and never with `NO_COLOR` set.
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
    private let quiet: Bool
    /// `--quiet`: the human story is silent; errors and results still show.
    var isQuiet: Bool { quiet }
    /// Whether the human stream is a terminal that understands escape sequences (not `TERM=dumb`);
    /// live progress lines are drawn only there.
    let isTerminal: Bool
    private let colourOnHuman: Bool
    private let colourOnError: Bool
    private var liveLineShown = false
    private let output: (any Output)?

    /// `output` takes the words instead of standard output and error (a captured console is
    /// never a terminal).
    init(json: Bool, quiet: Bool, environment: [String: String], output: (any Output)? = nil) {
        humanToStandardError = json
        self.quiet = quiet
        self.output = output
        // A dumb terminal understands no escape sequence: no colour, and no line redrawn in place.
        let dumb = environment["TERM"] == "dumb"
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty || dumb
        let humanFD = json ? STDERR_FILENO : STDOUT_FILENO
        isTerminal = output == nil && isatty(humanFD) == 1 && !dumb
        colourOnHuman = isTerminal && !noColour
        colourOnError = output == nil && isatty(STDERR_FILENO) == 1 && !noColour
    }

    /// A line of the human story (progress, check output, next steps); silent with `--quiet`.
    func say(_ line: String) {
        guard !quiet else { return }
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
        guard !quiet, isTerminal else { return }
        lock.lock()
        defer { lock.unlock() }
        write("\r\u{1B}[K" + line, toStandardError: humanToStandardError)
        liveLineShown = true
    }

    func style(_ text: String, _ style: Style) -> String {
        colourOnHuman ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
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
