import DuoNewCore

/// The text of `.duo-new-update/journal`: one operation a line, `mkdir<TAB>path`,
/// `move<TAB>from<TAB>to`, `place<TAB>from<TAB>to<TAB>digest` or `rmdir<TAB>path<TAB>octal mode`.
///
/// A journal found on disk is untrusted: it lives inside the project, so it can be planted, or
/// committed by a killed update and reach a teammate. `parse` accepts only what `UpdateApplier`
/// writes: every path a contained path (`ContainedPath`), every folder made or removed outside the
/// work folder, every move a project path into `backup/` under the same path, and every placing
/// a staged path from `new/` to the same project path or to its `NAME.duo-new`, with the digest
/// of what was staged. So a roll-back can only undo what an update would have done, inside the
/// project, and takes nothing out of the project that is not byte for byte what the update put
/// there; what the disk holds along each path is checked before the roll-back starts.
public enum UpdateJournal {
    static let stagedPrefix = UpdateApplier.workFolder + "/" + UpdateApplier.stagedFolder + "/"
    static let backupPrefix = UpdateApplier.workFolder + "/" + UpdateApplier.backupFolder + "/"

    /// One operation's line, without the line break.
    /// The bits of a removed folder's mode an update journals (`ProjectScan.folderMode`): a
    /// planted journal whose roll-back would make a folder others may write, or a setuid one, is refused.
    public static let folderModeBits = 0o775

    public static func line(_ operation: UpdateApplier.Operation) -> String {
        switch operation {
        case .makeFolder(let path): "mkdir\t\(path)"
        case .move(let from, let to): "move\t\(from)\t\(to)"
        case .place(let from, let to, let digest): "place\t\(from)\t\(to)\t\(digest)"
        case .removeFolder(let path, let mode): "rmdir\t\(path)\t\(String(mode, radix: 8))"
        }
    }

    /// The whole journal's text for `operations`.
    public static func text(_ operations: [UpdateApplier.Operation]) -> String {
        operations.map(line).joined(separator: "\n") + "\n"
    }

    /// The operations in a journal's bytes as read from disk: UTF-8 text, else refused as line 1.
    public static func parse(bytes: [UInt8]) throws(UpdateJournalProblem) -> [UpdateApplier.Operation] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UpdateJournalProblem(line: 1, text: "", reason: .notUTF8)
        }
        return try parse(text)
    }

    /// The operations in a journal's text, or the first line that is not one an update writes.
    public static func parse(_ text: String) throws(UpdateJournalProblem) -> [UpdateApplier.Operation] {
        var operations: [UpdateApplier.Operation] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty { continue }
            do throws(UpdateJournalProblem.Reason) {
                operations.append(try operation(String(line)))
            } catch {
                throw UpdateJournalProblem(line: index + 1, text: String(line), reason: error)
            }
        }
        return operations
    }

    private static func operation(_ line: String) throws(UpdateJournalProblem.Reason) -> UpdateApplier.Operation {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let operation: UpdateApplier.Operation
        switch (fields[0], fields.count) {
        case ("mkdir", 2):
            operation = .makeFolder(fields[1])
        case ("move", 3):
            operation = .move(from: fields[1], to: fields[2])
        case ("place", 4):
            guard HexDigest.isSHA256(fields[3]) else { throw .badDigest(fields[3]) }
            operation = .place(from: fields[1], to: fields[2], digest: fields[3])
        case ("rmdir", 3):
            guard fields[2].utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }), fields[2].utf8.count <= 5,
                  let mode = Int(fields[2], radix: 8), mode & ~folderModeBits == 0 else {
                throw .badMode(fields[2])
            }
            operation = .removeFolder(fields[1], mode: mode)
        case ("mkdir", _), ("move", _), ("rmdir", _), ("place", _):
            let expected = ["mkdir": 2, "move": 3, "rmdir": 3, "place": 4][fields[0]] ?? 0
            throw .fieldCount(operation: fields[0], found: fields.count, expected: expected)
        default:
            throw .unknownOperation(fields[0])
        }
        for path in paths(of: operation) {
            if let problem = ContainedPath.problem(in: path) { throw .badPath(path, problem) }
        }
        guard hasAnUpdatesShape(operation) else { throw .notAnUpdatesOperation }
        return operation
    }

    /// Every path an operation names.
    public static func paths(of operation: UpdateApplier.Operation) -> [String] {
        switch operation {
        case .makeFolder(let path), .removeFolder(let path, _): [path]
        case .move(let from, let to), .place(let from, let to, _): [from, to]
        }
    }

    /// Whether an operation is one `UpdateApplier.operations(for:)` makes.
    static func hasAnUpdatesShape(_ operation: UpdateApplier.Operation) -> Bool {
        switch operation {
        case .makeFolder(let path), .removeFolder(let path, _):
            return !isInWorkFolder(path)
        case .move(let from, let to):
            return !isInWorkFolder(from) && to == backupPrefix + from
        case .place(let from, let to, _):
            guard from.hasPrefix(stagedPrefix), !isInWorkFolder(to) else { return false }
            let staged = from.dropFirst(stagedPrefix.count)
            return to == staged || to == staged + UpdatePlanner.conflictSuffix || isBesideAFolder(to: to, staged: String(staged))
        }
    }

    /// A staged file written below `FOLDER.duo-new/` because a file of the user's stands where
    /// the recipe now makes the folder `FOLDER` (`UpdatePlanner`).
    private static func isBesideAFolder(to: String, staged: String) -> Bool {
        let marker = UpdatePlanner.conflictSuffix + "/"
        var search = to[...]
        while let range = search.range(of: marker) {
            let folder = to[..<range.lowerBound]
            let rest = to[range.upperBound...]
            if staged == folder + "/" + rest { return true }
            search = to[range.upperBound...]
        }
        return false
    }

    /// Without case: on a Mac `.Duo-New-Update` is the work folder too.
    private static func isInWorkFolder(_ path: String) -> Bool {
        ReservedProjectName.isUpdateWorkFolder(orBelow: path)
    }
}
