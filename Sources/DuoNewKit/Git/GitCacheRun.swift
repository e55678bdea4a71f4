#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What one run does with the git cache: the branches it fetched (a branch used twice in one
/// run is fetched once) and the clones it reads, each held open with a shared lock so that no
/// other run's refresh removes it (`CloneCache`). duo-new's own run is `GitTemplates.thisRun`,
/// which holds its clones until the process ends; the locks go with the descriptors.
final class GitCacheRun: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: Set<String> = []
    private var held: [String: Int32] = [:]

    deinit {
        for fd in held.values { close(fd) }
    }

    /// True the first time a folder is named in this run.
    func firstUse(of folder: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return folders.insert(folder).inserted
    }

    /// Keeps `fd`, the open clone at `path` with its shared lock, until the run ends.
    func keep(_ fd: Int32, for path: String) {
        lock.lock()
        defer { lock.unlock() }
        if let earlier = held.updateValue(fd, forKey: path) { close(earlier) }
    }

    /// Lets go of the clone at `path` (one that failed and is removed).
    func release(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        if let fd = held.removeValue(forKey: path) { close(fd) }
    }
}
