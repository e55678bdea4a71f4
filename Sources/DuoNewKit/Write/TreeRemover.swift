#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Removes a folder duo-new made, whatever modes its folders ended with.
///
/// A template may hold a read-only folder (0555); its copy gets that mode near the end of the
/// write. `FileManager.removeItem` cannot empty such a folder as an ordinary user, so a failure
/// after that point would leave the whole temporary tree behind. This gives each folder back
/// its owner's write and search permission before emptying it. It never follows a symbolic
/// link, and works relative to each folder's descriptor, so a link inside cannot send it elsewhere.
public enum TreeRemover {
    /// Removes `path` and everything below it; true when nothing is left.
    @discardableResult
    public static func remove(_ path: String) -> Bool {
        guard let info = POSIX.linkInfo(path) else { return errno == ENOENT }
        guard POSIX.isDirectory(info) else { return unlink(path) == 0 }
        if info.st_mode & 0o700 != 0o700 { _ = chmod(path, mode_t(info.st_mode & 0o7777) | 0o700) }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        emptyFolder(fd)
        return rmdir(path) == 0
    }

    /// Empties the folder open as `fd`, and closes it.
    private static func emptyFolder(_ fd: Int32) {
        guard let dir = fdopendir(fd) else {
            close(fd)
            return
        }
        defer { closedir(dir) }
        var names: [[CChar]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                raw.prefix { $0 != 0 }.map { CChar(bitPattern: $0) }
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name + [0])
        }
        for name in names {
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            guard POSIX.isDirectory(info) else {
                _ = unlinkat(fd, name, 0)
                continue
            }
            if info.st_mode & 0o700 != 0o700 { _ = fchmodat(fd, name, mode_t(info.st_mode & 0o7777) | 0o700, 0) }
            let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else { continue }
            emptyFolder(child)
            _ = unlinkat(fd, name, AT_REMOVEDIR)
        }
    }
}
