#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Reads a manifest's bytes, refusing what is not a regular file (a folder, a FIFO that would
/// block, a device such as `/dev/zero` that never ends, a symbolic link that could make duo-new
/// read, and quote in its diagnostics, a file from anywhere) before opening it, and naming the
/// system's reason when a read fails.
enum ManifestFile {
    /// The largest manifest read; a real one is a few kilobytes.
    static let maximumBytes = 1 << 20

    static func read(_ url: URL, displayPath: String) throws(ManifestError) -> [UInt8] {
        var info = stat()
        // The recipe's or layer's own folder first: every other path of the recipe lies below it.
        if lstat(url.deletingLastPathComponent().path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw failure(.folderIsLink(path: (displayPath as NSString).deletingLastPathComponent))
        }
        guard lstat(url.path, &info) == 0 else {
            throw failure(.unreadableManifest(path: displayPath, reason: POSIX.lastError))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw failure(.manifestIsLink(path: displayPath))
        case S_IFDIR: throw failure(.manifestNotAFile(path: displayPath, kind: "a folder"))
        case S_IFIFO: throw failure(.manifestNotAFile(path: displayPath, kind: "a FIFO"))
        case S_IFSOCK: throw failure(.manifestNotAFile(path: displayPath, kind: "a socket"))
        default: throw failure(.manifestNotAFile(path: displayPath, kind: "a device"))
        }
        guard info.st_size <= maximumBytes else {
            throw failure(.manifestTooLarge(path: displayPath, bytes: Int(info.st_size), limit: maximumBytes))
        }
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw failure(.unreadableManifest(path: displayPath, reason: POSIX.lastError)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { POSIX.readChunk(fd, $0.baseAddress!, $0.count) }
            if count < 0 { throw failure(.unreadableManifest(path: displayPath, reason: POSIX.lastError)) }
            if count == 0 { return bytes }
            bytes += chunk.prefix(count)
            if bytes.count > maximumBytes {
                throw failure(.manifestTooLarge(path: displayPath, bytes: bytes.count, limit: maximumBytes))
            }
        }
    }

    private static func failure(_ problem: ManifestProblem) -> ManifestError {
        ManifestError(diagnostics: [.error(problem.message)])
    }
}
