/// Lays a recipe's trees over one another into one listing: pure, no disk.
///
/// The trees come in order (layers first, the recipe last). A folder found in several trees is
/// one folder, with the mode (and origin) of the last tree that has it. A file or link found in two trees is
/// a collision, unless the later tree lists its path under `replaces`: then the later one is
/// taken. Every entry keeps the index of its tree as `origin`, so the writer reads it from there.
public enum TreeComposer {
    /// One tree: where it comes from and what it holds.
    public struct Part: Sendable {
        public var source: TreeSource
        public var listing: TreeListing

        public init(source: TreeSource, listing: TreeListing) {
            self.source = source
            self.listing = listing
        }
    }

    public static func compose(_ parts: [Part]) throws(LayerError) -> TreeListing {
        guard parts.count > 1, let last = parts.last else {
            return parts.first?.listing ?? TreeListing(entries: [])
        }
        var entries: [TreeEntry] = []
        var indexByPath: [String: Int] = [:]
        var undecodable: [String] = []
        var diagnostics: [Diagnostic] = []

        for (origin, part) in parts.enumerated() {
            let source = part.source
            let replaces = Set(source.manifest.replaces)
            var replaced: Set<String> = []
            undecodable += part.listing.undecodableNames
            for var entry in part.listing.entries {
                entry.origin = origin
                guard let index = indexByPath[entry.path] else {
                    indexByPath[entry.path] = entries.count
                    entries.append(entry)
                    continue
                }
                let earlier = entries[index]
                let earlierSource = parts[earlier.origin].source
                let firstFile = "\(earlierSource.treeDisplay)/\(entry.path)"
                let secondFile = "\(source.treeDisplay)/\(entry.path)"
                let here = SourceLocation(file: secondFile, line: 1, column: 1)
                switch (earlier.kind == .directory, entry.kind == .directory) {
                case (true, true):
                    entries[index] = entry
                case (false, false) where replaces.contains(entry.path):
                    entries[index] = entry
                    replaced.insert(entry.path)
                case (false, false):
                    diagnostics.append(.error(at: here, LayerProblem.collision(
                        path: entry.path, first: earlierSource.label, firstFile: firstFile,
                        second: source.label, secondFile: secondFile, manifest: source.manifestDisplay
                    ).message))
                default:
                    diagnostics.append(.error(at: here, LayerProblem.kindClash(
                        path: entry.path, first: earlierSource.label, firstFile: firstFile, second: source.label, secondFile: secondFile
                    ).message))
                }
            }
            diagnostics += replacementProblems(source, listing: part.listing, replaced: replaced)
        }
        guard diagnostics.isEmpty else { throw LayerError(diagnostics: diagnostics) }
        // Each tree is listed parents first, siblings by name; the union is put in the same order.
        let sorted = entries.map { (key: sortKey($0.path), entry: $0) }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        return TreeListing(rootMode: last.listing.rootMode, entries: sorted.map(\.entry), undecodableNames: undecodable)
    }

    /// `replaces` entries that name nothing in their own tree, a folder, or nothing earlier.
    private static func replacementProblems(_ source: TreeSource, listing: TreeListing, replaced: Set<String>) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, path) in source.manifest.replaces.enumerated() where !replaced.contains(path) {
            let location = index < source.locations.replaces.count ? source.locations.replaces[index] : source.locations.root
            let problem: LayerProblem
            switch listing.entries.first(where: { $0.path == path })?.kind {
            case nil: problem = .replacedPathMissing(path: path, source: source.label)
            case .directory?: problem = .replacesFolder(path: path)
            default: problem = .replacesNothing(path: path)
            }
            diagnostics.append(.error(at: location, problem.message))
        }
        return diagnostics
    }

    /// A path's bytes with `/` lowest, so that sorting paths lists a folder right before what it
    /// holds and siblings by name: the order `TreeReader` lists one tree in.
    private static func sortKey(_ path: String) -> [UInt8] {
        path.utf8.map { $0 == UInt8(ascii: "/") ? 0 : $0 }
    }
}
