#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// What an AppName may not clash with in one template.
public struct NameContext: Sendable, Equatable {
    /// The first path component of every entry in the template tree, tokens left as they are.
    public var topLevelNames: [String]
    /// The manifest's `reserved-names`.
    public var reservedNames: [String]
    /// Types declared by the template's Swift sources; names holding a token are left out.
    public var declaredTypes: Set<String>
    /// The token the AppName is stamped into (`__APP_NAME__`), so stamped top-level names can be compared.
    public var appNameToken: String?
    /// The types each scanned `.swift` file declares, by path in the tree, so that `apply(_:)` can
    /// leave out the files the manifest excludes: only what is generated can clash.
    var typesByFile: [String: Set<String>] = [:]

    public init(
        topLevelNames: [String] = [],
        reservedNames: [String] = [],
        declaredTypes: Set<String> = [],
        appNameToken: String? = nil
    ) {
        self.topLevelNames = topLevelNames
        self.reservedNames = reservedNames
        self.declaredTypes = declaredTypes
        self.appNameToken = appNameToken
    }

    /// Reads the template tree: its top-level names and the types its `.swift` files declare.
    /// Unreadable files are skipped; the generator reports them when it plans. Links are not
    /// followed (they are copied as links), and the sources are scanned on every core.
    ///
    /// With `appName`, a file is parsed only when its bytes contain that name (a quick search),
    /// so `declaredTypes` holds the types of those files alone: all that checking that one name
    /// needs, at a fraction of the cost on a large tree.
    public static func scan(tree: URL, manifest: Manifest, appName: String? = nil) -> NameContext {
        var context = scan(tree: tree, appName: appName)
        context.apply(manifest)
        return context
    }

    /// `scan(tree:manifest:appName:)` without the manifest's part, which `apply(_:)` adds: so the
    /// tree can be read while the manifest is still being decoded.
    public static func scan(tree: URL, appName: String?) -> NameContext {
        let topLevel = (try? FileManager.default.contentsOfDirectory(atPath: tree.path)) ?? []
        var collected: [SwiftFolder] = []
        collectSwiftFiles(in: tree.path, into: &collected)
        let folders = collected
        // One entry per file, with its folder's index: each worker takes a run of consecutive
        // files, so it opens each folder once and each file by its name from there (the kernel
        // walks one name per file rather than the whole path).
        let files = folders.indices.flatMap { folder in folders[folder].names.map { (folder: folder, name: $0) } }
        let needle = appName.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        // One core is left to the caller, who lists and plans the tree meanwhile (generation
        // waits for this scan only after planning).
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount - 1, files.count))
        let found = DeclaredTypes()
        let prefix = tree.path.count + 1
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var names: [String: Set<String>] = [:]
            var search = NeedleSearch(needle: needle ?? [])
            defer { search.release() }
            for index in (files.count * worker / workers)..<(files.count * (worker + 1) / workers) {
                let (folder, name) = (folders[files[index].folder].path, files[index].name)
                if needle != nil, search.mentioned(inFile: name, folder: folder) == false { continue }
                let path = folder + "/" + name
                if let declared = SwiftDeclarations.typeNames(inFileAt: path), !declared.isEmpty {
                    names[String(path.dropFirst(prefix))] = declared
                }
            }
            found.add(names)
        }
        var context = NameContext(topLevelNames: topLevel.sorted())
        context.typesByFile = found.byFile
        context.declaredTypes = context.typesByFile.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        return context
    }

    /// Adds what the manifest says: its reserved names and the AppName's token, and leaves out
    /// the top-level names and Swift sources it excludes, which no generated project holds.
    public mutating func apply(_ manifest: Manifest) {
        reservedNames = manifest.reservedNames
        appNameToken = manifest.placeholders.first { $0.source == .appName }?.token
        topLevelNames = topLevelNames.filter { !manifest.excludes($0) }
        if !typesByFile.isEmpty {
            declaredTypes = typesByFile.filter { !manifest.excludes($0.key) }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        }
    }

    /// A folder of the tree and the `.swift` files directly in it.
    private struct SwiftFolder {
        var path: String
        var names: [String]
    }

    /// The folders below `folder` that hold `.swift` files, found with `readdir` (no URL per
    /// entry, no link followed).
    private static func collectSwiftFiles(in folder: String, into folders: inout [SwiftFolder]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var names: [String] = []
        var subfolders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            var kind = Int32(entry.pointee.d_type)
            if kind == Int32(DT_UNKNOWN) {
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                kind = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : Int32(DT_LNK)
            }
            if kind == Int32(DT_DIR) {
                subfolders.append(path)
            } else if kind == Int32(DT_REG), name.hasSuffix(".swift") {
                names.append(name)
            }
        }
        if !names.isEmpty { folders.append(SwiftFolder(path: folder, names: names)) }
        for subfolder in subfolders { collectSwiftFiles(in: subfolder, into: &folders) }
    }
}

/// One scanning worker's search for the AppName's bytes in files: one buffer for all of them,
/// and the folder of the last file kept open, since consecutive files mostly share it.
private struct NeedleSearch {
    private let needle: [UInt8]
    private static let chunk = 1 << 16
    private let buffer: UnsafeMutablePointer<UInt8>
    private var openFolder: (path: String, fd: Int32)?

    init(needle: [UInt8]) {
        self.needle = needle
        buffer = .allocate(capacity: Self.chunk + max(needle.count - 1, 0))
    }

    mutating func release() {
        if let openFolder, openFolder.fd >= 0 { close(openFolder.fd) }
        openFolder = nil
        buffer.deallocate()
    }

    /// Whether the file's bytes contain the needle; nil when it cannot be read.
    mutating func mentioned(inFile name: String, folder: String) -> Bool? {
        if openFolder?.path != folder {
            if let openFolder, openFolder.fd >= 0 { close(openFolder.fd) }
            openFolder = (folder, open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
        }
        let folderFD = openFolder?.fd ?? -1
        let fd = folderFD >= 0 ? openat(folderFD, name, O_RDONLY | O_CLOEXEC) : open(folder + "/" + name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // Each read keeps the last `needle.count - 1` bytes of the one before, so a match that
        // straddles two reads is found.
        let overlap = needle.count - 1
        var kept = 0
        while true {
            let count = read(fd, buffer + kept, Self.chunk)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return false }
            let end = kept + count
            if needle.withUnsafeBufferPointer({ Self.contains($0, in: UnsafeBufferPointer(start: buffer, count: end)) }) { return true }
            kept = min(overlap, end)
            buffer.update(from: buffer + end - kept, count: kept)
        }
    }

    /// `memchr` for the first byte, then a comparison: fast on text, where most bytes never match.
    private static func contains(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, let wanted = needle.baseAddress, let base = haystack.baseAddress,
              haystack.count >= needle.count else { return false }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            guard let hit = memchr(base + start, Int32(first), last - start + 1) else { return false }
            let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            if memcmp(base + offset, wanted, needle.count) == 0 { return true }
            start = offset + 1
        }
        return false
    }
}

/// The type names the scanning workers found, by file, merged under a lock.
private final class DeclaredTypes: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String: Set<String>] = [:]

    func add(_ names: [String: Set<String>]) {
        lock.lock()
        defer { lock.unlock() }
        found.merge(names) { $0.union($1) }
    }

    var byFile: [String: Set<String>] {
        lock.lock()
        defer { lock.unlock() }
        return found
    }
}
