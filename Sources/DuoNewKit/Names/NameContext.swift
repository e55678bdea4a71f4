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
        var sources: [String] = []
        collectSwiftFiles(in: tree.path, into: &sources)
        let files = sources
        let needle = appName.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        // One core is left to the caller, who lists and plans the tree meanwhile (generation
        // waits for this scan only after planning).
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount - 1, files.count))
        let found = DeclaredTypes()
        let prefix = tree.path.count + 1
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var names: [String: Set<String>] = [:]
            for index in stride(from: worker, to: files.count, by: workers) {
                if let needle, mentions(needle, inFileAt: files[index]) == false { continue }
                if let declared = SwiftDeclarations.typeNames(inFileAt: files[index]), !declared.isEmpty {
                    names[String(files[index].dropFirst(prefix))] = declared
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

    /// Whether the file's bytes contain `needle`; nil when it cannot be read.
    private static func mentions(_ needle: [UInt8], inFileAt path: String) -> Bool? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let chunk = 1 << 16
        // Each read keeps the last `needle.count - 1` bytes of the one before, so a match that
        // straddles two reads is found.
        let overlap = needle.count - 1
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk + overlap)
        defer { buffer.deallocate() }
        var kept = 0
        while true {
            let count = read(fd, buffer + kept, chunk)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return false }
            let end = kept + count
            if needle.withUnsafeBufferPointer({ contains($0, in: UnsafeBufferPointer(start: buffer, count: end)) }) { return true }
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

    /// The `.swift` files below `folder`, found with `readdir` (no URL per entry, no link followed).
    private static func collectSwiftFiles(in folder: String, into paths: inout [String]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
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
                collectSwiftFiles(in: path, into: &paths)
            } else if kind == Int32(DT_REG), name.hasSuffix(".swift") {
                paths.append(path)
            }
        }
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
