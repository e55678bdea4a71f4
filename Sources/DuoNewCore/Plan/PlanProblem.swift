/// Why a template tree and a set of values cannot be planned. Each message is defined here once.
public enum PlanProblem: Sendable, Hashable {
    /// A file or folder name in the template is not valid UTF-8.
    case undecodableName(path: String)
    /// A name in the template breaks the rule for names (`ContainedPath`): a control character,
    /// or git's own `.git`. Lint refuses it with the same words.
    case unusableName(path: String, problem: ContainedPathProblem)
    /// A symbolic link in the template points outside the tree (or is absolute).
    case symlinkLeavesTree(path: String, target: String)
    /// A FIFO, socket or device in the template.
    case unsupportedEntry(path: String, kind: String)
    /// The template holds a file where the generation record goes.
    case recordNameTaken(path: String)
    /// The template holds a name duo-new keeps for itself (`ReservedProjectName`); `use` says what for.
    case reservedName(path: String, use: String)
    /// A path under `rename` that is no file or link of the tree.
    /// `reversedOf`: the entry's target, when that is a file of the tree that no entry renames
    /// and no other entry writes to (the entry may be the wrong way round).
    case renamedPathMissing(String, reversedOf: String? = nil)
    /// A stamped name still holds something shaped like a token.
    case leftoverTokenInName(path: String, token: String, meant: String?)
    /// A value turns a name into one no file system accepts (`..`, empty, or with `/`).
    case unusableStampedName(path: String, stamped: String)
    /// A value makes a stamped name or path longer than file systems allow (`values` names who gave it).
    case stampedNameTooLong(path: String, bytes: Int, limit: Int, isPath: Bool, values: [String])
    /// Two entries end up with the same name (compared without case, as macOS does).
    case namesCollide(first: String, second: String, stamped: String)
    /// A value turns a name into the record file's (`.duo-new.json`).
    case stampedNameIsRecord(path: String, values: [String])
    /// A value turns a name into one duo-new keeps for itself (`ReservedProjectName`).
    case stampedNameIsReserved(path: String, stamped: String, use: String, values: [String])
    /// A name (or `rename` target) or a link's target holds a secret's token: it would be
    /// recorded in `.duo-new.json` and listed by `--dry-run` and `--json`, the secret with it.
    case secretInName(path: String, token: String, isLinkTarget: Bool)
    /// A value stamped into a link's target makes it point outside the project.
    case stampedLinkLeavesTree(path: String, target: String, stamped: String, values: [String])

    /// The path in the tree (or a `rename` target) the problem is about, for lint to place it.
    public var path: String? {
        switch self {
        case .undecodableName(let path), .unusableName(let path, _), .symlinkLeavesTree(let path, _), .unsupportedEntry(let path, _),
             .recordNameTaken(let path), .reservedName(let path, _), .leftoverTokenInName(let path, _, _), .unusableStampedName(let path, _),
             .stampedNameTooLong(let path, _, _, _, _), .namesCollide(_, let path, _), .stampedNameIsRecord(let path, _),
             .stampedNameIsReserved(let path, _, _, _), .stampedLinkLeavesTree(let path, _, _, _), .secretInName(let path, _, _):
            path
        case .renamedPathMissing: nil
        }
    }

    /// True when the template is at fault (exit 78); false when a value is (exit 65).
    public var isTemplateProblem: Bool {
        switch self {
        case .stampedNameIsReserved(_, _, _, let values): values.isEmpty
        case .unusableStampedName, .stampedNameTooLong, .stampedNameIsRecord, .stampedLinkLeavesTree: false
        case .namesCollide(let first, let second, _): !(first.contains("__") || second.contains("__"))
        default: true
        }
    }

