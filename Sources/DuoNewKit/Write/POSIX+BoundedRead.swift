#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a whole small file that duo-new did not write (a manifest, a project's record) as the
/// untrusted input it is.
extension POSIX {
    /// What reading a regular file within a limit came to.
    enum BoundedRead: Equatable {
        case bytes([UInt8])
        /// Not a regular file when it was opened: a link (never followed), a FIFO, a device or a folder.
        case notRegular
        /// Over the limit: its size when it was opened, or as much as was read once it grew past it.
        case tooLarge(bytes: Int)
        case failed(reason: String)
    }

    /// The bytes of the regular file at `path`, at most `limit` of them. It is opened without
    /// waiting, and without following a link unless `followingLinks` (the user's own config may
    /// well be one, made by a dotfiles tool), then checked to be a regular file, so a FIFO or a
    /// device put there after the caller looked is refused, never waited on or read without end;
    /// and the limit is held while reading, so a file that grows after its size was taken is
    /// refused as well.
    static func readRegularFile(_ path: String, limit: Int, followingLinks: Bool = false) -> BoundedRead {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return errno == ELOOP ? .notRegular : .failed(reason: lastError) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failed(reason: lastError) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .notRegular }
        guard Int(info.st_size) <= limit else { return .tooLarge(bytes: Int(info.st_size)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readChunk(fd, $0.baseAddress!, $0.count) }
            if count < 0 { return .failed(reason: lastError) }
            if count == 0 { return .bytes(bytes) }
            bytes += chunk.prefix(count)
            if bytes.count > limit { return .tooLarge(bytes: bytes.count) }
        }
    }
}
