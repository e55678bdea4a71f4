#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// The search of a template tree's Swift sources for the types they declare (`NameContext`), on
/// the calling thread: the benchmark showed no gain from spreading it over threads on the
/// bundled recipes or a 2,000-file one (docs/performance.md).
///
/// With an AppName, a file is parsed only when it holds that name as a whole word (a quick
/// search): a file that holds it only inside longer identifiers cannot declare a type of that name.
public struct SourceSearch {
    private let tree: String
    private let needle: [UInt8]?
    private let topLevel: [String]
    private let folders: [SwiftFolder]

    /// Lists the tree's `.swift` files (searched by `result()`).
    public init(tree: URL, appName: String?) {
        var collected: [SwiftFolder] = []
        Self.collectSwiftFiles(in: tree.path, into: &collected)
        self.init(
            tree: tree.path, needle: appName,
            topLevel: (try? FileManager.default.contentsOfDirectory(atPath: tree.path)) ?? [],
            folders: collected
        )
    }

    /// Takes the tree's `.swift` files from `listing`, a listing of `tree` already read, instead
    /// of reading its folders again. A listing that left out undecodable names is no match for
    /// the folders' own contents: the tree is then read as by `init(tree:appName:)`.
    public init(tree: URL, appName: String?, listing: TreeListing) {
        guard listing.undecodableNames.isEmpty else {
            self.init(tree: tree, appName: appName)
            return
        }
        var topLevel: [String] = []
        var folders: [SwiftFolder] = []
        for entry in listing.entries {
            let parent = RelativePath.folder(of: entry.path)
            if parent.isEmpty { topLevel.append(entry.path) }
            guard case .file = entry.kind, entry.path.hasSuffix(".swift") else { continue }
            let folder = parent.isEmpty ? tree.path : tree.path + "/" + parent
            let name = RelativePath.name(of: entry.path)
            if folders.last?.path == folder {
                folders[folders.count - 1].names.append(name)
            } else {
                folders.append(SwiftFolder(path: folder, names: [name]))
            }
        }
        self.init(tree: tree.path, needle: appName, topLevel: topLevel, folders: folders)
    }

    private init(tree: String, needle appName: String?, topLevel: [String], folders: [SwiftFolder]) {
        self.tree = tree
        needle = appName.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        self.topLevel = topLevel
        self.folders = folders
    }

    /// What the search finds: the types each file that mentions the AppName declares.
    public func result() -> NameContext {
        var search = FileNeedleSearch(needle: needle ?? [], wholeWord: true)
        defer { search.release() }
        var found: [String: Set<String>] = [:]
        for folder in folders {
            for name in folder.names {
                if needle != nil, search.mentioned(inFile: name, folder: folder.path) == false { continue }
                let path = folder.path + "/" + name
                if let declared = SwiftDeclarations.typeNames(inFileAt: path), !declared.isEmpty {
                    found[String(path.dropFirst(tree.count + 1))] = declared
                }
            }
        }
        var context = NameContext(topLevelNames: topLevel.sorted())
        context.typesByFile = found
        context.declaredTypes = found.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        return context
    }

    /// A folder of the tree and the `.swift` files directly in it.
    struct SwiftFolder {
        var path: String
        var names: [String]
    }

    /// The folders below `top` that hold `.swift` files, found with `readdir` (no URL per
    /// entry, no link followed). Walked with a list of folders still to read, not by recursion,
    /// so a tree of any depth cannot exhaust the stack (past the system's longest path a folder
    /// cannot be opened, and is skipped like any unreadable one).
    private static func collectSwiftFiles(in top: String, into folders: inout [SwiftFolder]) {
        var pending = [top]
        while let folder = pending.popLast() {
            guard let directory = opendir(folder) else { continue }
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
            closedir(directory)
            if !names.isEmpty { folders.append(SwiftFolder(path: folder, names: names)) }
            // Reversed, so they are read in the order found, each before the next one's.
            pending += subfolders.reversed()
        }
    }
}
