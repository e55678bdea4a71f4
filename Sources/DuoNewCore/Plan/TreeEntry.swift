/// One entry of a template tree as found on disk, before anything is stamped.
public struct TreeEntry: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case directory
        case file(size: Int64)
        /// A symbolic link and the text it points to, unresolved.
        case symlink(target: String)
        /// A FIFO, socket or device, which a template cannot hold; the payload names the kind.
        case unsupported(String)
    }

    /// Path relative to the tree's root, `/`-separated: `__APP_NAME__/App/Store.swift`.
    public var path: String
    public var kind: Kind
    /// Permission bits (`0o755`), kept in the generated copy.
    public var mode: UInt16
    /// Which tree of a layered recipe the entry comes from, as an index into its trees (layers
    /// first, the recipe last); 0 for a recipe without layers.
    public var origin: Int

    public init(path: String, kind: Kind, mode: UInt16, origin: Int = 0) {
        self.path = path
        self.kind = kind
        self.mode = mode
        self.origin = origin
    }
}
