#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a project holds now at the paths an update looks at: each regular file's hash and mode,
/// each link's target, and whether each folder is empty.
public enum ProjectScan {
    public static func current(project: String, paths: some Sequence<String>) throws(UpdateApplier.Failure) -> [String: UpdatePlanner.Current] {
        var result: [String: UpdatePlanner.Current] = [:]
        for path in paths {
            let full = project + "/" + path
            guard let info = POSIX.linkInfo(full) else {
                result[path] = .missing
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                result[path] = .file(UpdatePlanner.Fingerprint(sha256: try hash(full, shownAs: path), mode: Int(info.st_mode) & 0o7777))
            case S_IFLNK:
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: full) else {
                    throw .io(path: path, reason: POSIX.lastError)
                }
                result[path] = .file(.link(to: target))
            case S_IFDIR:
                guard let names = entries(project: project, folder: path) else { throw .io(path: path, reason: POSIX.lastError) }
                result[path] = names.isEmpty ? .file(.emptyFolder) : .folder
            default:
                result[path] = .other
            }
        }
        return result
    }

    /// The names in a project folder now, or nil when it cannot be read.
    public static func entries(project: String, folder: String) -> [String]? {
        POSIX.entries(of: project + "/" + folder).map { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// A folder's permission bits, 0o755 when it cannot be read.
    public static func folderMode(project: String, folder: String) -> Int {
        POSIX.linkInfo(project + "/" + folder).map { Int($0.st_mode) & 0o7777 } ?? 0o755
    }

    /// The SHA-256 of a file, read in chunks.
    public static func hash(_ path: String, shownAs shown: String) throws(UpdateApplier.Failure) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: shown, reason: POSIX.lastError) }
        defer { close(fd) }
        var hasher = SHA256()
        let size = 1 << 20
        let buffer = POSIX.allocateReadBuffer(size)
        defer { POSIX.freeReadBuffer(buffer) }
        while true {
            let count = POSIX.readChunk(fd, buffer, size)
            guard count >= 0 else { throw .io(path: shown, reason: POSIX.lastError) }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(start: buffer, count: count))
        }
        return hasher.finish()
    }
}
