#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Resolves a path the way the file system does, not as text: a `..` after a symbolic link
/// goes up from where the link points, and a `..` after a folder that does not exist names
/// nothing (the kernel would refuse it too), so it is refused rather than cancelled out.
enum PathResolver {
    struct Resolved: Equatable {
        /// The deepest folder (or file) that exists, with every link resolved.
        var existing: String
        /// The names below `existing` that do not exist yet, outermost first.
        var missing: [String]

        var path: String {
            missing.reduce(existing) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
        }
    }

    /// The canonical path of something that exists (`realpath`), or nil.
    static func realPath(_ path: String) -> String? {
        guard !path.isEmpty, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the process's current folder has a path too long for `getcwd` (Foundation then
    /// names it with an empty string, as it does a deleted one).
    private static func currentFolderIsTooLong() -> Bool {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) == nil else { return false }
        return errno == ENAMETOOLONG || errno == ERANGE
    }

    /// `path`, relative to `workingDirectory` unless absolute, resolved one name at a time.
    /// Always ends: each name is looked at once, and nothing is walked upwards.
    static func resolve(_ path: String, workingDirectory: String) throws(WriteError) -> Resolved {
        var base: String
        if path.hasPrefix("/") {
            base = "/"
        } else if let real = realPath(workingDirectory) {
            base = real
        } else if errno == ENAMETOOLONG || (workingDirectory.isEmpty && currentFolderIsTooLong()) {
            // getcwd and realpath give up on a path longer than PATH_MAX: the folder is there.
            throw .destinationUnusable(
                path: path,
                reason: "the current folder's path is longer than the system lets a program read, so a relative path cannot be resolved; run duo-new from a folder higher up, or give an absolute path"
            )
        } else {
            throw .destinationUnusable(
                path: path,
                reason: "the current folder no longer exists (it was deleted or moved), so a relative path names nothing; change to an existing folder or give an absolute path"
            )
        }
        var missing: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            let name = String(part)
            if let last = missing.last {
                if name == "." || name == ".." {
                    throw .destinationUnusable(path: path, reason: "'\(last)' does not exist, so the '\(name)' after it names nothing; write the path without it")
                }
                missing.append(name)
                continue
            }
            switch name {
            case ".":
                continue
            case "..":
                // `base` holds no link and no `..`, so its textual parent is its real parent.
                if base != "/" {
                    let cut = base.lastIndex(of: "/") ?? base.startIndex
                    base = cut == base.startIndex ? "/" : String(base[..<cut])
                }
            default:
                let candidate = base == "/" ? "/" + name : base + "/" + name
                if POSIX.linkInfo(candidate) == nil {
                    guard errno == ENOENT else { throw .destinationUnusable(path: path, reason: "'\(candidate)': \(POSIX.lastError)") }
                    missing.append(name)
                } else if let real = realPath(candidate) {
                    base = real
                } else if errno == ENOENT {
                    throw .destinationUnusable(path: path, reason: "'\(candidate)' is a symbolic link to nothing")
                } else {
                    throw .destinationUnusable(path: path, reason: "'\(candidate)': \(POSIX.lastError)")
                }
            }
        }
        return Resolved(existing: base, missing: missing)
    }
}
