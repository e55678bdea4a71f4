/// The whole output of a generation, decided before anything is written.
public struct Plan: Sendable, Hashable {
    /// Parents come before their children.
    public var writes: [PlannedWrite]
    /// Permission bits for the generated project's own folder.
    public var rootMode: UInt16
    /// What the leftover scan of the written files leaves alone (the manifest's).
    public var tokenLikeWords: TokenLikeWords

    public init(writes: [PlannedWrite], rootMode: UInt16, tokenLikeWords: TokenLikeWords = .compilersOnly) {
        self.writes = writes
        self.rootMode = rootMode
        self.tokenLikeWords = tokenLikeWords
    }

    public var fileCount: Int {
        writes.count { if case .file = $0.kind { true } else { false } }
    }

    /// Bytes of the template files to copy; stamping changes the written total slightly.
    public var sourceBytes: Int64 {
        writes.reduce(0) { total, write in
            if case .file(_, let size) = write.kind { total + size } else { total }
        }
    }
}
