#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a manifest's bytes, never more than a limit, and only from a regular file: a FIFO
/// would wait for a writer for ever, and `/dev/zero` behind a link would never end.
enum ManifestFile {
    enum Failure: Error {
        case unreadable(String)
        case tooLarge(Int64)
        case notAFile

        func problem(path: String) -> ManifestProblem {
            switch self {
            case .unreadable(let reason): .unreadableManifest(path: path, reason: reason)
            case .tooLarge(let bytes): .manifestTooLarge(path: path, bytes: bytes)
            case .notAFile: .manifestNotAFile(path: path)
            }
        }
    }

    static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        // Non-blocking, so that opening a FIFO returns at once; it is refused just below.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
        guard Int64(info.st_size) <= Int64(limit) else { return .failure(.tooLarge(Int64(info.st_size))) }
        // The size can change while reading: read on past it, up to one byte past the limit.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var total = 0
        while total <= limit {
            if total == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - bytes.count)) }
            let count = bytes.withUnsafeMutableBytes { raw in
                systemRead(fd, raw.baseAddress! + total, raw.count - total)
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if count == 0 { break }
            total += count
        }
        guard total <= limit else { return .failure(.tooLarge(Int64(total))) }
        return .success(Array(bytes[..<total]))
    }
}

/// `read(2)`, named apart from the `read` of this file's enum.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
