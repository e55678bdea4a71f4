/// One thing the writer will create, with its name already stamped.
public struct PlannedWrite: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case directory
        /// A file copied from `source`; `stamped` says whether its contents go through the stamper.
        case file(Contents, size: Int64)
        /// A symbolic link pointing inside the tree; the target is stamped like a name.
        case symlink(target: String)
    }

    public enum Contents: Sendable, Hashable {
        /// Stamped if it proves to be text (valid UTF-8, no NUL byte), else copied byte for byte.
        case textUnlessBinary
        /// Matched a `verbatim` glob: copied byte for byte.
        case verbatim
    }

    /// Path inside the template tree.
    public var source: String
    /// Which tree `source` is in: the `TreeEntry.origin` it was planned from.
    public var origin: Int
    /// Path inside the generated project, stamped.
    public var destination: String
    public var kind: Kind
    public var mode: UInt16

    public init(source: String, destination: String, kind: Kind, mode: UInt16, origin: Int = 0) {
        self.source = source
        self.origin = origin
        self.destination = destination
        self.kind = kind
        self.mode = mode
    }
}
