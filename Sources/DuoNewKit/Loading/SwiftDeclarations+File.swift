#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Reading a Swift source file for the types it declares: the file system half of
/// `SwiftDeclarations`, whose scanner (in the core) works on bytes it is given.
extension SwiftDeclarations {
    /// The type names declared by the file at `path`, read in chunks; nil when it cannot be read.
    public static func typeNames(inFileAt path: String) -> Set<String>? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let buffer = UnsafeMutableBufferPointer(start: POSIX.allocateReadBuffer(chunkSize), count: chunkSize)
        defer { POSIX.freeReadBuffer(buffer.baseAddress!) }
        var scanner = Scanner()
        while true {
            let count = read(fd, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            scanner.feed(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        scanner.finish()
        return scanner.names
    }
}
