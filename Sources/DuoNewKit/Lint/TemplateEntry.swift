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

    var name: Substring { path.split(separator: "/").last ?? Substring(path) }
    var parent: Substring { path.contains("/") ? path[..<(path.lastIndex(of: "/") ?? path.startIndex)] : "" }
    var isExecutable: Bool { permissions & 0o111 != 0 }

    /// Every entry below `tree`, parents before children, siblings by name.
    static func scan(_ tree: URL) -> [TemplateEntry] {
        var entries: [TemplateEntry] = []
        walk(tree, prefix: "", into: &entries)
        return entries
    }

    private static func walk(_ folder: URL, prefix: String, into entries: inout [TemplateEntry]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() {
            let url = folder.appendingPathComponent(name)
            let path = prefix.isEmpty ? name : "\(prefix)/\(name)"
            // attributesOfItem does not follow a symbolic link, so links are seen as links.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { continue }
            let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
            switch attributes[.type] as? FileAttributeType {
            case .typeDirectory?:
                entries.append(TemplateEntry(path: path, kind: .folder, permissions: permissions, url: url))
                walk(url, prefix: path, into: &entries)
            case .typeSymbolicLink?:
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? ""
                entries.append(TemplateEntry(path: path, kind: .symlink(target: target), permissions: permissions, url: url))
            default:
                entries.append(TemplateEntry(path: path, kind: .file, permissions: permissions, url: url))
            }
        }
    }
}
