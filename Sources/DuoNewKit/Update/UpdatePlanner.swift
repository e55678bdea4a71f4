import DuoNewCore

/// Decides, file by file, how `duo-new update` brings a project to a newer recipe, the way careful
/// package managers treat edited configuration files. Pure: it compares three sets of
/// fingerprints (what generation wrote, what the project holds now, what the recipe makes now)
/// and touches nothing.
///
/// Links and empty folders the recipe makes have fingerprints too (`link(to:)`, `emptyFolder`),
/// so each is replaced, kept, added or removed by the same rules as a file: a link whose target
/// the user changed is edited; a recorded empty folder the user put something in is edited.
public enum UpdatePlanner {
    /// A file's content hash and mode: a file is "the same" when both are. The mode is kept as
    /// the recipe's intent, executable or not (0755 or 0644): the permission bits on disk are
    /// that intent less the umask of whoever generated or updated, and a project made under
    /// umask 022 and updated under 077 is not edited.
    public struct Fingerprint: Sendable, Hashable {
        public var sha256: String
        public private(set) var mode: Int

        public init(sha256: String, mode: Int) {
            self.sha256 = sha256
            self.mode = Self.intent(of: mode)
        }

        /// The type bits as given; the permission bits as 0755 when anyone may execute, else 0644.
        public static func intent(of mode: Int) -> Int {
            (mode & ~0o7777) | (mode & 0o111 != 0 ? 0o755 : 0o644)
        }

        public init?(_ file: GenerationRecord.File) {
            guard let mode = file.modeBits else { return nil }
            self.init(sha256: file.sha256, mode: mode)
        }

        /// A symbolic link, told apart by its target. A link's mode means nothing; the type bits
        /// keep it from ever equalling a file's permission bits.
        public static func link(to target: String) -> Fingerprint {
            Fingerprint(sha256: "link " + target, mode: 0o120000)
        }

        /// A folder holding nothing.
        public static let emptyFolder = Fingerprint(sha256: "empty folder", mode: 0o040000)

        /// Every recorded entry: files, links and empty folders, or nil when a file's mode is not octal.
        public static func recorded(in record: GenerationRecord) -> [String: Fingerprint]? {
            var result: [String: Fingerprint] = [:]
            for (path, file) in record.files ?? [:] {
                guard let fingerprint = Fingerprint(file) else { return nil }
                result[path] = fingerprint
            }
            for (path, target) in record.links ?? [:] { result[path] = .link(to: target) }
            for path in record.folders ?? [] { result[path] = .emptyFolder }
            return result
        }
    }

    /// A new path whose entry, on a disk that ignores case, is a recorded path's.
    public struct CaseAlias: Sendable, Hashable {
        /// The recorded path, spelt otherwise.
        public var recorded: String
        /// The entry's folder lists it under the new spelling (else under the recorded one, or a third).
        public var listedAsNew: Bool

        public init(recorded: String, listedAsNew: Bool) {
            self.recorded = recorded
            self.listedAsNew = listedAsNew
        }
    }

    /// What the project holds at a path now.
    public enum Current: Sendable, Hashable {
        case missing
        /// A regular file, a link or an empty folder, by its fingerprint.
        case file(Fingerprint)
        /// A folder holding something.
        case folder
        /// Anything else (a device, a socket, a pipe).
        case other
    }

    public enum Action: String, Sendable, Hashable, Codable {
        /// Untouched since generation and unchanged in the recipe: nothing to do.
        case unchanged
        /// Untouched since generation, changed in the recipe: replaced by the new version.
        case replace
        /// Edited by the user, unchanged in the recipe: kept as it is.
        case keepEdited = "keep-edited"
        /// Edited by the user and changed in the recipe: kept, the new version written beside it
        /// as `NAME.duo-new` for the user to merge.
        case conflict
        /// New in the recipe and absent from the project: added.
        case add
        /// Dropped by the recipe and untouched: removed.
        case remove
        /// Dropped by the recipe but edited by the user: kept.
        case keepDropped = "keep-dropped"
        /// Deleted by the user: not brought back (reported, so the user can tell).
        case userDeleted = "user-deleted"
        /// A folder the removals leave empty, which generation made and the user put nothing
        /// else in: removed with them.
        case removeFolder = "remove-folder"
        /// A conflict settled line by line (`UpdateMerge`): the user's edits and the recipe's
        /// change touch different lines, so the merged text replaces the file.
        case merge
        /// A conflict merged line by line where both changed the same lines: the merged text,
        /// with conflict markers around those, replaces the file for the user to settle.
        case conflictMarked = "conflict-marked"
    }

