#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// A folder of recipes kept in a git repository: `git+https://…`, `git+ssh://…` or `git+file://…`,
/// with an optional `#ref` (a branch, a tag or a full commit id). It is cloned shallow with the
/// system `git` into `$XDG_CACHE_HOME/duo-new/git/` (else `~/.cache/duo-new/git/`). A tag or a
/// commit id is used from there as it is; a branch (or the default branch, without `#ref`) is
/// fetched again the first time a run uses it, unless `--offline`, so a moved branch is seen.
public struct GitTemplates: Sendable, Hashable {
    public static let schemes = ["git+https://", "git+ssh://", "git+file://"]

    /// The URL as given, `git+` and `#ref` included.
    public var spec: String
    /// What `git clone` is given: the URL without `git+` and `#ref`.
    public var url: String
    public var ref: String?

    /// Whether a `--templates` value (or a config entry) names a git repository.
    public static func isGitURL(_ text: String) -> Bool {
        text.hasPrefix("git+")
    }

    /// Parses `git+<scheme>://…[#ref]`; a value of another shape is a bad URL.
    public init(_ spec: String) throws(GitTemplatesError) {
        guard Self.schemes.contains(where: { spec.hasPrefix($0) }) else {
            throw .badURL(spec, reason: "it must start with \(Self.schemes.map { "'\($0)'" }.joined(separator: ", "))")
        }
        var url = String(spec.dropFirst("git+".count))
        var ref: String?
        if let hash = url.firstIndex(of: "#") {
            ref = String(url[url.index(after: hash)...])
            url = String(url[..<hash])
            guard let ref, !ref.isEmpty, !ref.hasPrefix("-"), !ref.contains(where: { $0.isWhitespace || $0.isNewline }) else {
                throw .badURL(spec, reason: "the ref after '#' must be a branch or tag name, or a full commit id")
            }
        }
        guard let scheme = url.range(of: "://"), url[scheme.upperBound...].contains(where: { $0 != "/" }) else {
            throw .badURL(spec, reason: "it names no repository")
        }
        guard !url.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw .badURL(spec, reason: "it holds white space")
        }
        self.spec = spec
        self.url = url
        self.ref = ref
    }

    /// The cache folder of all repositories: `$XDG_CACHE_HOME/duo-new/git`, else `~/.cache/duo-new/git`.
    public static func cacheRoot(environment: [String: String]) -> String? {
        XDGFolder.cache.path("git", environment: environment)
    }

    /// This repository's (and ref's) folder in the cache: readable, and unique through a hash.
    public var cacheName: String {
        let readable = String((url + (ref.map { "@\($0)" } ?? "")).split(separator: "://").last ?? "")
            .map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "@" ? $0 : "_" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in spec.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(String(readable).suffix(80)) + "-" + String(hash, radix: 16)
    }

    /// The repository's working tree, cloned now or found in the cache, and its commit. A
    /// cached branch is cloned again the first time this process uses it (not `offline`); when
    /// that fails, the error says so and names the cached commit `--offline` would use.
    ///
    /// A clone is made in a new folder of its own and then made current (`CloneCache`), so a
    /// concurrent run keeps reading the clone it started with. With `interruption`, SIGINT,
    /// SIGTERM and SIGHUP are caught while git runs: git (and what it started) gets the signal,
    /// the unfinished clone is removed, and the error is `.interrupted`. Folders that earlier,
    /// killed runs left are removed first, but only those that are the user's and whose
    /// process is gone, or clones no run holds.
    public func checkout(environment: [String: String], offline: Bool, interruption: Interruption? = nil) throws(GitTemplatesError) -> GitCheckout {
        try checkout(environment: environment, offline: offline, interruption: interruption, run: Self.thisRun)
    }

    /// `checkout` for `run`: tests pass runs of their own, standing for other processes.
    func checkout(environment: [String: String], offline: Bool, interruption: Interruption?, run: GitCacheRun) throws(GitTemplatesError) -> GitCheckout {
        guard let root = Self.cacheRoot(environment: environment) else { throw .noCacheFolder }
        let cache = CloneCache(root: root, name: cacheName)
        // As the bases' store: made 0700, or taken only when it is this user's real folder (the
        // group's and others' rights taken away), so nobody else can place a clone to be run.
        for folder in [root, cache.folder] where folder == root || POSIX.linkInfo(folder) != nil {
            guard PrivateFolder.secure(folder) else { throw .cacheNotPrivate(folder) }
        }
        let git = try Self.gitExecutable(environment: environment)
        if let cached = cache.current(heldFor: run) {
            let commit = try commit(in: cached, git: git, environment: environment)
            // A tag or a commit id is checked out detached and never moves; a branch is fetched
            // again, once a run.
            guard !offline, isOnABranch(cached, git: git, environment: environment), run.firstUse(of: cache.folder) else {
                return GitCheckout(source: self, folder: cached, commit: commit)
            }
            do {
                let fresh = try fetch(into: cache, root: root, git: git, environment: environment, interruption: interruption, run: run)
                // This run reads the new clone only; the older one goes when no other run holds it.
                run.release(cached)
                return GitCheckout(source: self, folder: fresh, commit: try self.commit(in: fresh, git: git, environment: environment))
            } catch {
                if case .cloneFailed(_, let reason) = error { throw .refreshFailed(spec, reason: reason, cachedCommit: commit) }
                throw error
            }
        }
        if offline { throw .notCached(spec) }
        let fresh = try fetch(into: cache, root: root, git: git, environment: environment, interruption: interruption, run: run)
        _ = run.firstUse(of: cache.folder)
        return GitCheckout(source: self, folder: fresh, commit: try commit(in: fresh, git: git, environment: environment))
    }

    /// Whether `ref` is a full commit id (40 hexadecimal digits, or 64 in a SHA-256 repository).
    public var refIsCommitID: Bool {
        guard let ref, ref.utf8.count == 40 || ref.utf8.count == 64 else { return false }
        return HexDigest.isLowercaseHex(ref.utf8)
    }

    /// Clones into a new folder of `cache`, held for `run`, and makes it current: an
    /// interrupted or failed clone is removed, never used, and the clone it replaces stays
    /// for whoever reads it.
    private func fetch(into cache: CloneCache, root: String, git: String, environment: [String: String], interruption: Interruption?, run: GitCacheRun) throws(GitTemplatesError) -> String {
        // Temporary folders of the layout before `CloneCache`, which killed runs may have left.
        let prefix = ".\(cacheName)." + StaleTemporaries.marker
        for stale in StaleTemporaries.inTemporaryDirectory(root, prefix: prefix) { TreeRemover.remove(stale) }
        let folder: String
        do {
            folder = try cache.newClone(heldFor: run)
        } catch {
            throw .cloneFailed(spec, reason: error.reason)
        }
        let clone = Self.cloneSteps(of: self, into: folder).lazy
            .map { Self.run(git, $0, environment: environment, interruption: interruption) }
        for step in clone where step.signal != nil || step.status != 0 {
            cache.discard(folder, heldBy: run)
            if let signal = step.signal { throw .interrupted(signal: signal) }
            throw .cloneFailed(spec, reason: step.reason)
        }
        do {
            try cache.publish(folder)
        } catch {
            cache.discard(folder, heldBy: run)
            throw .cloneFailed(spec, reason: error.reason)
        }
        return folder
    }

    /// The git commands that make a shallow clone of `source` in the empty folder `folder`: a
    /// branch or tag with `clone --branch`; a commit id fetched by itself and checked out.
    static func cloneSteps(of source: GitTemplates, into folder: String) -> [[String]] {
        guard source.refIsCommitID, let commit = source.ref else {
            var arguments = ["clone", "--quiet", "--depth", "1", "--no-tags"]
            if let ref = source.ref { arguments += ["--branch", ref] }
            return [arguments + ["--", source.url, folder]]
        }
        return [
            ["init", "--quiet", folder],
            ["-C", folder, "fetch", "--quiet", "--depth", "1", "--no-tags", "--", source.url, commit],
            ["-C", folder, "checkout", "--quiet", "--detach", "FETCH_HEAD"],
        ]
    }

    /// Whether the clone in `folder` has a branch checked out (not a tag or a commit, detached).
    private func isOnABranch(_ folder: String, git: String, environment: [String: String]) -> Bool {
        Self.run(git, ["-C", folder, "symbolic-ref", "--quiet", "HEAD"], environment: environment, interruption: nil).status == 0
    }

    /// This process's use of the git cache: the branches it fetched and the clones it reads.
    static let thisRun = GitCacheRun()

    private func commit(in folder: String, git: String, environment: [String: String]) throws(GitTemplatesError) -> String {
        let result = Self.run(git, ["-C", folder, "rev-parse", "HEAD"], environment: environment, interruption: nil)
        guard result.status == 0, result.output.count >= 40 else {
            throw .cloneFailed(spec, reason: "the cached clone in '\(folder)' has no commit; delete that folder and run again")
        }
        return result.output
    }

    /// `git` on PATH, or why there is none.
    static func gitExecutable(environment: [String: String]) throws(GitTemplatesError) -> String {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/git"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .gitMissing
    }

    /// What a git command came to: its status and standard output, the line of its errors
    /// that says why (git's `fatal:` line, else its last), and the signal that stopped it.
    struct GitRun {
        var status: Int32
        var output: String
        var reason: String
        var signal: Int32?
    }

    /// How long one git process may take, in seconds, unless `DUO_NEW_GIT_TIMEOUT` gives
    /// another whole number of seconds (at least 1): a server that stalls cannot keep a command
    /// waiting forever.
    public static let defaultTimeLimit = 300

    /// The time limit `environment` sets, else the default.
    static func timeLimit(environment: [String: String]) -> Int {
        guard let text = environment["DUO_NEW_GIT_TIMEOUT"], let seconds = Int(text), seconds >= 1 else { return defaultTimeLimit }
        return seconds
    }

    /// Runs git with no terminal prompt (a password request fails instead of waiting), no
    /// input, and a time limit (`timeLimit`): past it, git and what it started are stopped and
    /// the run fails saying so. With `interruption`, a caught signal is passed on to git's
    /// process group and git is waited for, so no clone goes on after duo-new has gone.
    static func run(_ git: String, _ arguments: [String], environment: [String: String], interruption: Interruption?) -> GitRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = arguments
        var environment = environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_SSH_COMMAND"] = environment["GIT_SSH_COMMAND"] ?? "ssh -o BatchMode=yes"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let limit = timeLimit(environment: environment)
        var timedOut = false
        let waitWithinTheLimit = { () -> Int32? in
            let deadline = Date(timeIntervalSinceNow: TimeInterval(limit))
            while process.isRunning {
                if let signal = interruption?.received {
                    Self.stop(process, signal)
                    process.waitUntilExit()
                    return signal
                }
                if Date() >= deadline {
                    timedOut = true
                    Self.stop(process, SIGTERM)
                    process.waitUntilExit()
                    return nil
                }
                usleep(20_000)
            }
            return interruption?.received
        }
        let wait = { () -> Int32? in
            guard let interruption else { return waitWithinTheLimit() }
            return interruption.catching(waitWithinTheLimit)
        }
        do {
            try process.run()
        } catch {
            return GitRun(status: 127, output: "", reason: "git could not be started")
        }
        let errorText = ErrorReader(errors.fileHandleForReading)
        let outputText = ErrorReader(output.fileHandleForReading)
        let signal = wait()
        if timedOut {
            // What git started may hold the pipes open; nothing more is read from them.
            return GitRun(
                status: 124, output: "",
                reason: "git did not finish within \(limit == 1 ? "1 second" : "\(limit) seconds") and was stopped (a server that does not answer?); DUO_NEW_GIT_TIMEOUT=SECONDS sets another limit"
            )
        }
        let text = String(decoding: outputText.wait(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = String(decoding: errorText.wait(), as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return GitRun(status: process.terminationStatus, output: text, reason: reason(from: lines, status: process.terminationStatus), signal: signal)
    }

    /// Why git failed, as its messages say: the `fatal:` (or `error:`) line, which names the
    /// cause, rather than the hint after it; control characters escaped, since a server
    /// chooses part of that text.
    static func reason(from lines: [String], status: Int32) -> String {
        let line = lines.first { $0.hasPrefix("fatal:") } ?? lines.first { $0.hasPrefix("error:") } ?? lines.last { !$0.isEmpty }
        return line.map(DisplayPath.escaped) ?? "git exited with status \(status)"
    }

    /// Passes `signal` on to git and what it started (its process group, when git leads one),
    /// then SIGKILL after a grace period.
    private static func stop(_ process: Process, _ signal: Int32) {
        let pid = process.processIdentifier
        let target = getpgid(pid) == pid ? -pid : pid
        kill(target, signal)
        for _ in 0..<150 where process.isRunning {
            usleep(20_000)
        }
        kill(target, SIGKILL)
    }

    /// Reads a pipe to its end on another thread, so git cannot block on a full pipe.
    private final class ErrorReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            DispatchQueue.global().async {
                self.data = handle.readDataToEndOfFile()
                self.done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }
}

/// A repository of recipes on disk: where its working tree is and which commit it holds.
public struct GitCheckout: Sendable, Hashable {
    public var source: GitTemplates
    public var folder: String
    public var commit: String
}
