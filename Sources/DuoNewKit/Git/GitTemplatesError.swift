import DuoNewCore

/// Why recipes from git could not be had (exit 66); each message is defined here once.
public enum GitTemplatesError: Error, Sendable, Equatable {
    case badURL(String, reason: String)
    case gitMissing
    case noCacheFolder
    /// The git cache, or this repository's folder in it, is a link, another user's, or could not be made.
    case cacheNotPrivate(String)
    case notCached(String)
    case cloneFailed(String, reason: String)
    /// A branch's clone in the cache could not be fetched again to see whether it moved.
    case refreshFailed(String, reason: String, cachedCommit: String)
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
        case .cacheNotPrivate(let folder):
            "the git cache folder '\(DisplayPath.escaped(folder))' is not this user's alone (a symbolic link, another user's, or it cannot be made), and a clone there could be anyone's code; remove it and run again"
        case .notCached(let spec):
            "'\(spec)' is not in the cache and --offline forbids cloning it; run once without --offline"
        case .cloneFailed(let spec, let reason):
            "could not clone '\(spec)': \(reason)"
        case .refreshFailed(let spec, let reason, let commit):
            "could not fetch '\(spec)' again to see whether its branch moved: \(reason); run with --offline to use the commit in the cache (\(commit.prefix(12)))"
        case .interrupted:
            "interrupted while cloning recipes from git; nothing was kept in the cache"
        }
    }
}
