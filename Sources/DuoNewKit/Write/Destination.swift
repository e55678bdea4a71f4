#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where the project goes, inspected before anything is written.
public struct Destination: Sendable, Hashable {
    public enum State: Sendable, Hashable {
        /// Nothing there yet; `missingParents` lists the folders to create first, outermost first.
        case missing(missingParents: [String])
        /// An empty folder, used as it is.
        case emptyFolder
    }

    /// Absolute, with `.` and `..` resolved.
    public var path: String
    public var state: State

    /// Decides whether `path` can receive a project: missing (and creatable) or an empty folder.
    /// Anything else throws, and nothing has been touched.
    public static func inspect(_ path: String, workingDirectory: String) throws(WriteError) -> Destination {
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true))
            .standardizedFileURL.path
        if let info = POSIX.info(absolute) {
            guard POSIX.isDirectory(info) else { throw .destinationNotFolder(path: path) }
            guard let entries = POSIX.entries(of: absolute) else {
                throw .destinationUnusable(path: path, reason: POSIX.lastError)
            }
            guard entries.isEmpty else { throw .destinationNotEmpty(path: path) }
            guard access(absolute, W_OK | X_OK) == 0 else {
                throw .destinationUnusable(path: path, reason: "the folder is not writable")
            }
            return Destination(path: absolute, state: .emptyFolder)
        }
        if POSIX.linkInfo(absolute) != nil {
            throw .destinationUnusable(path: path, reason: "it is a symbolic link to nothing")
        }
        // Walk up to the nearest thing that exists: it must be a writable folder.
        var missing = [absolute]
        var parent = (absolute as NSString).deletingLastPathComponent
        while POSIX.info(parent) == nil {
            if POSIX.linkInfo(parent) != nil {
                throw .destinationUnusable(path: path, reason: "'\(parent)' is a symbolic link to nothing")
            }
            missing.append(parent)
            parent = (parent as NSString).deletingLastPathComponent
        }
        guard let info = POSIX.info(parent), POSIX.isDirectory(info) else {
            throw .destinationUnusable(path: path, reason: "'\(parent)' is not a folder")
        }
        guard access(parent, W_OK | X_OK) == 0 else {
            throw .destinationUnusable(path: path, reason: "'\(parent)' is not writable")
        }
        return Destination(path: absolute, state: .missing(missingParents: missing.dropFirst().reversed()))
    }
}
