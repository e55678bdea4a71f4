#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// The temporary folders duo-new writes into, and the ones a killed run left behind.
///
/// Each name carries the writing process's id (`.Sitter.duo-new-4242-a1B2c3` beside a missing
/// destination, `.duo-new-4242-a1B2c3` inside an empty one). A later run into the same place
/// removes such a folder only when it is the user's own and process 4242 no longer exists;
/// anything less certain is left alone and named, so the user can decide.
public enum StaleTemporaries {
    static let marker = "duo-new-"

    /// The `mkdtemp` pattern for a destination's temporary folder.
    static func pattern(for destination: String, inside: Bool) -> String {
        let name = lastComponent(of: destination)
        let parent = parentFolder(of: destination)
        return inside
            ? destination + "/." + marker + "\(getpid())-XXXXXX"
            : (parent == "/" ? "" : parent) + "/.\(name)." + marker + "\(getpid())-XXXXXX"
    }

    /// Stale folders among `entries` of the empty folder `folder`, and the entries recognised as such.
    static func inside(_ folder: String, entries: [[UInt8]]) -> (stale: [String], recognised: [[UInt8]]) {
        var stale: [String] = []
        var recognised: [[UInt8]] = []
        for bytes in entries {
            let name = String(decoding: bytes, as: UTF8.self)
            guard let pid = owner(of: name, prefix: "." + marker), isStale(folder + "/" + name, owner: pid) else { continue }
            stale.append(folder + "/" + name)
            recognised.append(bytes)
        }
        return (stale, recognised)
    }

    /// Stale temporary folders beside the missing destination `destination`.
    static func beside(_ destination: String) -> [String] {
        let parent = parentFolder(of: destination)
        let prefix = "." + lastComponent(of: destination) + "." + marker
        return (POSIX.entries(of: parent) ?? []).compactMap { bytes in
            let name = String(decoding: bytes, as: UTF8.self)
            let path = (parent == "/" ? "" : parent) + "/" + name
            guard let pid = owner(of: name, prefix: prefix), isStale(path, owner: pid) else { return nil }
            return path
        }
    }

    /// The first of `entries` shaped like a duo-new temporary folder, when they all are: a
    /// folder that only a stale temporary keeps from being empty, which this run may not remove.
    static func unremovable(among entries: [[UInt8]]) -> String? {
        let names = entries.map { String(decoding: $0, as: UTF8.self) }
        guard names.allSatisfy({ $0.hasPrefix("." + marker) }) else { return nil }
        return names.first
    }

    /// Temporary folders a killed `lint` left in the system's temporary folder.
    static func inTemporaryDirectory(_ folder: String, prefix: String) -> [String] {
        (POSIX.entries(of: folder) ?? []).compactMap { bytes in
            let name = String(decoding: bytes, as: UTF8.self)
            let path = folder + "/" + name
            guard let pid = owner(of: name, prefix: prefix), isStale(path, owner: pid) else { return nil }
            return path
        }
    }

    /// The process id in `<prefix><pid>-XXXXXX`, or nil when the name is not shaped so.
    static func owner(of name: String, prefix: String) -> pid_t? {
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-"), rest[rest.index(after: dash)...].count == 6 else { return nil }
        return pid_t(rest[..<dash])
    }

    /// A folder of ours whose owning process is gone: safe to remove.
    static func isStale(_ path: String, owner pid: pid_t) -> Bool {
        guard pid > 0, pid != getpid(), let info = POSIX.linkInfo(path), POSIX.isDirectory(info), info.st_uid == geteuid() else {
            return false
        }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    private static func lastComponent(of path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }

    private static func parentFolder(of path: String) -> String {
        guard let cut = path.lastIndex(of: "/"), cut != path.startIndex else { return "/" }
        return String(path[..<cut])
    }
}
