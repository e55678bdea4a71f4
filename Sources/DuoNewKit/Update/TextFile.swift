#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Reads a regular file that a merge or a scan may look at: never through a symbolic link,
/// never a FIFO or a device, never more than `MergeableText.largestFile` bytes.
enum TextFile {
    /// The bytes of the regular file at `path`, or nil when it is something else, too large, or unreadable.
    static func read(_ path: String) -> [UInt8]? {
        guard let info = POSIX.linkInfo(path), info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= MergeableText.largestFile else { return nil }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: MergeableText.largestFile + 1) ?? Data()
        } catch {
            return nil
        }
        return data.count <= MergeableText.largestFile ? Array(data) : nil
    }
}
