#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// The bases of line merges: every text file a generation or an update writes, kept by the
/// SHA-256 its record gives it, in `$XDG_CACHE_HOME/duo-new/bases/` (else
/// `~/.cache/duo-new/bases/`), as `ab/abcdef…` (the digest's first two digits, then the whole
/// digest). A later `update` asks for the bytes the record says a file had when it was made:
/// the recipe at the recorded version with the recorded values, whichever recipe and version
/// of duo-new made it, so a bundled recipe that a newer duo-new no longer carries still merges.
///
/// The store is outside the project, so nothing is added to it; and untrusted, since anything
/// may write there: a stored file is read only when it is a regular file of at most
/// `MergeableText.largestFile` bytes whose SHA-256 is the digest asked for, and named only by
/// a digest of 64 lowercase hexadecimal digits, so no name can reach outside the store.
public struct BaseStore: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// The store in the user's cache, or nil when neither XDG_CACHE_HOME nor HOME is set.
    public static func locate(environment: [String: String]) -> BaseStore? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return BaseStore(root: (base as NSString).appendingPathComponent("duo-new/bases"))
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return BaseStore(root: (home as NSString).appendingPathComponent(".cache/duo-new/bases"))
    }

    /// Where the bytes with `digest` are kept, or nil when `digest` is not one.
    public func path(for digest: String) -> String? {
        guard digest.utf8.count == 64, digest.utf8.allSatisfy(Self.isLowercaseHexDigit) else { return nil }
        return root + "/" + digest.prefix(2) + "/" + digest
    }

    /// The stored bytes whose SHA-256 is `digest`, or nil when there are none to trust.
    public func bytes(for digest: String) -> [UInt8]? {
        guard let path = path(for: digest), let bytes = TextFile.read(path), SHA256.hex(bytes) == digest else { return nil }
        return bytes
    }

    /// What `keep` added: files and their bytes.
    public struct Kept: Sendable, Equatable {
        public var files = 0
        public var bytes = 0
    }

    /// Keeps the text files among `files` (the record's, by path in `folder`) not kept yet.
    /// Best effort: a cache that cannot be written costs merges later, never this generation.
    @discardableResult
    public func keep(_ files: [String: GenerationRecord.File], from folder: String) -> Kept {
        var kept = Kept()
        var made: Set<String> = []
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            guard let target = self.path(for: file.sha256), POSIX.linkInfo(target) == nil else { continue }
            guard let bytes = TextFile.read(folder + "/" + path), MergeableText.isText(bytes), SHA256.hex(bytes) == file.sha256 else { continue }
            let parent = (target as NSString).deletingLastPathComponent
            if made.insert(parent).inserted, POSIX.linkInfo(parent) == nil {
                guard (try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)) != nil else { continue }
            }
            // Written beside its place and renamed, so a reader never sees half a file. Never
            // synced (`FileManager.createFile` syncs each file, which made a first generation of
            // the medium benchmark take seconds): a cache needs no durability, and a file cut
            // short fails its digest.
            let temporary = parent + "/." + file.sha256 + ".\(getpid())"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { continue }
            let written = bytes.withUnsafeBytes { POSIX.writeAll(descriptor, $0) }
            close(descriptor)
            if written, rename(temporary, target) == 0 {
                kept.files += 1
                kept.bytes += bytes.count
            } else {
                unlink(temporary)
            }
        }
        return kept
    }

    /// Keeps the text files of the project (or staged tree) generation just wrote in `folder`,
    /// as its record lists them; nothing when there is no store or no record to read.
    @discardableResult
    public static func keepWritten(in folder: String, environment: [String: String]) -> Kept {
        guard let store = locate(environment: environment),
              let data = FileManager.default.contents(atPath: folder + "/" + Planner.recordFileName),
              let record = try? GenerationRecord.decode(data) else { return Kept() }
        return store.keep(record.files ?? [:], from: folder)
    }

    private static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