    /// How many steps of each action `steps` hold, the changes first, then what the user must
    /// settle, then what is left as it is: `2 replace, 1 add, 3 unchanged`; nil for no step.
    public static func tally(_ steps: [Step]) -> String? {
        let order: [Action] = [.replace, .merge, .add, .remove, .removeFolder, .conflict, .conflictMarked, .keepEdited, .keepDropped, .userDeleted, .unchanged]
        let counts = Dictionary(grouping: steps, by: \.action).mapValues(\.count)
        let tally = order.compactMap { action in counts[action].map { "\($0) \(action.rawValue)" } }
        return tally.isEmpty ? nil : tally.joined(separator: ", ")
    }

    public struct Step: Sendable, Hashable {
        public var path: String
        public var action: Action
        /// The recipe's new version of the file, for `replace`, `add` and `conflict`.
        public var new: Fingerprint?
        /// For a conflict whose `NAME.duo-new` cannot sit beside the path, because a file of the
        /// user's stands where the recipe now makes one of its folders: where the recipe's
        /// version goes instead, below `FOLDER.duo-new/`.
        public var beside: String?

        public init(path: String, action: Action, new: Fingerprint? = nil, beside: String? = nil) {
            self.path = path
            self.action = action
            self.new = new
            self.beside = beside
        }

        /// Where a conflict's new version is written: `NAME.duo-new`, or below `FOLDER.duo-new/`.
        public var conflictPath: String { beside ?? path + UpdatePlanner.conflictSuffix }
    }

    /// The suffix of the new version written beside a conflicting file.
    public static let conflictSuffix = ReservedProjectName.conflictSuffix

    /// One step per path recorded or newly made, sorted by path.
    /// - Parameters:
    ///   - recorded: what generation wrote (from the record).
    ///   - current: what the project holds at each of those paths and the new ones; a path
    ///     missing from this dictionary is `.missing`.
    ///   - new: what the recipe makes now, with the recorded and new values.
    public static func plan(recorded: [String: Fingerprint], current: [String: Current], new: [String: Fingerprint]) -> [Step] {
        let paths = Set(recorded.keys).union(new.keys).sorted()
        return paths.map { path in
            let now = current[path] ?? .missing
            let step = { (action: Action) in Step(path: path, action: action, new: new[path]) }
            switch (recorded[path], new[path]) {
            case (let old?, let made?):
                switch now {
                case .missing:
                    return step(.userDeleted)
                case .file(let held) where held == old:
                    return step(made == old ? .unchanged : .replace)
                case .file(let held) where held == made:
                    // Edited to exactly what the recipe now makes: nothing left to do.
                    return step(.unchanged)
                case .folder where made == .emptyFolder:
                    // A folder the recipe still makes, which the user has filled: theirs to fill.
                    return step(.unchanged)
                case .file, .folder, .other:
                    return step(made == old ? .keepEdited : .conflict)
                }
            case (nil, let made?):
                switch now {
                case .missing: return step(.add)
                case .file(let held) where held == made: return step(.unchanged)
                case .folder where made == .emptyFolder: return step(.unchanged)
                case .file, .folder, .other: return step(.conflict)
                }
            case (let old?, nil):
                switch now {
                case .missing: return step(.unchanged)
                case .file(let held) where held == old: return step(.remove)
                case .file, .folder, .other: return step(.keepDropped)
                }
            case (nil, nil):
                return step(.unchanged)   // not reached: every path comes from one of the two
            }
        }
    }

