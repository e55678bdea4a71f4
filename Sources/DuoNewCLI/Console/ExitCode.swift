import Foundation

/// The exit statuses duo-new uses: sysexits, each meaning one thing.
enum ExitCode: Int32 {
    case success = 0
    /// Generated, but an after-generation check failed or could not run; the project is kept.
    case checkFailed = 1
    case usage = 64
    /// A bad AppName, bundle id or `--set` value.
    case badValue = 65
    /// No such recipe, or the templates folder is missing.
    case noRecipe = 66
    /// The destination holds more than `.git`, is a file, or cannot be created.
    case destinationUnusable = 73
    /// An I/O error while writing.
    case ioError = 74
    /// Another duo-new process is updating or checking the project (EX_TEMPFAIL: try again).
    case busy = 75
    /// A broken template.
    case brokenTemplate = 78
    /// The terminal went away (SIGHUP) while writing.
    case hangUp = 129
    case interrupted = 130
    case terminated = 143

    /// 128 plus the signal's number, as shells report a process the signal ended.
    static func stopped(by signal: Int32) -> ExitCode {
        signal == SIGTERM ? .terminated : signal == SIGHUP ? .hangUp : .interrupted
    }
}
