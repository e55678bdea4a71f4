import DuoNewCore

/// Names duo-new itself writes into a project: a recipe's tree holding one has its file
/// overwritten by generation, or breaks every later `check` and `update` (a tree's
/// `.duo-new-update/journal` reads as an unfinished update). Compared without case, as macOS
/// file systems do. The record's own name (`Planner.recordFileName`) is refused by the planner.
enum ReservedProjectName {
    /// What duo-new keeps at `path` (a path in the project, `/` between names), or nil.
    static func use(of path: String) -> String? {
        let folded = path.lowercased()
        let first = folded.split(separator: "/", omittingEmptySubsequences: false).first.map(String.init) ?? folded
        if folded == GenerationChecksFile.fileName.lowercased() {
            return "where generation writes the report of the recipe's checks"
        }
        if first == UpdateApplier.workFolder.lowercased() {
            return "the folder an update works in (its journal, staged files and backups)"
        }
        if folded.hasSuffix(UpdatePlanner.conflictSuffix) {
            return "the name of the file an update writes beside a file it cannot merge"
        }
        return nil
    }
}
