#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Whether a recipe folder that a project's record names, rather than the user this run, is the
/// user's own: its checks are commands run with the user's rights, and a record is untrusted
/// input (a project from someone else may carry one naming any folder on the machine).
///
/// A folder the user gave (`--templates`) is their choice of code; one only the record names
/// runs its checks unasked only when all of these hold (otherwise the checks need consent like a
/// recipe's from git, `CheckConsent`):
/// - the recorded path is plain: no `.` or `..` segment, no doubled `/`, and not through `/proc`
///   or `/dev` (`/proc/self/cwd/../recipes` names a folder relative to wherever duo-new runs);
/// - its real path (links resolved) is not in duo-new's own git cache, whose clones hold code
///   from git repositories under names anyone can compute: a folder there counts as git;
/// - the folder of recipes, and for the recipe and each layer it uses, its folder, its manifest
///   (`template.yaml` or `layer.yaml`) and its tree, are owned by the user (or root) and
///   writable by nobody else, the rule git applies to a repository before it runs its hooks.
public enum RecordedFolderOwnership {
    /// Why the recipe `tree` (found in `recordedFolder`, as the record names it) is not the
    /// user's own, or nil when it is. `cacheRoot` is duo-new's git cache (`GitTemplates.cacheRoot`).
    public static func problem(recordedFolder: String, tree: RecipeTree, cacheRoot: String?) -> String? {
        let shown = DisplayPath.escaped(recordedFolder)
        if let indirect = indirection(in: recordedFolder) {
            return "'\(shown)' is not a plain path (\(indirect)), so it names a different folder for whoever runs duo-new where"
        }
        guard let real = realPath(recordedFolder) else { return "'\(shown)' cannot be resolved" }
        if real == "/proc" || real.hasPrefix("/proc/") || real == "/dev" || real.hasPrefix("/dev/") {
            return "'\(shown)' resolves into '\(DisplayPath.escaped(real))', which is no folder of recipes"
        }
        if let inCache = inGitCache(real, shown: shown, cacheRoot: cacheRoot) { return inCache }
        return ownershipProblem(places: [real], tree: tree, writableBits: 0o022)
    }

    /// Why a recipe in a folder the user named this run (`--templates`, the config, a path) is
    /// not theirs to run unasked: its folder, manifest or a file of its trees (or its layers')
    /// belongs to another user, or anyone may write it, so someone else may have put the code
    /// there. The user chose the folder, so a group that may write it (a private user group) is
    /// no reason, as it is for a folder only a record names.
    public static func chosenFolderProblem(tree: RecipeTree) -> String? {
        ownershipProblem(places: [], tree: tree, writableBits: 0o002)
    }

    /// The first of `places`, of the recipe's and its layers' folders and manifests, and of
    /// every entry of their trees, that is not the user's own.
    private static func ownershipProblem(places: [String], tree: RecipeTree, writableBits: mode_t) -> String? {
        var places = places
        for source in tree.sources {
            let manifest = source.role == .layer ? Manifest.layerFileName : Manifest.fileName
            places += [source.folder.path, source.folder.appendingPathComponent(manifest).path, source.tree.path]
        }
        for place in places {
            guard let info = POSIX.info(place) else { return "'\(DisplayPath.escaped(place))' cannot be read" }
            if let problem = problem(of: info, at: place, writableBits: writableBits) { return problem }
        }
        // Every file and folder of each tree too: a check or task runs what a tree holds
        // (`Tools/check.sh`), so one file another user can write is their code run unasked.
        for source in tree.sources {
            if let problem = firstProblem(under: source.tree.path, writableBits: writableBits) { return problem }
        }
        return nil
    }

    /// Why the entry `info` describes is not the user's own: another user's, or writable by others.
    private static func problem(of info: stat, at place: String, writableBits: mode_t) -> String? {
        if info.st_uid != geteuid(), info.st_uid != 0 {
            return "'\(DisplayPath.escaped(place))' belongs to another user (uid \(info.st_uid))"
        }
        // A link's own mode means nothing (it is always 777); what it points to inside the tree is checked there.
        if info.st_mode & S_IFMT != S_IFLNK, info.st_mode & writableBits != 0 {
            return "'\(DisplayPath.escaped(place))' can be written by others (mode \(String(info.st_mode & 0o777, radix: 8)))"
        }
        return nil
    }

    /// The first entry below `folder` (not following links) that is not the user's own.
    private static func firstProblem(under folder: String, writableBits: mode_t) -> String? {
        guard let names = POSIX.entries(of: folder) else { return "'\(DisplayPath.escaped(folder))' cannot be read" }
        for name in names {
            let path = folder + "/" + String(decoding: name, as: UTF8.self)
            guard let info = POSIX.linkInfo(path) else { return "'\(DisplayPath.escaped(path))' cannot be read" }
            if let problem = problem(of: info, at: path, writableBits: writableBits) { return problem }
            if POSIX.isDirectory(info), let problem = firstProblem(under: path, writableBits: writableBits) { return problem }
        }
        return nil
    }

    /// Why a folder whose real path is `real` counts as a recipe from git: it lies in duo-new's
    /// git cache (whoever named it, a record or the command line); nil when it does not.
    static func inGitCache(_ real: String, shown: String, cacheRoot: String?) -> String? {
        guard let cacheRoot, let cache = realPath(cacheRoot), real == cache || real.hasPrefix(cache + "/") else { return nil }
        return "'\(shown)' lies in duo-new's git cache, where recipes cloned from git are kept, so it counts as a recipe from git"
    }

    /// Why the recipe folder `folder`, named this run, counts as a recipe from git: see `inGitCache`.
    public static func gitCacheProblem(folder: String, cacheRoot: String?) -> String? {
        guard let real = realPath(folder) else { return nil }
        return inGitCache(real, shown: DisplayPath.escaped(folder), cacheRoot: cacheRoot)
    }

    /// What makes `path` other than a plain absolute path, or nil.
    static func indirection(in path: String) -> String? {
        guard path.hasPrefix("/") else { return "it is not absolute" }
        let names = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        if names.contains(".") || names.contains("..") { return "it holds a '.' or '..' segment" }
        if names.dropLast().contains("") { return "it holds a doubled '/'" }
        if let first = names.first, first == "proc" || first == "dev" { return "it goes through '/\(first)'" }
        return nil
    }

    /// `path` with every link and `.`/`..` resolved by the system (`realpath`), or nil.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
