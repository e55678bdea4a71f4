#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// What a project holds now at the paths an update looks at: each regular file's hash and mode,
/// each link's target, and whether each folder is empty.
///
/// Nothing is looked at through a symbolic link or a file standing where a folder would be: a
/// path below one is `missing` (the planner then decides what the thing in the way means), so a
/// project folder that is a link to elsewhere is never hashed, let alone changed.
public enum ProjectScan {
    /// What stands at each of `paths` and at every folder above them.
    /// With `interruption`, a signal caught meanwhile stops the hashing (`.interrupted`): a
    /// recorded file may be as large as anyone made it.
    public static func current(
        project: String, paths: some Sequence<String>, interruption: Interruption? = nil
    ) throws(UpdateApplier.ApplyError) -> [String: UpdatePlanner.Current] {
        var result: [String: UpdatePlanner.Current] = [:]
        var folders = FolderMemo(project: project)
        for path in withFolders(paths) {
            let full = project + "/" + path
            guard folders.allReal(above: path), let info = POSIX.linkInfo(full) else {
                result[path] = .missing
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                result[path] = .file(UpdatePlanner.Fingerprint(sha256: try hash(full, shownAs: path, interruption: interruption), mode: Int(info.st_mode) & 0o7777))
            case S_IFLNK:
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: full) else {
                    throw .io(path: path, reason: POSIX.lastError)
                }
                result[path] = .file(.link(to: target))
            case S_IFDIR:
                guard let names = entries(project: project, folder: path) else { throw .io(path: path, reason: POSIX.lastError) }
                result[path] = names.isEmpty ? .file(.emptyFolder) : .folder
            default:
                result[path] = .other
            }
        }
        return result
    }

    /// Each of `new` (not recorded) whose entry is a recorded path's spelt with other case: the
    /// same file on the same device, found under both spellings by lstat but listed under at
    /// most one of them (`Spelt`). A disk that ignores case (a Mac's) answers `README.md` with
    /// `Readme.md`; one that tells case apart never has such a pair (a hard link of another
    /// spelling is listed under its own name).
    public static func caseAliases(project: String, recorded: some Sequence<String>, new: some Sequence<String>) -> [String: UpdatePlanner.CaseAlias] {
        let byFolded = Dictionary(recorded.map { ($0.lowercased(), [$0]) }, uniquingKeysWith: +)
        var spelt = Spelt(project: project)
        var aliases: [String: UpdatePlanner.CaseAlias] = [:]
        for path in new {
            guard let candidates = byFolded[path.lowercased()], !candidates.contains(path),
                  let found = POSIX.linkInfo(project + "/" + path) else { continue }
            for original in candidates {
                guard let info = POSIX.linkInfo(project + "/" + original), info.st_dev == found.st_dev, info.st_ino == found.st_ino else { continue }
                let listedAsNew = spelt.exists(path)
                if listedAsNew, spelt.exists(original) { continue }
                aliases[path] = UpdatePlanner.CaseAlias(recorded: original, listedAsNew: listedAsNew)
                break
            }
        }
        return aliases
    }

    /// Whether a path is in the project under exactly its spelling: each of its names listed in
    /// its folder byte for byte (a disk that ignores case finds `sources/a` for `Sources/a`, but
    /// lists `Sources`). Each folder is listed once.
    public struct Spelt {
        let project: String
        private var listed: [String: Set<[UInt8]>?] = [:]

        public init(project: String) {
            self.project = project
        }

        public mutating func exists(_ path: String) -> Bool {
            guard POSIX.linkInfo(project + "/" + path) != nil else { return false }
            var folder = ""
            for name in path.split(separator: "/") {
                if listed[folder] == nil { listed[folder] = .some(POSIX.entries(of: project + "/" + folder).map { Set($0) }) }
                // A folder that cannot be listed: as lstat says.
                if case .some(.some(let names)) = listed[folder], !names.contains(Array(name.utf8)) { return false }
                folder = folder.isEmpty ? String(name) : folder + "/" + name
            }
            return true
        }
    }

    /// `paths` and every folder above each of them.
    public static func withFolders(_ paths: some Sequence<String>) -> Set<String> {
        var all: Set<String> = []
        for path in paths {
            var folder = path
            while !folder.isEmpty, all.insert(folder).inserted {
                folder = RelativePath.folder(of: folder)
            }
        }
        return all
    }

    /// The first of `paths` below a symbolic link in the project, and that link; nil when none is.
    public static func firstBelowALink(project: String, paths: some Sequence<String>) -> (path: String, link: String)? {
        var folders = FolderMemo(project: project)
        for path in paths.sorted() {
            if let link = folders.link(above: path) { return (path, link) }
        }
        return nil
    }

    /// Those of `paths` (in their order) whose every folder above is a real folder of the
    /// project: none is read through a link, or below a file standing where a folder would be.
    public static func belowNoLink(project: String, paths: [String]) -> [String] {
        var folders = FolderMemo(project: project)
        return paths.filter { folders.allReal(above: $0) }
    }

    /// What each project folder is, each looked up once (`lstat`, never following a link).
    private struct FolderMemo {
        let project: String
        private var kinds: [String: mode_t] = [:]

        init(project: String) {
            self.project = project
        }

        /// Whether every folder above `path` is a real folder.
        mutating func allReal(above path: String) -> Bool {
            var folder = ""
            for name in path.split(separator: "/").dropLast() {
                folder = folder.isEmpty ? String(name) : folder + "/" + name
                guard kind(of: folder) == S_IFDIR else { return false }
            }
            return true
        }

        /// The outermost folder above `path` that is a link, stopping at anything missing or not a folder.
        mutating func link(above path: String) -> String? {
            var folder = ""
            for name in path.split(separator: "/").dropLast() {
                folder = folder.isEmpty ? String(name) : folder + "/" + name
                switch kind(of: folder) {
                case S_IFDIR: continue
                case S_IFLNK: return folder
                default: return nil
                }
            }
            return nil
        }

        private mutating func kind(of folder: String) -> mode_t {
            if let known = kinds[folder] { return known }
            let found = POSIX.linkInfo(project + "/" + folder).map { $0.st_mode & S_IFMT } ?? 0
            kinds[folder] = found
            return found
        }
    }

    /// The names in a project folder now, or nil when it cannot be read.
    public static func entries(project: String, folder: String) -> [String]? {
        POSIX.entries(of: project + "/" + folder).map { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// A folder's permission bits, 0o755 when it cannot be read.
    public static func folderMode(project: String, folder: String) -> Int {
        // Its permission bits, without others' write or the special bits: what the journal
        // holds, a roll-back sets again, so it never makes a folder anyone may write.
        POSIX.linkInfo(project + "/" + folder).map { Int($0.st_mode) & UpdateJournal.folderModeBits } ?? 0o755
    }

    /// The SHA-256 of a regular file, read in chunks. Opened without following a link and
    /// without blocking, then checked to be a regular file, so a FIFO or a device swapped in
    /// after the caller looked is refused, never waited on.
    /// With `interruption`, a signal caught stops it between chunks (`.interrupted`), so a huge
    /// file (a sparse terabyte reads for minutes) never keeps duo-new deaf to Ctrl-C.
    public static func hash(_ path: String, shownAs shown: String, interruption: Interruption? = nil) throws(UpdateApplier.ApplyError) -> String {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: shown, reason: POSIX.lastError) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(path: shown, reason: POSIX.lastError) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .io(path: shown, reason: "it is no longer a regular file") }
        var hasher = SHA256()
        let size = 1 << 20
        let buffer = POSIX.allocateReadBuffer(size)
        defer { POSIX.freeReadBuffer(buffer) }
        while true {
            if let signal = interruption?.received { throw .interrupted(signal: signal) }
            let count = POSIX.readChunk(fd, buffer, size)
            guard count >= 0 else { throw .io(path: shown, reason: POSIX.lastError) }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(start: buffer, count: count))
        }
        return hasher.finish()
    }

    /// What an entry holds, as one SHA-256, computed from what is there only: a file's bytes; a
    /// symbolic link's target (behind a prefix no file's digest could share by chance); a folder's
    /// every entry, at any depth (`folderDigest`). Nil when any part of it cannot be read or is
    /// not a file, link or folder (a FIFO, a device): nothing then stands in for the content, so a
    /// roll-back comparing against a staged digest leaves the entry where it is.
    public static func digest(_ path: String) -> String? {
        guard let info = POSIX.linkInfo(path) else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return try? hash(path, shownAs: path)
        case S_IFLNK: return POSIX.linkTarget(path).map { SHA256.hex(Array("symbolic link to ".utf8) + $0) }
        case S_IFDIR: return folderDigest(path)
        default: return nil
        }
    }

    /// An empty folder's digest is that of the words `empty folder`; any other folder's is that of
    /// `folder` and a line per entry below it, depth first and sorted byte-wise: `f`, `l` or `d`,
    /// the entry's path inside the folder, and for a file or a link its digest, separated by NUL.
    /// Walked with a list of folders still to read, not by recursion, so a planted tree of any
    /// depth cannot exhaust the stack (past the system's longest path it cannot be read: nil).
    static func folderDigest(_ path: String) -> String? {
        var listing = Array("folder\n".utf8)
        var pending: [[UInt8]] = [[]]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? path : path + "/" + String(decoding: relative, as: UTF8.self)
            guard let names = entriesWithoutFollowing(folder) else { return nil }
            if relative.isEmpty, names.isEmpty { return SHA256.hex(Array("empty folder".utf8)) }
            var below: [[UInt8]] = []
            for name in names {
                let inside = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
                let full = folder + "/" + String(decoding: name, as: UTF8.self)
                guard String(decoding: inside, as: UTF8.self).utf8.elementsEqual(inside), let info = POSIX.linkInfo(full) else { return nil }
                switch info.st_mode & S_IFMT {
                case S_IFREG:
                    guard let digest = try? hash(full, shownAs: full) else { return nil }
                    listing += Array("f\0".utf8) + inside + [0] + Array(digest.utf8) + [UInt8(ascii: "\n")]
                case S_IFLNK:
                    guard let target = POSIX.linkTarget(full) else { return nil }
                    listing += Array("l\0".utf8) + inside + [0] + Array(SHA256.hex(target).utf8) + [UInt8(ascii: "\n")]
                case S_IFDIR:
                    listing += Array("d\0".utf8) + inside + [UInt8(ascii: "\n")]
                    below.append(inside)
                default:
                    return nil
                }
            }
            // Reversed, so the first subfolder is read next: depth first, in sorted order.
            pending += below.reversed()
        }
        return SHA256.hex(listing)
    }

    /// The entries below `folder` that are not folders (files, links, anything else), as paths
    /// inside it, sorted, at most `limit` of them; a folder that cannot be read counts as one,
    /// since what it holds cannot be told. None when `folder` is not there or is no folder (a
    /// file or a link there holds nothing below it). Walked with a list of folders still to
    /// read, not by recursion, as `folderDigest` is.
    static func entriesOtherThanFolders(below folder: String, limit: Int = 20) -> [String] {
        guard POSIX.linkInfo(folder).map(POSIX.isDirectory) == true else { return [] }
        var found: [String] = []
        var pending: [String] = [""]
        while let relative = pending.popLast(), found.count < limit {
            guard let names = entriesWithoutFollowing(relative.isEmpty ? folder : folder + "/" + relative) else {
                found.append(relative.isEmpty ? "." : relative)
                continue
            }
            var below: [String] = []
            for name in names.map({ String(decoding: $0, as: UTF8.self) }) {
                let inside = relative.isEmpty ? name : relative + "/" + name
                if POSIX.linkInfo(folder + "/" + inside).map(POSIX.isDirectory) == true {
                    below.append(inside)
                } else {
                    found.append(inside)
                }
            }
            pending += below.reversed()
        }
        return Array(found.sorted().prefix(limit))
    }

    /// A folder's entries, opened without following a link (a folder swapped for a link after
    /// it was looked at is not read), sorted byte-wise; nil when it cannot be read.
    private static func entriesWithoutFollowing(_ path: String) -> [[UInt8]]? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        return POSIX.entries(ofOpen: fd)
    }
}
