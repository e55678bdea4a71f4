#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Why a project could not be written. Each message is defined here once.
public enum WriteError: Error, Sendable, Hashable {
    /// The destination exists and holds something.
    case destinationNotEmpty(path: String)
    /// The destination is a file (or something else that is not a folder).
    case destinationNotFolder(path: String)
    /// The destination or one of its parents cannot be created or written to.
    case destinationUnusable(path: String, reason: String)
    /// A read or write failed while generating; nothing was left behind.
    case io(path: String, reason: String)
    /// Text shaped like a token survived stamping; nothing was left behind.
    case leftoverTokens([Leftover], total: Int)
    /// SIGINT, SIGTERM or SIGHUP arrived while writing; nothing was left behind.
    case interrupted(signal: Int32)

    /// A token-shaped text found in a written file.
    public struct Leftover: Sendable, Hashable {
        /// Path inside the template tree (lines are the same before and after stamping).
        public var path: String
        public var line: Int
        /// In bytes from the start of the line, 1-based.
        public var column: Int
        public var token: String
        /// Which tree `path` is in, for a layered recipe (`PlannedWrite.origin`).
        public var origin: Int

        public init(path: String, line: Int, column: Int, token: String, origin: Int = 0) {
            self.path = path
            self.origin = origin
            self.line = line
            self.column = column
            self.token = token
        }
    }

    public var message: String {
        switch self {
        case .destinationNotEmpty(let path):
            "the folder '\(path)' exists and is not empty; choose a new folder or empty this one"
        case .destinationNotFolder(let path):
            "'\(path)' exists and is not a folder; choose a new folder"
        case .destinationUnusable(let path, let reason):
            "cannot create the project at '\(path)': \(reason)"
        case .io(let path, let reason):
            "could not write '\(path)': \(reason); nothing was left behind"
        case .leftoverTokens(_, let total):
            "\(total) token\(total == 1 ? "" : "s") left after stamping; declare \(total == 1 ? "it" : "them") under 'placeholders' or remove \(total == 1 ? "it" : "them") from the template; nothing was left behind"
        case .interrupted(let signal):
            "interrupted by \(Interruption.name(of: signal)); nothing was left behind"
        }
    }
}
