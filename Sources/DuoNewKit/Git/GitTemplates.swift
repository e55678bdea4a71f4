#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// A folder of recipes kept in a git repository: `git+https://…`, `git+ssh://…` or `git+file://…`,
/// with an optional `#ref` (a branch or a tag). It is cloned shallow with the system `git` into
/// `$XDG_CACHE_HOME/duo-new/git/` (else `~/.cache/duo-new/git/`) and reused from there.
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
                throw .badURL(spec, reason: "the ref after '#' must be a branch or tag name")
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

    /// The repository's working tree, cloned now or found in the cache, and its commit.
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
        if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git")) {
            return GitCheckout(source: self, folder: folder, commit: try commit(in: folder, git: git, environment: environment))
        }
        if offline { throw .notCached(spec) }
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw .cloneFailed(spec, reason: "the cache folder '\(root)' could not be created")
        }
        // Cloned beside its place and moved in one step, so an interrupted clone is never reused.
        let prefix = ".\(cacheName)." + StaleTemporaries.marker
        for stale in StaleTemporaries.inTemporaryDirectory(root, prefix: prefix) { TreeRemover.remove(stale) }
        var template = Array(((root as NSString).appendingPathComponent(prefix) + "\(getpid())-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) != nil else {
            throw .cloneFailed(spec, reason: "no folder could be made in the cache folder '\(DisplayPath.escaped(root))': \(POSIX.lastError)")
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var arguments = ["clone", "--quiet", "--depth", "1", "--no-tags"]
        if let ref { arguments += ["--branch", ref] }
        arguments += ["--", url, temporary]
        let clone = Self.run(git, arguments, environment: environment, interruption: interruption)
        if let signal = clone.signal {
            TreeRemover.remove(temporary)
            throw .interrupted(signal: signal)
        }
        guard clone.status == 0 else {
            TreeRemover.remove(temporary)
            throw .cloneFailed(spec, reason: clone.reason)
        }
        do {
            try FileManager.default.moveItem(atPath: temporary, toPath: folder)
        } catch {
            TreeRemover.remove(temporary)
            // Another duo-new may have put the same clone in place meanwhile; that one is as good.
            guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git")) else {
                throw .cloneFailed(spec, reason: "the clone could not be moved into '\(folder)'")
            }
        }
        return GitCheckout(source: self, folder: folder, commit: try commit(in: folder, git: git, environment: environment))
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

    /// Runs git with no terminal prompt (a password request fails instead of waiting) and no
    /// input. With `interruption`, a caught signal is passed on to git's process group and git
    /// is waited for, so no clone goes on after duo-new has gone.
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
        let wait = { () -> Int32? in
            guard let interruption else {
                process.waitUntilExit()
                return nil
            }
            return interruption.catching { () -> Int32? in
                while process.isRunning {
                    if let signal = interruption.received {
                        Self.stop(process, signal)
                        process.waitUntilExit()
                        return signal
                    }
                    usleep(20_000)
                }
                return interruption.received
            }
        }
        do {
            try process.run()
        } catch {
            return GitRun(status: 127, output: "", reason: "git could not be started")
        }
        let errorText = ErrorReader(errors.fileHandleForReading)
        let outputText = ErrorReader(output.fileHandleForReading)
        let signal = wait()
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
