import DuoNewCore

/// Why recipes from git could not be had (exit 66); each message is defined here once.
public enum GitTemplatesError: Error, Sendable, Equatable {
    case badURL(String, reason: String)
    case gitMissing
    case noCacheFolder
    case notCached(String)
    case cloneFailed(String, reason: String)
    /// SIGINT, SIGTERM or SIGHUP came while git ran: git was stopped and its folder removed.
    case interrupted(signal: Int32)

    public var message: String {
        switch self {
        case .badURL(let spec, let reason):
            "'\(spec)' is not a git URL duo-new can use: \(reason); write it as 'git+https://host/repo.git#tag'"
        case .gitMissing:
            "recipes from git need the 'git' program, which is not on PATH; install git and run again"
        case .noCacheFolder:
            "recipes from git are cloned into $XDG_CACHE_HOME/duo-new/git or ~/.cache/duo-new/git, but neither XDG_CACHE_HOME nor HOME is set"
        case .notCached(let spec):
            "'\(spec)' is not in the cache and --offline forbids cloning it; run once without --offline"
        case .cloneFailed(let spec, let reason):
            "could not clone '\(spec)': \(reason)"
        case .interrupted:
            "interrupted while cloning recipes from git; nothing was kept in the cache"
        }
    }
}
