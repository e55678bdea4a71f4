import DuoNewCore
import Foundation

/// One file, folder or symbolic link of a template tree, as found on disk (links not followed).
struct TemplateEntry: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case file, folder, symlink(target: String)
    }

    /// Relative to the tree, with `/` between components: `__APP_NAME__/Model/Layout.swift`.
    var path: String
    var kind: Kind
    var permissions: Int
    var url: URL
    /// The tree it is in, as diagnostics name it: `Templates/duo-app/template`.
    var treeDisplay: String
    /// The layer it comes from; nil for the linted recipe's (or layer's) own tree.
    var layer: String?

    var name: Substring { path.split(separator: "/").last ?? Substring(path) }
    var parent: Substring { path.contains("/") ? path[..<(path.lastIndex(of: "/") ?? path.startIndex)] : "" }
    var isExecutable: Bool { permissions & 0o111 != 0 }

    /// Every entry of a listing (one tree, or a layered recipe's combined trees), in its order.
    static func entries(of listing: TreeListing, sources: [TreeSource]) -> [TemplateEntry] {
        listing.entries.map { entry in
            let source = sources[entry.origin]
            let kind: Kind
            switch entry.kind {
            case .directory: kind = .folder
            case .symlink(let target): kind = .symlink(target: target)
            case .file, .unsupported: kind = .file
            }
            return TemplateEntry(
                path: entry.path, kind: kind, permissions: Int(entry.mode), url: source.tree.appendingPathComponent(entry.path),
                treeDisplay: source.treeDisplay, layer: entry.origin == sources.count - 1 ? nil : source.name
            )
        }
    }
}
