/// What a `rename` entry whose file is missing may mean, for its message: one rule for the
/// planner (generation) and lint.
public enum RenameEntry {
    /// The entry's target when the entry looks written the wrong way round (`LICENSE:
    /// LICENSE-MIT`, the project's name first): the target is a file of the tree that no entry
    /// renames and no other entry writes to, as a variant's base file would be.
    public static func reversedTarget(of path: String, rename: [String: String], files: Set<String>) -> String? {
        guard let target = rename[path], files.contains(target), rename[target] == nil,
              !rename.contains(where: { $0.key != path && $0.value == target })
        else { return nil }
        return target
    }
}
