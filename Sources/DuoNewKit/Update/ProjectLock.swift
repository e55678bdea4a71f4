#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// One lock per project, held by `update` (exclusive) and by `check` and `update --dry-run`
/// (shared) for as long as they run: two updates of one project at once would each take the
/// other's work folder for an unfinished update and undo it.
///
/// It is `flock` on the project folder itself, so nothing is written to take it, and the kernel
/// lets it go when the process ends however it ends (a `kill -9` leaves no stale lock). The
/// descriptor is closed on exec, so a check's processes do not inherit it. On Linux the holder's
/// process id is read from `/proc/locks` for the message.
public final class ProjectLock {
    private let descriptor: Int32

    /// Why the lock was not taken.
    public enum NotTaken: Error, Sendable, Equatable {
        /// Another process holds it (its id when it can be told).
        case busy(holder: Int32?)
        /// The file system refuses locks (some network file systems); `reason` is the system's.
        case unsupported(reason: String)
        /// The project folder could not be opened.
        case unreadable(reason: String)
    }

    /// A lock found held is tried again this many times, this many microseconds apart (half a
    /// second in all), before it counts as busy.
    static let busyRetries = 10
    static let busyRetryInterval: useconds_t = 50_000

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Takes the lock on `project` without waiting: exclusive for a change, shared to read.
    public static func take(project: String, exclusive: Bool) throws(NotTaken) -> ProjectLock {
        try take(project: project, exclusive: exclusive, pause: { usleep(Self.busyRetryInterval) })
    }

    /// `take`, with the pause between tries of a held lock given: a test passes one that lets
    /// the holder go, so the retry is shown without timing anything.
    static func take(project: String, exclusive: Bool, pause: () -> Void) throws(NotTaken) -> ProjectLock {
        let fd = open(project, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(reason: POSIX.lastError) }
        var result: Int32
        var code: Int32 = 0
        var retries = 0
        repeat {
            // flock(int, int) and LOCK_SH/EX/NB: sys/fcntl.h, iPhoneOS 27.0 SDK, as glibc's.
            result = flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB)
            code = result == 0 ? 0 : errno
            if code == EWOULDBLOCK, retries < Self.busyRetries {
                // A lock this process just let go can still be held by a child another thread
                // forked meanwhile, through its copy of the descriptor, until that child execs
                // (close-on-exec then drops it); on a loaded machine that takes a moment.
                retries += 1
                pause()
                code = EINTR
            }
        } while code == EINTR
        guard result == 0 else {
            let reason = String(cString: strerror(code))
            var info = stat()
            // Darwin's dev_t is a signed 32-bit integer (sys/_types.h, not in the SDK archives'
            // index; sys/stat.h, iPhoneOS 27.0 SDK, declares st_dev a dev_t): converted without a
            // trap for a negative one. /proc/locks is Linux's, so there it matches nothing anyway.
            let holder = fstat(fd, &info) == 0 ? Self.holder(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(info.st_ino)) : nil
            close(fd)
            if code == EWOULDBLOCK { throw .busy(holder: holder) }
            throw .unsupported(reason: reason)
        }
        return ProjectLock(descriptor: fd)
    }

    /// The process holding a `flock` on the file `device`/`inode` as `/proc/locks` lists it
    /// (`2: FLOCK  ADVISORY  WRITE 21319 fe:00:16220187 0 EOF`: major and minor in hexadecimal);
    /// nil where there is no such file, or no line matches.
    static func holder(device: UInt64, inode: UInt64, locks: String? = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) -> Int32? {
        guard let locks else { return nil }
        // glibc's `major` and `minor`, which Swift does not import (they are macros).
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~UInt64(0xFFF))
        let minor = (device & 0xFF) | ((device >> 12) & ~UInt64(0xFF))
        for line in locks.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // A blocked waiter's line starts `2: -> FLOCK`; only holders are wanted.
            guard fields.count >= 6, fields[1] == "FLOCK" else { continue }
            let id = fields[5].split(separator: ":")
            guard id.count == 3, UInt64(id[0], radix: 16) == major, UInt64(id[1], radix: 16) == minor, UInt64(id[2]) == inode else { continue }
            return Int32(fields[4])
        }
        return nil
    }
}
