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
        // Read as what it is when opened: something else put there since the look above is refused.
        switch POSIX.readRegularFile(url.path, limit: maximumBytes) {
        case .bytes(let bytes): return bytes
        case .tooLarge(let bytes): throw failure(.manifestTooLarge(path: displayPath, bytes: bytes, limit: maximumBytes))
        case .notRegular: throw failure(.unreadableManifest(path: displayPath, reason: "it was changed into something other than a regular file as it was opened"))
        case .failed(let reason): throw failure(.unreadableManifest(path: displayPath, reason: reason))
        }
    }

    private static func failure(_ problem: ManifestProblem) -> ManifestError {
        ManifestError(diagnostics: [.error(problem.message)])
    }
}
