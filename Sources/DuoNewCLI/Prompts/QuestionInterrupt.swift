#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C at any question ends duo-new at once (130), as it would without a question, after a
/// line saying what was and was not done, and with the terminal's echo back on if a secret's
/// question had turned it off. (While writing or checking, SIGINT is only recorded, and a read
/// of the answer would wait on: the question takes SIGINT back for as long as it asks.)
///
/// A signal handler may only write, restore the terminal and exit: the line and the terminal's
/// settings are kept, before the handler can run, in memory made once for the process.
enum QuestionInterrupt {
    /// Runs `body`, which asks, with SIGINT ending duo-new with `line` (an `error: …` sentence).
    static func asking<T, E: Error>(saying line: String, _ body: () throws(E) -> T) throws(E) -> T {
        let bytes = Array(("\nerror: " + line + "\n").utf8.prefix(questionLineCapacity))
        let previousLength = questionLineLength.pointee
        let previousLine = Array(UnsafeBufferPointer(start: questionLine, count: previousLength))
        bytes.withUnsafeBufferPointer { questionLine.update(from: $0.baseAddress!, count: $0.count) }
        questionLineLength.pointee = bytes.count
        let previous = signal(SIGINT, onInterruptAtQuestion)
        defer {
            signal(SIGINT, previous)
            previousLine.withUnsafeBufferPointer { if let base = $0.baseAddress { questionLine.update(from: base, count: $0.count) } }
            questionLineLength.pointee = previousLength
        }
        return try body()
    }

    /// Runs `body` with the terminal's echo off (a secret's answer), on again after it, and on
    /// again if Ctrl-C ends duo-new meanwhile.
    static func withoutEcho<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        guard tcgetattr(STDIN_FILENO, savedTerminal) == 0 else { return try body() }
        var quiet = savedTerminal.pointee
        quiet.c_lflag &= ~tcflag_t(ECHO)
        terminalSaved.pointee = 1
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, savedTerminal)
            terminalSaved.pointee = 0
        }
        return try body()
    }
}

private let questionLineCapacity = 1024
nonisolated(unsafe) private let questionLine = UnsafeMutablePointer<UInt8>.allocate(capacity: questionLineCapacity)
nonisolated(unsafe) private let questionLineLength = allocated(0)
nonisolated(unsafe) private let savedTerminal = UnsafeMutablePointer<termios>.allocate(capacity: 1)
nonisolated(unsafe) private let terminalSaved = allocated(Int32(0))

/// Memory for one value, made once for the process, that the signal handler may read.
private func allocated<T>(_ value: T) -> UnsafeMutablePointer<T> {
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
    pointer.initialize(to: value)
    return pointer
}

/// SIGINT's handler while a question is asked: the terminal as it was, the line, then exit 130
/// (128 + SIGINT), as the signal itself would have ended duo-new.
private func onInterruptAtQuestion(_ signal: Int32) {
    if terminalSaved.pointee != 0 { tcsetattr(STDIN_FILENO, TCSANOW, savedTerminal) }
    _ = write(STDERR_FILENO, questionLine, questionLineLength.pointee)
    _exit(128 + signal)
}
