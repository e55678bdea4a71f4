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
    public func checkout(environment: [String: String], offline: Bool) throws(GitTemplatesError) -> GitCheckout {
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
        let temporary = (root as NSString).appendingPathComponent(".\(cacheName).\(UUID().uuidString)")
        var arguments = ["clone", "--quiet", "--depth", "1", "--no-tags"]
        if let ref { arguments += ["--branch", ref] }
        arguments += ["--", url, temporary]
        let clone = Self.run(git, arguments, environment: environment)
        guard clone.status == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw .cloneFailed(spec, reason: clone.lastLine)
        }
        do {
            try FileManager.default.moveItem(atPath: temporary, toPath: folder)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            // Another duo-new may have put the same clone in place meanwhile; that one is as good.
            guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git")) else {
                throw .cloneFailed(spec, reason: "the clone could not be moved into '\(folder)'")
            }
        }
        return GitCheckout(source: self, folder: folder, commit: try commit(in: folder, git: git, environment: environment))
    }

    private func commit(in folder: String, git: String, environment: [String: String]) throws(GitTemplatesError) -> String {
        let result = Self.run(git, ["-C", folder, "rev-parse", "HEAD"], environment: environment)
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

    /// Runs git with no terminal prompt (a password request fails instead of waiting) and no input.
    private static func run(_ git: String, _ arguments: [String], environment: [String: String]) -> (status: Int32, output: String, lastLine: String) {
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
        do {
            try process.run()
        } catch {
            return (127, "", "git could not be started")
        }
        let errorText = ErrorReader(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: outputData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = String(decoding: errorText.wait(), as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let last = lines.last(where: { !$0.isEmpty }) ?? "git exited with status \(process.terminationStatus)"
        return (process.terminationStatus, text, last)
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