    /// Every step of an update, in the order the applier carries them out: `plan`, then the
    /// conflicts a file of the user's forces where the recipe now makes a folder (`blocked`),
    /// then the folders the removals leave empty (`emptiedFolders`), and a folder the recipe now
    /// makes a file of, emptied by the removals, replaced by that file rather than a conflict.
    /// `current` must hold every folder above a new path too (`ProjectScan` scans them).
    /// `aliases`: each new path that a disk ignoring case (a Mac's) answers with a recorded
    /// path's entry (`ProjectScan.caseAliases`). Listed under the new spelling (renamed so
    /// already), the entry is the recorded one there, and the old spelling is gone; listed
    /// otherwise, the new spelling is free where the plan removes the entry untouched, and the
    /// new file is added after the removal. Either way nothing is removed under one spelling
    /// that the other still stands for.
    public static func steps(
        recorded: [String: Fingerprint], current: [String: Current], new: [String: Fingerprint], aliases: [String: CaseAlias] = [:],
        entries: (String) -> [String]?
    ) -> [Step] {
        var current = current
        var recorded = recorded
        for (path, alias) in aliases {
            guard let old = recorded[alias.recorded] else { continue }
            if alias.listedAsNew {
                current[alias.recorded] = .missing
                if recorded[path] == nil { recorded[path] = old }
            } else if new[alias.recorded] == nil, current[alias.recorded] == .file(old) {
                current[path] = .missing
            }
        }
        let planned = blocked(plan(recorded: recorded, current: current, new: new), current: current)
        let emptied = emptiedFolders(planned, new: new, entries: entries)
        let emptiedPaths = Set(emptied.map(\.path))
        let settled = planned.map { step in
            // A folder → file swap: the folder goes with the removals, so the file is added.
            guard step.action == .conflict, step.beside == nil, current[step.path] == .folder, emptiedPaths.contains(step.path) else { return step }
            return Step(path: step.path, action: .add, new: step.new)
        }
        return settled + emptied
    }

    /// The additions below a folder of the project that is not a folder now (a file of the user's,
    /// a link, a device) and that the update does not remove, turned into conflicts written below
    /// `FOLDER.duo-new/`: the update never writes through a link, nor replaces a file the user
    /// has, to make a folder.
    public static func blocked(_ steps: [Step], current: [String: Current]) -> [Step] {
        let removed = Set(steps.filter { $0.action == .remove }.map(\.path))
        return steps.map { step in
            guard step.action == .add else { return step }
            var folder = ""
            for name in step.path.split(separator: "/").dropLast() {
                folder = folder.isEmpty ? String(name) : folder + "/" + name
                switch current[folder] ?? .missing {
                case .missing: return step
                case .folder, .file(.emptyFolder): continue
                case .file, .other:
                    if removed.contains(folder) { return step }
                    let beside = folder + conflictSuffix + step.path.dropFirst(folder.count)
                    return Step(path: step.path, action: .conflict, new: step.new, beside: beside)
                }
            }
            return step
        }
    }

    /// The folders that `steps`' removals leave empty and that nothing new goes into, deepest
    /// first, as `removeFolder` steps. `entries` lists a project folder's names now (nil when it
    /// cannot be read: such a folder is left alone). Only folders above a removed path are
    /// looked at, and every one of those was made by generation (a project starts in a new or
    /// empty folder); one holding anything the update does not remove is the user's and stays,
    /// except a file manager's litter (`.DS_Store`), removed with it as `remove` steps.
    /// A folder where the recipe now makes a file or a link is not kept for it: the swap
    /// removes the folder, then adds the file.
    public static func emptiedFolders(_ steps: [Step], new: [String: Fingerprint], entries: (String) -> [String]?) -> [Step] {
        var gone = Set(steps.filter { $0.action == .remove }.map(\.path))
        var candidates: Set<String> = []
        for path in gone {
            var parent = RelativePath.folder(of: path)
            while !parent.isEmpty, candidates.insert(parent).inserted {
                parent = RelativePath.folder(of: parent)
            }
        }
        // Every folder that holds something the recipe makes now, or is an empty folder it makes, stays.
        var kept: Set<String> = []
        for (path, fingerprint) in new {
            var folder = fingerprint == .emptyFolder ? path : RelativePath.folder(of: path)
            while !folder.isEmpty, kept.insert(folder).inserted {
                folder = RelativePath.folder(of: folder)
            }
        }
        // Deepest first, so that a folder emptied only by its emptied subfolder is seen after it.
        let ordered = candidates.subtracting(kept).sorted { depth($0) != depth($1) ? depth($0) > depth($1) : $0 < $1 }
        var emptied: [Step] = []
        for folder in ordered {
            guard let names = entries(folder) else { continue }
            // A file manager's `.DS_Store` (`Manifest.alwaysExcluded`), which nobody made and no
            // recipe writes, does not keep the folder: it is moved aside with the removals.
            let left = names.filter { !gone.contains(folder + "/" + $0) }
            guard left.allSatisfy({ name in Manifest.alwaysExcluded.contains { $0.matches(name) } }) else { continue }
            for name in left.sorted() {
                gone.insert(folder + "/" + name)
                emptied.append(Step(path: folder + "/" + name, action: .remove))
            }
            gone.insert(folder)
            emptied.append(Step(path: folder, action: .removeFolder))
        }
        return emptied
    }

    private static func depth(_ path: String) -> Int {
        path.utf8.count(where: { $0 == UInt8(ascii: "/") })
    }
}
