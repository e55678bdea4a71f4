#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// One repository's (and ref's) folder in duo-new's git cache, `NAME/`: complete clones under
/// random names made exclusively (`clone-a1B2c3`, by `mkdtemp`), and `current`, a link naming the
/// one a run starts from.
///
/// Why this shape: a run reads its clone by path for as long as it runs, while another run may
/// fetch the branch again. Replacing the clone at one path (even by an atomic rename or
/// exchange) would change the tree under the first run's path, and removing the old one would
/// delete it (74). So a clone is never changed or moved once made: a refresh makes a new one
/// beside it and swaps the `current` link in one `rename`, and a reader keeps the path it
/// resolved. A clone that is no longer current is removed by a later refresh, but only when no
/// run holds it: every run holds the clones it reads with a shared `flock` on the folder (kept
/// until the run ends, and released by the kernel when a run is killed), and the remover takes
/// the lock exclusively, without waiting, before removing anything. A reader checks after
/// taking its lock that `current` still names its clone, so it never holds one being removed.
struct CloneCache {
    /// `ROOT/NAME`.
    let folder: String

    static let currentLink = "current"
    static let clonePrefix = "clone-"
    private static let linkPrefix = ".current-"

    init(root: String, name: String) {
        folder = root + "/" + name
    }

    /// The current clone, held for `run`; nil when there is none (or `current` names something
    /// that is not a clone's folder here).
    func current(heldFor run: GitCacheRun) -> String? {
        // A refresh between reading the link and locking the clone means reading it again.
        for _ in 0..<16 {
            guard let target = currentTarget() else { return nil }
            let path = folder + "/" + target
            guard let fd = Self.hold(path) else { continue }
            if currentTarget() == target {
                run.keep(fd, for: path)
                return path
            }
            close(fd)
        }
        return nil
    }

    /// A new, empty folder for a clone, held for `run` so no refresh removes it half made. A
    /// clone left by duo-new before this layout (`NAME/.git`) is removed first.
    func newClone(heldFor run: GitCacheRun) throws(CacheProblem) -> String {
        if let info = POSIX.linkInfo(folder) {
            guard POSIX.isDirectory(info) else { throw CacheProblem("'\(DisplayPath.escaped(folder))' is not a folder; remove it") }
            if POSIX.linkInfo(folder + "/.git") != nil, POSIX.linkInfo(folder + "/" + Self.currentLink) == nil {
                try removeOlderLayout()
            }
        }
        for _ in 0..<4 {
            if mkdir(folder, 0o700) != 0, errno != EEXIST {
                throw CacheProblem("no folder could be made in the cache folder: \(POSIX.lastError)")
            }
            var template = Array((folder + "/" + Self.clonePrefix + "XXXXXX").utf8CString)
            guard template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) != nil else {
                // Removed by a failed clone of another run meanwhile: make it again.
                if errno == ENOENT { continue }
                throw CacheProblem("no folder could be made in '\(DisplayPath.escaped(folder))': \(POSIX.lastError)")
            }
            let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Another refresh may have taken it for a retired clone and removed it: make another.
            guard let fd = Self.hold(path) else { continue }
            run.keep(fd, for: path)
            return path
        }
        throw CacheProblem("no folder for the clone could be kept in '\(DisplayPath.escaped(folder))'")
    }

    /// Removes a clone that failed, and `NAME/` when that leaves it empty.
    func discard(_ clone: String, heldBy run: GitCacheRun) {
        TreeRemover.remove(clone)
        run.release(clone)
        rmdir(folder)
    }

    /// Makes `clone` the current one with one `rename` of a new link over `current`, then
    /// removes the clones no longer current that no run holds.
    func publish(_ clone: String) throws(CacheProblem) {
        let name = String(clone.split(separator: "/").last ?? "")
        var link = ""
        for _ in 0..<16 where link.isEmpty {
            let candidate = folder + "/" + Self.linkPrefix + "\(getpid())-" + Self.randomSuffix()
            if symlink(name, candidate) == 0 {
                link = candidate
            } else if errno != EEXIST {
                throw CacheProblem("the clone could not be made current: \(POSIX.lastError)")
            }
        }
        guard !link.isEmpty else { throw CacheProblem("the clone could not be made current") }
        guard rename(link, folder + "/" + Self.currentLink) == 0 else {
            let reason = POSIX.lastError
            unlink(link)
            throw CacheProblem("the clone could not be made current: \(reason)")
        }
        removeRetired()
    }

    /// Removes every clone here that is not current and that no run holds (the exclusive lock,
    /// not waited for, fails while any run holds it), and links a killed refresh left.
    func removeRetired() {
        let current = currentTarget()
        for bytes in POSIX.entries(of: folder) ?? [] {
            let name = String(decoding: bytes, as: UTF8.self)
            let path = folder + "/" + name
            if name.hasPrefix(Self.clonePrefix), name != current {
                let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard fd >= 0 else { continue }
                if flock(fd, LOCK_EX | LOCK_NB) == 0 { TreeRemover.remove(path) }
                close(fd)
            } else if let pid = StaleTemporaries.owner(of: name, prefix: Self.linkPrefix), pid != getpid(),
                      let info = POSIX.linkInfo(path), info.st_mode & S_IFMT == S_IFLNK, kill(pid, 0) != 0, errno == ESRCH {
                unlink(path)
            }
        }
    }

    /// The name `current` links to, when it is a clone's name here.
    private func currentTarget() -> String? {
        guard let bytes = POSIX.linkTarget(folder + "/" + Self.currentLink) else { return nil }
        let name = String(decoding: bytes, as: UTF8.self)
        guard name.hasPrefix(Self.clonePrefix), !name.contains("/"), name.utf8.elementsEqual(bytes) else { return nil }
        return name
    }

    /// Opens `path` (a folder, not through a link) and takes a shared lock on it, without
    /// waiting; nil when it is gone or being removed (a remover holds it, or removed it
    /// between the open and the lock). On a file system without locks it is opened unlocked.
    static func hold(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        if flock(fd, LOCK_SH | LOCK_NB) != 0, errno == EWOULDBLOCK {
            close(fd)
            return nil
        }
        var held = stat()
        guard fstat(fd, &held) == 0, let there = POSIX.linkInfo(path), there.st_dev == held.st_dev, there.st_ino == held.st_ino else {
            close(fd)
            return nil
        }
        return fd
    }

    /// A clone made before clones were kept beside each other is `NAME/` itself: moved aside
    /// under a name `StaleTemporaries` recognises (so a removal cut short is finished later),
    /// then removed, as duo-new did then.
    private func removeOlderLayout() throws(CacheProblem) {
        let parent = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)])
        let name = String(folder.split(separator: "/").last ?? "")
        var template = Array((parent + "/." + name + "." + StaleTemporaries.marker + "\(getpid())-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) != nil else {
            throw CacheProblem("no folder could be made in the cache folder: \(POSIX.lastError)")
        }
        let aside = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // `rename` replaces the empty folder `mkdtemp` made.
        guard rename(folder, aside) == 0 else {
            rmdir(aside)
            throw CacheProblem("the older clone in '\(DisplayPath.escaped(folder))' could not be moved aside: \(POSIX.lastError)")
        }
        TreeRemover.remove(aside)
    }

    private static func randomSuffix() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<6).map { _ in letters.randomElement() ?? "x" })
    }

    /// Why the cache could not be used, as a sentence.
    struct CacheProblem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
