/// Decides, file by file, how `duo-new update` brings a project to a newer recipe, the way careful
/// package managers treat edited configuration files. Pure: it compares three sets of
/// fingerprints (what generation wrote, what the project holds now, what the recipe makes now)
/// and touches nothing.
public enum UpdatePlanner {
    /// A file's content hash and permission bits: a file is "the same" when both are.
    public struct Fingerprint: Sendable, Hashable {
        public var sha256: String
        public var mode: Int

        public init(sha256: String, mode: Int) {
            self.sha256 = sha256
            self.mode = mode
        }

        public init?(_ file: GenerationRecord.File) {
            guard let mode = file.modeBits else { return nil }
            self.init(sha256: file.sha256, mode: mode)
        }
    }

    /// What the project holds at a path now.
    public enum Current: Sendable, Hashable {
        case missing
        case file(Fingerprint)
        /// A folder, a link or anything else that is not a regular file.
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
    }

    public struct Step: Sendable, Hashable {
        public var path: String
        public var action: Action
        /// The recipe's new version of the file, for `replace`, `add` and `conflict`.
        public var new: Fingerprint?

        public init(path: String, action: Action, new: Fingerprint? = nil) {
            self.path = path
            self.action = action
            self.new = new
        }
    }

    /// The suffix of the new version written beside a conflicting file.
    public static let conflictSuffix = ".duo-new"

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
                case .file, .other:
                    return step(made == old ? .keepEdited : .conflict)
                }
            case (nil, let made?):
                switch now {
                case .missing: return step(.add)
                case .file(let held) where held == made: return step(.unchanged)
                case .file, .other: return step(.conflict)
                }
            case (let old?, nil):
                switch now {
                case .missing: return step(.unchanged)
                case .file(let held) where held == old: return step(.remove)
                case .file, .other: return step(.keepDropped)
                }
            case (nil, nil):
                return step(.unchanged)   // not reached: every path comes from one of the two
            }
        }
    }
}
