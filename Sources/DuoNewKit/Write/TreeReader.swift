#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Lists a template tree from the disk for the planner: names, kinds, sizes, modes; no contents.
///
/// Entries are looked up relative to their folder's descriptor (`fstatat`, `openat`), so the
/// kernel resolves one name per entry rather than its whole path: a tree of 20,000 files lists in
/// a few tens of milliseconds.
public enum TreeReader {
    /// The whole tree, or the first entry that cannot be read (generation needs every one).
    public static func read(tree: URL) throws(WriteError) -> TreeListing {
        var unlisted: [WriteError]? = nil
        return try read(tree: tree, unlisted: &unlisted)
    }

    /// The tree with each subfolder that cannot be listed or entered left out after its own
    /// entry, and why it could not be, in `unlisted`: for lint, which reports the modes of what
    /// it could list (a folder its owner cannot list is one of them) rather than stop at it.
    public static func readListable(tree: URL) throws(WriteError) -> (listing: TreeListing, unlisted: [WriteError]) {
        var unlisted: [WriteError]? = []
        let listing = try read(tree: tree, unlisted: &unlisted)
        return (listing, unlisted ?? [])
    }

    /// `unlisted` nil: the first failure is thrown; otherwise a subfolder's failure is added to it.
    private static func read(tree: URL, unlisted: inout [WriteError]?) throws(WriteError) -> TreeListing {
        let root = tree.path
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0 else {
            if fd >= 0 { close(fd) }
            throw .io(path: root, reason: "the template tree is missing or not a folder")
        }
        var listing = TreeListing(rootMode: UInt16(info.st_mode & 0o777), entries: [])
        try walk(root: fd, shownAs: root, into: &listing, unlisted: &unlisted)
        return listing
    }

    /// Why an entry of the template tree could not be read, in the copier's words, so that a folder
    /// its owner cannot list is not taken for a destination that cannot be written.
    private static func unreadable(_ path: String) -> WriteError {
        .io(path: path, reason: "cannot read the template tree: \(POSIX.lastError)")
    }

    /// At most this many folders are held open at once; a deeper one's parent is opened again
    /// through `..` when its turn comes, and checked to be the same folder (as `TreeRemover`).
    static let openFolders = 64

    /// A folder being listed: its descriptor (-1 while closed), what it is, and its names left,
    /// last first.
    private struct Frame {
        var fd: Int32
        let device: UInt64
        let inode: UInt64
        let relative: String
        var names: [[CChar]]

