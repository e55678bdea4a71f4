import DuoNewCore

/// Reads a regular file that a merge or a scan may look at: never through a symbolic link,
/// never a FIFO or a device, never more than `MergeableText.largestFile` bytes.
enum TextFile {
    /// The bytes of the regular file at `path`, or nil when it is something else, too large, or unreadable.
    /// Judged on the file as it is opened (`POSIX.readRegularFile`), so a FIFO or a link put
    /// there after a caller looked is refused, never waited on or followed.
    static func read(_ path: String) -> [UInt8]? {
        guard case .bytes(let bytes) = POSIX.readRegularFile(path, limit: MergeableText.largestFile) else { return nil }
        return bytes
    }
}
