#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Lists a template tree from the disk for the planner: names, kinds, sizes, modes; no contents.
public enum TreeReader {
    public static func read(tree: URL) throws(WriteError) -> TreeListing {
        let root = tree.path
        guard let rootInfo = POSIX.info(root), POSIX.isDirectory(rootInfo) else {
            throw .io(path: root, reason: "the template tree is missing or not a folder")
        }
        var listing = TreeListing(rootMode: UInt16(rootInfo.st_mode & 0o777), entries: [])
        try walk(root: root, relative: "", into: &listing)
        return listing
    }

    private static func walk(root: String, relative: String, into listing: inout TreeListing) throws(WriteError) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let names = POSIX.entries(of: folder) else {
            throw .io(path: folder, reason: POSIX.lastError)
        }
        for bytes in names {
            guard let name = String(validating: bytes, as: UTF8.self) else {
                let shown = bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
                listing.undecodableNames.append(relative.isEmpty ? shown : relative + "/" + shown)
                continue
            }
            let path = relative.isEmpty ? name : relative + "/" + name
            let full = root + "/" + path
            guard let info = POSIX.linkInfo(full) else { throw .io(path: full, reason: POSIX.lastError) }
            let mode = UInt16(info.st_mode & 0o777)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                listing.entries.append(TreeEntry(path: path, kind: .directory, mode: mode))
                try walk(root: root, relative: path, into: &listing)
            case S_IFREG:
                listing.entries.append(TreeEntry(path: path, kind: .file(size: Int64(info.st_size)), mode: mode))
            case S_IFLNK:
                guard let target = POSIX.linkTarget(full) else { throw .io(path: full, reason: POSIX.lastError) }
                listing.entries.append(TreeEntry(path: path, kind: .symlink(target: String(decoding: target, as: UTF8.self)), mode: mode))
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
