/// Everything found in a template tree, in a stable order (parents before children, names sorted).
///
/// Built by `TreeReader` from the disk, or by hand in tests; the planner never touches the disk.
public struct TreeListing: Sendable, Hashable {
    /// Permission bits of the tree's root folder, given to the generated project's folder.
    public var rootMode: UInt16
    public var entries: [TreeEntry]
    /// Paths whose names are not valid UTF-8, shown with `\xNN` escapes; nothing below them is listed.
    public var undecodableNames: [String]

    public init(rootMode: UInt16 = 0o755, entries: [TreeEntry], undecodableNames: [String] = []) {
        self.rootMode = rootMode
        self.entries = entries
        self.undecodableNames = undecodableNames
    }
}
