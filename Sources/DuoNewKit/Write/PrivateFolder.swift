#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Folders only their owner may read: a temporary folder that holds a copy of a project, and the
/// stores in the user's cache that keep projects' text.
public enum PrivateFolder {
    /// A new folder in the system's temporary folder, `PREFIX-PID-XXXXXX` made by `mkdtemp`: an
    /// unpredictable name, mode 0700, so a run killed before it removes the folder leaves
    /// nothing anyone else can read. The process id lets the next run with the same prefix
    /// recognise such a folder (its process gone) and remove it: it may hold a project's
    /// stamped secrets. Nil when none can be made.
    public static func makeTemporary(prefix: String) -> String? {
        let base = FileManager.default.temporaryDirectory.path
        let named = prefix + "-"
        for stale in StaleTemporaries.inTemporaryDirectory(base, prefix: named) { TreeRemover.remove(stale) }
        var template = Array((base + "/" + named + "\(getpid())-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) != nil else { return nil }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Makes `path` (and each missing folder above it) with mode 0700, or takes the folder there:
    /// it must be a real folder (not a link) owned by this user, and any permission for the group
    /// or others is taken away. False when it cannot be made or is not the user's to use.
    public static func secure(_ path: String) -> Bool {
        var missing: [String] = []
        var folder = path
        while !folder.isEmpty, folder != "/", POSIX.linkInfo(folder) == nil {
            missing.append(folder)
            folder = (folder as NSString).deletingLastPathComponent
        }
        for made in missing.reversed() where mkdir(made, 0o700) != 0 && errno != EEXIST {
            return false
        }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_uid == geteuid() else { return false }
        return info.st_mode & 0o077 == 0 || fchmod(fd, mode_t(info.st_mode & 0o700)) == 0
    }

    /// A name for a temporary file beside `target`: a dot, the target's name and 16 random
    /// hexadecimal digits, so nobody can place a link or a FIFO at it beforehand.
    static func temporaryName(beside target: String) -> String {
        let folder = (target as NSString).deletingLastPathComponent
        let random = String(UInt64.random(in: .min ... .max), radix: 16)
        return folder + "/." + (target as NSString).lastPathComponent + "." + random
    }
}
