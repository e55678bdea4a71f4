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

    /// At most this many folders are held open at once; a deeper one's parent is opened again
    /// through `..` when its turn comes, and checked to be the same folder.
    static let openFolders = 64

    /// A folder being emptied: its descriptor (-1 while closed), what it is, and its names left.
    private struct Frame {
        var fd: Int32
        let device: UInt64
        let inode: UInt64
        let nameInParent: [CChar]
        var names: [[CChar]]

        /// Reads the names in the folder open as `fd`; nil (and `fd` closed) when it cannot.
        init?(_ fd: Int32, nameInParent: [CChar]) {
            var info = stat()
            let copy = dup(fd)
            guard fstat(fd, &info) == 0, copy >= 0, let names = POSIX.entries(ofOpen: copy) else {
                close(fd)
                return nil
            }
            self.fd = fd
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            self.nameInParent = nameInParent
            self.names = names.map { $0.map { CChar(bitPattern: $0) } + [0] }
        }
    }

    /// Empties the folder open as `fd`, and closes it. Walked with a list of open folders, not
    /// by recursion, so a tree of any depth (a planted work folder can be 25,000 levels deep)
    /// neither exhausts the stack nor the descriptors.
    private static func emptyFolder(_ fd: Int32) {
        guard let top = Frame(fd, nameInParent: []) else { return }
        var stack = [top]
        defer { for frame in stack where frame.fd >= 0 { close(frame.fd) } }
        while let depth = stack.indices.last {
            if let name = stack[depth].names.popLast() {
                let parent = stack[depth].fd
                var info = stat()
                guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                guard POSIX.isDirectory(info) else {
                    _ = unlinkat(parent, name, 0)
                    continue
                }
                if info.st_mode & 0o700 != 0o700 { _ = fchmodat(parent, name, mode_t(info.st_mode & 0o7777) | 0o700, 0) }
                let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0, let frame = Frame(child, nameInParent: name) else { continue }
                stack.append(frame)
                let far = stack.count - 1 - openFolders
                if far >= 0, stack[far].fd >= 0 {
                    close(stack[far].fd)
                    stack[far].fd = -1
                }
                continue
            }
            let finished = stack.removeLast()
            guard let above = stack.indices.last else {
                close(finished.fd)
                return
            }
            if stack[above].fd < 0 {
                let reopened = openat(finished.fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                var info = stat()
                guard reopened >= 0, fstat(reopened, &info) == 0, UInt64(info.st_dev) == stack[above].device, UInt64(info.st_ino) == stack[above].inode else {
                    // Moved meanwhile: stop rather than remove from a folder it no longer is.
                    if reopened >= 0 { close(reopened) }
                    close(finished.fd)
                    return
                }
                stack[above].fd = reopened
            }
            close(finished.fd)
            _ = unlinkat(stack[above].fd, finished.nameInParent, AT_REMOVEDIR)
        }
    }
}
