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

    /// What duo-new keeps at `path` (a path in the project, `/` between names), or nil.
    public static func use(of path: String) -> String? {
        // The planner asks this of every entry: an ASCII path is compared byte by byte, without
        // the copy `lowercased()` makes; any other is folded as macOS folds case.
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else { return use(ofFolded: path.lowercased()) }
        let bytes = Array(path.utf8)
        if equalsFolded(bytes[...], checksReport) {
            return checksReportUse
        }
        let work = Array(updateWorkFolder.utf8)
        if bytes.count >= work.count, equalsFolded(bytes[..<work.count], updateWorkFolder), bytes.count == work.count || bytes[work.count] == UInt8(ascii: "/") {
            return workFolderUse
        }
        let suffix = conflictSuffix.utf8.count
        if bytes.count >= suffix, equalsFolded(bytes[(bytes.count - suffix)...], conflictSuffix) {
            return conflictUse
        }
        return nil
    }

    private static let checksReportUse = "where generation writes the report of the recipe's checks"
    private static let workFolderUse = "the folder an update works in (its journal, staged files and backups)"
    private static let conflictUse = "the name of the file an update writes beside a file it cannot merge"

    private static func use(ofFolded folded: String) -> String? {
        let first = folded.split(separator: "/", omittingEmptySubsequences: false).first.map(String.init) ?? folded
        if folded == checksReport.lowercased() { return checksReportUse }
        if first == updateWorkFolder.lowercased() { return workFolderUse }
        if folded.hasSuffix(conflictSuffix) { return conflictUse }
        return nil
    }

    /// Whether ASCII `bytes` spell `name` when both are lower-cased.
    private static func equalsFolded(_ bytes: ArraySlice<UInt8>, _ name: String) -> Bool {
        guard bytes.count == name.utf8.count else { return false }
        return zip(bytes, name.utf8).allSatisfy { folded($0) == folded($1) }
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
