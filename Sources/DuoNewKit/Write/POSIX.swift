#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Thin wrappers over the system calls the writer and the tree reader use.
enum POSIX {
    static var lastError: String { String(cString: strerror(errno)) }

    #if os(Linux)
    // <unistd.h> defines these only with _GNU_SOURCE, which Swift's Glibc module leaves out.
    static let seekData: Int32 = 3
    static let seekHole: Int32 = 4
    #else
    // Darwin's SEEK_HOLE is 3 and SEEK_DATA 4, the other way round from Linux, so its own macros
    // (sys/_types/_seek_set.h, which the SDK archives' index lacks; not checked there).
    static let seekData = SEEK_DATA
    static let seekHole = SEEK_HOLE
    #endif

    /// Memory for `read` to fill from files; free it with `freeReadBuffer`. (It was put on a page
    /// boundary once, for a gain the benchmark no longer shows: issue 27's measurement in
    /// the history of docs/performance.md.)
    static func allocateReadBuffer(_ byteCount: Int) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutablePointer<UInt8>.allocate(capacity: byteCount)
    }

    static func freeReadBuffer(_ buffer: UnsafeMutablePointer<UInt8>) {
        buffer.deallocate()
    }

    /// Reads up to `count` bytes, retrying when a signal interrupts the call.
    static func readChunk(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        while true {
            let result = read(fd, buffer, count)
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// Waits up to `milliseconds` for `fd` to have something to read (or to reach its end).
    static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// Writes all of `buffer`; false (with `errno` set) on failure.
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        guard var cursor = buffer.baseAddress else { return true }
        var left = buffer.count
        while left > 0 {
            let result = write(fd, cursor, left)
            if result < 0 {
                if errno == EINTR { continue }
                return false
            }
            cursor += result
            left -= result
        }
        return true
    }

    /// `rename` that fails with `EEXIST` rather than replace whatever is at `to`, so a file or
    /// folder that appeared at the destination after it was checked is never clobbered
    /// (`rename` alone silently replaces a file, or a folder that is empty).
    static func renameWithoutReplacing(_ from: String, _ to: String) -> Bool {
        #if canImport(Glibc)
        // renameat2 is a GNU extension Swift's Glibc module does not declare: look it up.
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        let renameNoReplace: UInt32 = 1
        if let symbol = dlsym(nil, "renameat2") {
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            if renameat2(AT_FDCWD, from, AT_FDCWD, to, renameNoReplace) == 0 { return true }
            // Some file systems do not support the flag; fall back below.
            guard errno == EINVAL || errno == ENOSYS else { return false }
        }
        #elseif canImport(Darwin)
        // sys/stdio.h: `int renamex_np(const char *, const char *, unsigned int)` (macOS 10.12)
        // and `#define RENAME_EXCL 0x00000004`, read in the macOS SDK's header as ziglang/zig
        // carries it (lib/libc/include/x86_64-macos-gnu); the SDK archives' index lacks the file.
        // ENOTSUP for a file system without RENAME_EXCL is renamex_np(2)'s, not the header's.
        if renamex_np(from, to, UInt32(RENAME_EXCL)) == 0 { return true }
        guard errno == ENOTSUP else { return false }
        #endif
        // Without the atomic call, check first: a narrow window remains.
        if linkInfo(to) != nil {
            errno = EEXIST
            return false
        }
        return rename(from, to) == 0
    }

    /// The process's umask, read without changing it where the system allows (`/proc` on
    /// Linux); elsewhere set and restored at once, before any writing thread starts.
    static func currentUmask() -> mode_t {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let mask = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return mask
        }
        #endif
        // sys/stat.h, iPhoneOS 27.0 SDK: `mode_t umask(mode_t)`; its `getumask(void)` is new in
        // macOS 27.0, newer than the package's macOS 14, so the set-and-restore stays.
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// Whether every byte is zero, eight at a time.
    static func isAllZero(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index + 8 <= bytes.count {
            if base.loadUnaligned(fromByteOffset: index, as: UInt64.self) != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if base.load(fromByteOffset: index, as: UInt8.self) != 0 { return false }
            index += 1
        }
        return true
    }

    /// `lstat`: the entry itself, not what a link points to.
    static func linkInfo(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    /// `stat`: follows links.
    static func info(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    static func isDirectory(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }

    /// Syncs a folder's entries (a name just linked or renamed into it), best effort: a file
    /// system that cannot sync a folder still has the name, only less surely after a power cut.
    static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// The entries of a folder except `.` and `..`, as raw name bytes, sorted byte-wise.
    static func entries(of path: String) -> [[UInt8]]? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        return fd >= 0 ? entries(ofOpen: fd) : nil
    }

    /// `entries(of:)` for a folder already open as `fd`, which this closes.
    static func entries(ofOpen fd: Int32) -> [[UInt8]]? {
        guard let dir = fdopendir(fd) else {
            close(fd)
            return nil
        }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The target of a symbolic link, as raw bytes.
    static func linkTarget(_ path: String) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { raw in
            raw.baseAddress.map { readlink(path, $0, raw.count - 1) } ?? -1
        }
        return length < 0 ? nil : Array(buffer[..<length])
    }
}
