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
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return (base as NSString).appendingPathComponent("duo-new/git")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home as NSString).appendingPathComponent(".cache/duo-new/git")
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
    /// The clone goes into a temporary folder beside its place, named with this process's id
    /// (`.NAME.duo-new-4242-a1B2c3`, as `StaleTemporaries` names a project's), and is moved in
    /// once complete. With `interruption`, SIGINT, SIGTERM and SIGHUP are caught while git runs:
    /// git (and what it started) gets the signal, the temporary folder is removed, and the
    /// error is `.interrupted`. Folders that earlier, killed runs left are removed first, but
    /// only those that are the user's and whose process is gone.
    public func checkout(environment: [String: String], offline: Bool, interruption: Interruption? = nil) throws(GitTemplatesError) -> GitCheckout {
        guard let root = Self.cacheRoot(environment: environment) else { throw .noCacheFolder }
        let folder = (root as NSString).appendingPathComponent(cacheName)
        let git = try Self.gitExecutable(environment: environment)
        let cached = FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git"))
        if cached {
            let commit = try commit(in: folder, git: git, environment: environment)
            // A tag or a commit id is checked out detached and never moves; a branch is fetched
            // again, once a run.
            guard !offline, isOnABranch(folder, git: git, environment: environment), Self.fetched.firstUse(of: folder) else {
                return GitCheckout(source: self, folder: folder, commit: commit)
            }
            do {
                try fetch(into: folder, root: root, git: git, environment: environment, interruption: interruption)
            } catch {
                if case .cloneFailed(_, let reason) = error { throw .refreshFailed(spec, reason: reason, cachedCommit: commit) }
                throw error
            }
        } else {
            if offline { throw .notCached(spec) }
            try fetch(into: folder, root: root, git: git, environment: environment, interruption: interruption)
            _ = Self.fetched.firstUse(of: folder)
        }
        return GitCheckout(source: self, folder: folder, commit: try commit(in: folder, git: git, environment: environment))
    }

    /// Whether `ref` is a full commit id (40 hexadecimal digits, or 64 in a SHA-256 repository).
    public var refIsCommitID: Bool {
        guard let ref, ref.count == 40 || ref.count == 64 else { return false }
        return ref.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// Clones into a temporary folder beside `folder`, then moves it in (an older clone there is
    /// replaced in one step): an interrupted clone is never reused.
    private func fetch(into folder: String, root: String, git: String, environment: [String: String], interruption: Interruption?) throws(GitTemplatesError) {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw .cloneFailed(spec, reason: "the cache folder '\(root)' could not be created")
        }
        let prefix = ".\(cacheName)." + StaleTemporaries.marker
        for stale in StaleTemporaries.inTemporaryDirectory(root, prefix: prefix) { TreeRemover.remove(stale) }
        var template = Array(((root as NSString).appendingPathComponent(prefix) + "\(getpid())-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) != nil else {
            throw .cloneFailed(spec, reason: "no folder could be made in the cache folder '\(DisplayPath.escaped(root))': \(POSIX.lastError)")
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let clone = Self.cloneSteps(of: self, into: temporary).lazy
            .map { Self.run(git, $0, environment: environment, interruption: interruption) }
        for run in clone where run.signal != nil || run.status != 0 {
            TreeRemover.remove(temporary)
            if let signal = run.signal { throw .interrupted(signal: signal) }
            throw .cloneFailed(spec, reason: run.reason)
        }
        let old = temporary + ".old"
        let replacing = (try? FileManager.default.moveItem(atPath: folder, toPath: old)) != nil
        do {
            try FileManager.default.moveItem(atPath: temporary, toPath: folder)
        } catch {
            TreeRemover.remove(temporary)
            if replacing { try? FileManager.default.moveItem(atPath: old, toPath: folder) }
            // Another duo-new may have put the same clone in place meanwhile; that one is as good.
            guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git")) else {
                throw .cloneFailed(spec, reason: "the clone could not be moved into '\(folder)'")
            }
        }
        if replacing { TreeRemover.remove(old) }
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

    /// The clones fetched by this run, so a branch used twice in one run is fetched once.
    static let fetched = FetchedFolders()

    final class FetchedFolders: @unchecked Sendable {
        private let lock = NSLock()
        private var folders: Set<String> = []

        /// True the first time a folder is named in this process.
        func firstUse(of folder: String) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return folders.insert(folder).inserted
        }
    }

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
