#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// The bases of line merges: the text files a generation or an update writes, kept in
/// `$XDG_CACHE_HOME/duo-new/bases/` (else `~/.cache/duo-new/bases/`) as one pack per
/// generation: `KEY.pack`, where KEY is the SHA-256 of the file list its record holds (each
/// path and digest), so the record a later `update` reads names the pack it needs. That update
/// asks the pack for the bytes the record says a file had when it was made: the recipe at the
/// recorded version with the recorded values, whichever recipe and version of duo-new made it,
/// so a bundled recipe that a newer duo-new no longer carries still merges.
///
/// A pack is the texts one after the other, then an index (a line `DIGEST OFFSET LENGTH` per
/// text), then a trailer giving where the index starts and how long it is (`BaseStore.Pack`).
/// One file written per generation, where a file per text took a first generation of the
/// medium benchmark from 193 ms to 674 ms (docs/performance.md, "What each kept trick buys").
///
/// The store's folder is 0700 and each pack 0600, since the packs hold every project's text; a
/// store found readable by others is made private before it is used, and one that is a link or
/// another user's is not used at all (`PrivateFolder.secure`). No file in it is opened through a
/// link, and none in a way that waits on a FIFO.
///
/// The store is outside the project, so nothing is added to it; and untrusted, since anything
/// may write there: a pack is read only when it is a regular file whose trailer and index hold
/// together, and a text only when it is at most `MergeableText.largestFile` bytes and its
/// SHA-256 is the digest asked for. The only name built from outside the store is the pack's,
/// a digest duo-new computes itself, so no name can reach outside it.
public struct BaseStore: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// The store in the user's cache, or nil when neither XDG_CACHE_HOME nor HOME is set.
    public static func locate(environment: [String: String]) -> BaseStore? {
        XDGFolder.cache.path("bases", environment: environment).map(BaseStore.init(root:))
    }

    /// Where the pack of the generation whose record lists `files` is kept.
    public func packPath(for files: [String: GenerationRecord.File]) -> String {
        root + "/" + Self.key(files) + ".pack"
    }

    /// The SHA-256 of `files` as lines `PATH NUL DIGEST LF`, sorted by path.
    static func key(_ files: [String: GenerationRecord.File]) -> String {
        var listing: [UInt8] = []
        for path in files.keys.sorted() {
            listing.append(contentsOf: path.utf8)
            listing.append(0)
            listing.append(contentsOf: files[path, default: .init(mode: 0, sha256: "")].sha256.utf8)
            listing.append(UInt8(ascii: "\n"))
        }
        return SHA256.hex(listing)
    }

    /// What `keep` added: texts and their bytes.
    public struct Kept: Sendable, Equatable {
        public var files = 0
        public var bytes = 0
    }

    /// Packs the text files among `files` (the record's, by path in `folder`), once for each
    /// distinct content, unless a sound pack for `files` is there already (or `replacing`). With
    /// `checkingDigests`, a file is packed only when its SHA-256 is the recorded one; without,
    /// the bytes are taken as what the writer just wrote, and a reader checks them anyway.
    /// Best effort: a cache that cannot be written costs merges later, never this generation.
    /// The paths `leavingOut` (the files holding a secret, `SecretHolders`) are not packed: their
    /// merges become conflicts, rather than the secret lying in the cache in plain text.
    @discardableResult
    public func keep(
        _ files: [String: GenerationRecord.File], from folder: String, checkingDigests: Bool = false, replacing: Bool = false,
        leavingOut: Set<String> = []
    ) -> Kept {
        let target = packPath(for: files)
        // A pack there already is kept only while it holds together: one cut short, or garbage
        // planted at its name, would cost every later update of such a project its merges.
        guard PrivateFolder.secure(root), replacing || POSIX.linkInfo(target) == nil || !Pack.holdsTogether(target) else { return Kept() }
        // Written beside its place and renamed, so a reader never sees half a pack. Never
        // synced: a cache needs no durability, and a pack cut short fails its trailer. The
        // name is random and created exclusively, so nothing placed there beforehand (a link,
        // a hard link to another file, a FIFO) is written through or waited on.
        let temporary = PrivateFolder.temporaryName(beside: target)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return Kept() }
        let writer = PackWriter(descriptor)
        for (path, file) in files where !leavingOut.contains(path) && writer.lacks(file.sha256) {
            writer.add(folder + "/" + path, digest: file.sha256, checkingDigest: checkingDigests)
        }
        let written = writer.finish()
        close(descriptor)
        guard written, rename(temporary, target) == 0 else {
            unlink(temporary)
            return Kept()
        }
        return writer.kept
    }

    /// The pack of the generation whose record lists `files`, or nil when there is none to trust.
    /// The store's folder is made private first (`PrivateFolder.secure`); one that is not the
    /// user's, or is a link, is not read.
    public func pack(for files: [String: GenerationRecord.File]) -> Pack? {
        guard PrivateFolder.secure(root) else { return nil }
        return Pack.read(packPath(for: files))
    }
}
