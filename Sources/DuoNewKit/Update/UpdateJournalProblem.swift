import DuoNewCore

/// A line of an update's journal that is not one an update writes: the journal is refused whole,
/// and nothing is undone (`UpdateJournal`).
public struct UpdateJournalProblem: Error, Sendable, Hashable {
    /// 1-based.
    public var line: Int
    public var text: String
    public var reason: Reason

    public enum Reason: Error, Sendable, Hashable {
        case unknownOperation(String)
        case fieldCount(operation: String, found: Int, expected: Int)
        case badMode(String)
        case badDigest(String)
        case badPath(String, ContainedPathProblem)
        case notAnUpdatesOperation
        case notUTF8

        var message: String {
            switch self {
            case .unknownOperation(let word):
                "'\(DisplayPath.escaped(word))' is not an operation (mkdir, move, place, rmdir)"
            case .fieldCount(let operation, let found, let expected):
                "'\(operation)' takes \(expected - 1) tab-separated \(expected == 2 ? "path" : "fields"), not \(found - 1)"
            case .badDigest(let digest):
                "'\(DisplayPath.escaped(digest))' is not a SHA-256 digest (64 lowercase hexadecimal digits)"
            case .badMode(let mode):
                "'\(DisplayPath.escaped(mode))' is not the octal permission bits an update journals for a folder it removes (at most 775: none for others' writing, no setuid, setgid or sticky bit)"
            case .badPath(let path, let problem):
                "the path '\(DisplayPath.escaped(path))' is refused: \(problem.message)"
            case .notUTF8:
                "the journal is not UTF-8 text, and an update writes nothing else"
            case .notAnUpdatesOperation:
                "an update never journals this operation (a move goes into '\(UpdateJournal.backupPrefix)' under the same path; a placing out of '\(UpdateJournal.stagedPrefix)' to the same path or its '\(UpdatePlanner.conflictSuffix)'; folders are made and removed outside '\(UpdateApplier.workFolder)')"
            }
        }
    }

    public init(line: Int, text: String, reason: Reason) {
        self.line = line
        self.text = text
        self.reason = reason
    }

    public var message: String {
        let quoted = text.isEmpty ? "" : " '\(DisplayPath.escaped(text))':"
        return "\(UpdateApplier.workFolder)/\(UpdateApplier.journalFile):\(line):\(quoted) \(reason.message)"
    }
}
