#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
@testable import DuoNewKit

/// Trees nested deeper than a walker by recursion survives, for the tests of the walkers that
/// read trees duo-new did not write.
///
/// `levels` is 25,000: more folders than the descriptors a process may hold here (20,000),
/// paths twelve times the system's longest (4,096 bytes), and a recursive walker's stack on a
/// test thread (8 MiB). They are made on a memory file system where there is one (`/dev/shm`):
/// on the shared machine's disk every folder made and removed waits on it (25,000 took 6 to 11 s
/// to make and 61 to 74 s to remove, 2 s of it CPU), in memory 0.6 s and 1.8 s.
enum DeepFolders {
    static let levels = 25_000

    /// A fresh empty folder for a deep tree; remove it with `TreeRemover.remove`.
    static func scratch(_ prefix: String) throws -> String {
        var shm = stat()
        if stat("/dev/shm", &shm) == 0, shm.st_mode & S_IFMT == S_IFDIR, access("/dev/shm", W_OK | X_OK) == 0 {
            var template = Array("/dev/shm/duo-new-tests-\(prefix)-XXXXXX".utf8CString)
            if template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) != nil {
                return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return try TestScratch.makeFolder(prefix).path
    }

    /// Makes `levels` folders named `d`, each in the one before, starting in `top`, and a file
    /// named `leaf` in the deepest; returns how many folders were made.
    @discardableResult
    static func nest(_ levels: Int = levels, in top: String) -> Int {
        var fd = open(top, O_RDONLY | O_DIRECTORY)
        var made = 0
        while made < levels, fd >= 0, mkdirat(fd, "d", 0o700) == 0 {
            let next = openat(fd, "d", O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
            made += 1
        }
        if fd >= 0 {
            close(openat(fd, "leaf", O_WRONLY | O_CREAT, 0o600))
            close(fd)
        }
        return made
    }
}
