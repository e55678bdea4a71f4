#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Where the project goes, inspected before anything is written.
public struct Destination: Sendable, Hashable {
    public enum State: Sendable, Hashable {
        /// Nothing there yet; `missingParents` lists the folders to create first, outermost first.
        case missing(missingParents: [String])
        /// An empty folder, a fresh clone (a folder holding only `.git`), or, when asked, a folder
        /// holding entries the project does not write (`kept`), used as it is: the project's
        /// entries are moved into it, and what it held is never touched.
        case emptyFolder
    }

    /// Absolute, with `.`, `..` and links resolved the way the file system resolves them.
    public var path: String
    public var state: State
    /// Temporary folders that killed runs left where this run puts its own (absolute paths):
    /// removed before writing. An empty folder holding only these counts as empty.
    public var staleTemporaries: [String] = []
    /// What the folder already holds besides `.git`, left as it is (`keepingEntries`), sorted.
    public var kept: [String] = []

    public init(path: String, state: State, staleTemporaries: [String] = [], kept: [String] = []) {
        self.path = path
        self.state = state
        self.staleTemporaries = staleTemporaries
        self.kept = kept
    }

    /// Decides whether `path` can receive a project: missing (and creatable), an empty folder, or
    /// a folder holding only `.git` (a repository just created or cloned; no plan writes `.git`,
    /// `ContainedPathProblem.gitFolder`) or a file manager's `.DS_Store`. Anything else throws, and nothing has been touched.
    ///
    /// `forbiddenRoots` are folders the project must not go into (the templates folder): a
    /// destination inside one of them would be read back as part of a recipe.
    /// `keepingEntries` (`--into-existing`) takes a folder holding other entries too: they are
    /// returned as `kept`, and whether the project writes any of them is the plan's to say
    /// (`GenerationDestination`).
    public static func inspect(
        _ path: String, workingDirectory: String, forbiddenRoots: [String] = [], keepingEntries: Bool = false
    ) throws(WriteError) -> Destination {
        let resolved = try PathResolver.resolve(path, workingDirectory: workingDirectory)
        for root in forbiddenRoots {
            guard let realRoot = PathResolver.realPath(root) else { continue }
            if resolved.path == realRoot || resolved.path.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") {
                throw .destinationUnusable(path: path, reason: "it is inside '\(root)', where recipes are read from, and would become part of them; choose a folder outside it")
            }
        }
        let absolute = resolved.path
        if resolved.missing.isEmpty {
            guard let info = POSIX.info(absolute) else {
                throw .destinationUnusable(path: path, reason: POSIX.lastError)
            }
            guard POSIX.isDirectory(info) else { throw .destinationNotFolder(path: path) }
            guard let entries = POSIX.entries(of: absolute) else {
                throw .destinationUnusable(path: path, reason: POSIX.lastError)
            }
            let temporaries = StaleTemporaries.inside(absolute, entries: entries)
            let others = entries.filter { !temporaries.recognised.contains($0) && !Self.leftAlone(String(decoding: $0, as: UTF8.self)) }
            if !others.isEmpty, !keepingEntries {
                if let leftover = StaleTemporaries.unremovable(among: others) {
                    throw .destinationUnusable(
                        path: path,
                        reason: "it holds only '\(leftover)', a temporary folder an interrupted duo-new left; if no duo-new is writing there, delete it (\(ShellQuoting.inSentence("rm -rf " + ShellQuoting.quoted(absolute + "/" + leftover)))) and run again"
                    )
                }
                throw .destinationNotEmpty(path: path)
            }
            guard access(absolute, W_OK | X_OK) == 0 else {
                throw .destinationUnusable(path: path, reason: "the folder is not writable")
            }
            let kept = others.map { String(decoding: $0, as: UTF8.self) }.sorted()
            return Destination(path: absolute, state: .emptyFolder, staleTemporaries: temporaries.stale, kept: kept)
        }
        // The nearest existing folder must be writable: everything below it is created.
        let existing = resolved.existing
        guard let info = POSIX.info(existing), POSIX.isDirectory(info) else {
            throw .destinationUnusable(path: path, reason: "'\(existing)' is not a folder")
        }
        guard access(existing, W_OK | X_OK) == 0 else {
            throw .destinationUnusable(path: path, reason: "'\(existing)' is not writable")
        }
        var parents: [String] = []
        var folder = existing
        for name in resolved.missing.dropLast() {
            folder = folder == "/" ? "/" + name : folder + "/" + name
            parents.append(folder)
        }
        let stale = resolved.missing.count == 1 ? StaleTemporaries.beside(absolute) : []
        return Destination(path: absolute, state: .missing(missingParents: parents), staleTemporaries: stale)
    }

    /// The entries a folder may hold and still count as empty, left as they are: git's own, from
    /// `git init` or `git clone` of a new repository, and what file managers drop in any folder
    /// opened (a Mac's `.DS_Store`), which no recipe writes (`Manifest.alwaysExcluded`).
    static func leftAlone(_ name: String) -> Bool {
        name == ".git" || Manifest.alwaysExcluded.contains { $0.matches(name) }
    }
}
