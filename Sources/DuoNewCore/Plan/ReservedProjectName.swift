/// Names duo-new itself writes into a project: a recipe whose tree (or whose values) would
/// write one has its file overwritten by generation, or breaks every later `check` and `update`
/// (a tree's `.duo-new-update/journal` reads as an unfinished update). Compared without case, as
/// macOS file systems do. The record's own name (`Planner.recordFileName`) has rules of its own.
public enum ReservedProjectName {
    /// Where generation writes how the recipe's checks ended.
    public static let checksReport = "GENERATION-CHECKS.md"
    /// The folder an update works in.
    public static let updateWorkFolder = ".duo-new-update"
    /// What an update adds to a file's name to write its new version beside it.
    public static let conflictSuffix = ".duo-new"

    /// What the record's name (`Planner.recordFileName`) is kept for, in messages.
    public static let recordUse = "where duo-new records what generated the project"

    /// What duo-new keeps at `path` (a path in the project, `/` between names), or nil.
    public static func use(of path: String) -> String? {
        let folded = path.lowercased()
        if folded == checksReport.lowercased() {
            return "where generation writes the report of the recipe's checks"
        }
        if isUpdateWorkFolder(orBelow: path) {
            return "the folder an update works in (its journal, staged files and backups)"
        }
        if folded.hasSuffix(conflictSuffix) {
            return "the name of the file an update writes beside a file it cannot merge"
        }
        return nil
    }

    /// What duo-new keeps at `path` or at a folder above it, the record's own name at the top
    /// included: a path no generation writes, so none a record lists or an update journals.
    public static func use(ofPathOrAbove path: String, recordFileName: String) -> String? {
        if (path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? path).lowercased() == recordFileName.lowercased() {
            return "the project's record"
        }
        var prefix = path
        while !prefix.isEmpty {
            if let use = use(of: prefix) { return use }
            prefix = RelativePath.folder(of: prefix)
        }
        return nil
    }

    /// Whether `path` is the update's work folder or lies in it, without case.
    public static func isUpdateWorkFolder(orBelow path: String) -> Bool {
        let folded = path.lowercased()
        let work = updateWorkFolder.lowercased()
        return folded == work || folded.hasPrefix(work + "/")
    }
}