    public var message: String {
        switch self {
        case .undecodableName(let path):
            "the name '\(path)' is not valid UTF-8; rename it in the template"
        case .unusableName(let path, let problem):
            "the name '\(DisplayPath.escaped(path))' cannot be generated: \(problem.message); rename it"
        case .symlinkLeavesTree(let path, let target):
            "the symbolic link '\(path)' points outside the template tree ('\(target)'); point it inside the tree or copy the file"
        case .unsupportedEntry(let path, let kind):
            "'\(path)' is a \(kind); a template may hold only files, folders and symbolic links"
        case .recordNameTaken(let path):
            "'\(path)' is \(ReservedProjectName.recordUse); rename or exclude it"
        case .reservedName(let path, let use):
            "'\(DisplayPath.escaped(path))' is \(use), a name duo-new keeps for itself in every project, so generation would overwrite it or a later check or update would misread it; rename it"
        case .renamedPathMissing(let path, let target?):
            "'\(DisplayPath.escaped(path))' in 'rename' is not a file of the tree (or 'exclude' leaves it out), but '\(DisplayPath.escaped(target))', the name it is to be written as, is; a 'rename' entry is the tree's file, then the project's name: if it is the wrong way round, write '\(DisplayPath.escaped(target)): \(DisplayPath.escaped(path))', else fix the path or remove the entry"
        case .renamedPathMissing(let path, nil):
            "'\(DisplayPath.escaped(path))' in 'rename' is not a file of the tree (or 'exclude' leaves it out); fix the path, or remove the entry"
        case .leftoverTokenInName(let path, let token, let meant?):
            "the name '\(path)' still holds '\(token)' after stamping; did you mean '\(meant)'?"
        case .leftoverTokenInName(let path, let token, nil):
            "the name '\(path)' still holds '\(token)' after stamping; declare it under 'placeholders', list it under 'not-tokens' if it is meant to stay, or rename the file"
        case .unusableStampedName(let path, let stamped):
            "a value turns '\(DisplayPath.escaped(path))' into '\(DisplayPath.escaped(stamped))', which cannot be a file name; choose a value without '/' or control characters that is not '.', '..' or 'git' after a '.'"
        case .stampedNameTooLong(let path, let bytes, let limit, let isPath, let values):
            "\(Self.describe(values)) makes \(isPath ? "the path" : "the name") of '\(path)' \(bytes) bytes long, over the \(limit)-byte limit of file systems; choose a shorter value"
        case .namesCollide(let first, let second, let stamped):
            // Two entries renamed to one name, both let in by `include-if`, are written as the same.
            "'\(first)' and '\(second)' would both be written as '\(stamped)' (by a 'rename', or as names that differ only in case or in how an accent is written, which a Mac takes for one); "
                + (isTemplateProblem ? "write them under different names, or let 'include-if' take only one of them" : "choose another value")
        case .stampedNameIsRecord(let path, let values):
            "\(Self.describe(values)) turns '\(path)' into '.duo-new.json', \(ReservedProjectName.recordUse); choose another value"
        case .stampedNameIsReserved(_, let stamped, let use, let values) where values.isEmpty:
            "the recipe writes a file as '\(DisplayPath.escaped(stamped))', \(use), a name duo-new keeps for itself in every project; write it under another name"
        case .stampedNameIsReserved(let path, let stamped, let use, let values):
            "\(Self.describe(values)) turns '\(DisplayPath.escaped(path))' into '\(DisplayPath.escaped(stamped))', \(use), a name duo-new keeps for itself in every project; choose another value"
        case .secretInName(let path, let token, let isLinkTarget):
            "\(isLinkTarget ? "the target of the symbolic link" : "the name") '\(DisplayPath.escaped(path))' holds '\(token)', a secret's token; names and link targets are recorded in .duo-new.json and listed, the secret with them, so stamp the secret into a file's contents only"
        case .stampedLinkLeavesTree(let path, let target, let stamped, let values):
            "\(Self.describe(values)) turns the symbolic link '\(path)' ('\(target)') into one pointing outside the project ('\(stamped)'); choose a value without '/' or '..'"
        }
    }

    /// `the value of '--set greeting'`, `the AppName`: who gave the values at fault.
    private static func describe(_ values: [String]) -> String {
        values.isEmpty ? "the values" : SentenceList.joined(values)
    }
}