        /// Reads the names in the folder open as `fd`, which it keeps (and closes on failure).
        init(_ fd: Int32, relative: String, shown: String) throws(WriteError) {
            var info = stat()
            let copy = dup(fd)
            guard fstat(fd, &info) == 0, copy >= 0, let dir = fdopendir(copy) else {
                let error = unreadable(shown)
                if copy >= 0 { close(copy) }
                close(fd)
                throw error
            }
            defer { closedir(dir) }
            // Each name keeps its terminating NUL, so it is handed to `fstatat` and `openat` as it is.
            var names: [[CChar]] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                    Array(raw.prefix { $0 != 0 }.lazy.map { CChar(bitPattern: $0) }) + [0]
                }
                if name == [0x2E, 0] || name == [0x2E, 0x2E, 0] { continue }
                names.append(name)
            }
            // By unsigned byte (a plain comparison of CChar would put non-ASCII names first),
            // reversed so the first is taken last off the end.
            names.sort { $1.lexicographicallyPrecedes($0) { UInt8(bitPattern: $0) < UInt8(bitPattern: $1) } }
            self.fd = fd
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            self.relative = relative
            self.names = names
        }
    }

    /// Lists the folder open as `root` (and takes ownership of the descriptor) and every
    /// folder below it, each folder's entries in byte order, a subfolder's right after its own
    /// entry. Walked with a list of folders, not by recursion, so a tree of any depth (a
    /// recipe from git can be 25,000 levels deep) neither exhausts the stack nor the descriptors.
    /// With `unlisted`, a subfolder that fails is left out from there on, and the walk goes on
    /// in the folder holding it.
    private static func walk(root: Int32, shownAs rootShown: String, into listing: inout TreeListing, unlisted: inout [WriteError]?) throws(WriteError) {
        let shownPath = { (relative: String) in relative.isEmpty ? rootShown : rootShown + "/" + relative }
        var stack = [try Frame(root, relative: "", shown: rootShown)]
        defer { for frame in stack where frame.fd >= 0 { close(frame.fd) } }
        while let depth = stack.indices.last {
            guard let cName = stack[depth].names.popLast() else {
                try leave(&stack, shownPath: shownPath)
                continue
            }
            do throws(WriteError) {
                try list(cName, in: &stack, shownPath: shownPath, rootShown: rootShown, into: &listing, unlisted: &unlisted)
            } catch {
                guard depth > 0, unlisted != nil else { throw error }
                unlisted?.append(error)
                try leave(&stack, shownPath: shownPath)
            }
        }
    }

    /// Closes the folder on top of `stack` and takes it off; opens its parent again when that
    /// was closed, checking it is the same folder.
    private static func leave(_ stack: inout [Frame], shownPath: (String) -> String) throws(WriteError) {
        let finished = stack.removeLast()
        defer { close(finished.fd) }
        guard let above = stack.indices.last, stack[above].fd < 0 else { return }
        let reopened = openat(finished.fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        var info = stat()
        guard reopened >= 0, fstat(reopened, &info) == 0, UInt64(info.st_dev) == stack[above].device, UInt64(info.st_ino) == stack[above].inode else {
            if reopened >= 0 { close(reopened) }
            throw .io(path: shownPath(stack[above].relative), reason: "the folder was moved while it was being read")
        }
        stack[above].fd = reopened
    }

    /// Lists the entry `cName` of the folder on top of `stack`; a folder's frame is pushed, or
    /// with `unlisted`, when it cannot be entered, its failure added there.
    private static func list(
        _ cName: [CChar], in stack: inout [Frame], shownPath: (String) -> String, rootShown: String, into listing: inout TreeListing, unlisted: inout [WriteError]?
    ) throws(WriteError) {
        let depth = stack.count - 1
        let folder = stack[depth].fd
        let relative = stack[depth].relative
        let shown = shownPath(relative)
        let bytes = cName.dropLast().lazy.map { UInt8(bitPattern: $0) }
        guard let name = String(validating: bytes, as: UTF8.self) else {
            let escaped = Array(bytes).map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
            listing.undecodableNames.append(relative.isEmpty ? escaped : relative + "/" + escaped)
            return
        }
        let path = relative.isEmpty ? name : relative + "/" + name
        // No project could hold it (every path there is longer), and a listing of ever
        // longer paths would grow with the square of the depth.
        guard path.utf8.count < Int(PATH_MAX) else {
            throw .io(path: rootShown, reason: "it holds a path longer than the system allows (\(PATH_MAX) bytes), \(stack.count) folders deep")
        }
        var info = stat()
        guard fstatat(folder, cName, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw unreadable(shown + "/" + name)
        }
        let mode = UInt16(info.st_mode & 0o777)
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            listing.entries.append(TreeEntry(path: path, kind: .directory, mode: mode))
            do throws(WriteError) {
                let child = openat(folder, cName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else { throw unreadable(shown + "/" + name) }
                stack.append(try Frame(child, relative: path, shown: shown + "/" + name))
            } catch {
                guard unlisted != nil else { throw error }
                unlisted?.append(error)
                return
            }
            let far = stack.count - 1 - openFolders
            if far >= 0, stack[far].fd >= 0 {
                close(stack[far].fd)
                stack[far].fd = -1
            }
        case S_IFREG:
            listing.entries.append(TreeEntry(path: path, kind: .file(size: Int64(info.st_size)), mode: mode))
        case S_IFLNK:
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = target.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { readlinkat(folder, cName, $0, buffer.count - 1) } ?? -1
            }
            guard length >= 0 else { throw unreadable(shown + "/" + name) }
            let text = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            listing.entries.append(TreeEntry(path: path, kind: .symlink(target: text), mode: mode))
        case S_IFIFO:
            listing.entries.append(TreeEntry(path: path, kind: .unsupported("FIFO"), mode: mode))
        case S_IFSOCK:
            listing.entries.append(TreeEntry(path: path, kind: .unsupported("socket"), mode: mode))
        default:
            listing.entries.append(TreeEntry(path: path, kind: .unsupported("device"), mode: mode))
        }
    }
}
