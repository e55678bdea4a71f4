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
        try walk(folder: fd, shownAs: root, relative: "", into: &listing, unlisted: &unlisted)
        return listing
    }

    /// Why an entry of the template tree could not be read, in the copier's words, so that a folder
    /// its owner cannot list is not taken for a destination that cannot be written.
    private static func unreadable(_ path: String) -> WriteError {
        .io(path: path, reason: "cannot read the template tree: \(POSIX.lastError)")
    }

    /// Lists the folder open as `folder` (and takes ownership of the descriptor), then its subfolders.
    private static func walk(
        folder: Int32, shownAs shown: String, relative: String, into listing: inout TreeListing, unlisted: inout [WriteError]?
    ) throws(WriteError) {
        guard let dir = fdopendir(folder) else {
            let error = unreadable(shown)
            close(folder)
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
        // By unsigned byte (a plain comparison of CChar would put non-ASCII names first).
        names.sort { $0.lexicographicallyPrecedes($1) { UInt8(bitPattern: $0) < UInt8(bitPattern: $1) } }

        for cName in names {
            let bytes = cName.dropLast().lazy.map { UInt8(bitPattern: $0) }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                let escaped = Array(bytes).map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
                listing.undecodableNames.append(relative.isEmpty ? escaped : relative + "/" + escaped)
                continue
            }
            let path = relative.isEmpty ? name : relative + "/" + name
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
                    try walk(folder: child, shownAs: shown + "/" + name, relative: path, into: &listing, unlisted: &unlisted)
                } catch {
                    guard unlisted != nil else { throw error }
                    unlisted?.append(error)
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
}
