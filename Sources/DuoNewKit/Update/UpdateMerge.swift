#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Turns the conflicts of an update plan into line merges where it can: a text file both the
/// user and the recipe changed, whose base (the bytes generation wrote, which the record's
/// digest names) can be had, is merged line by line (`LineMerge`) and the merged text written
/// over the staged new version, so the apply places it as it places a replacement. Changes on
/// different lines become `merge`; changes on the same lines become `conflictMarked` (the
/// markers in the file), or stay `conflict` (the recipe's version beside it, as before) when
/// `markers` is false. A binary file, a link, a folder, a file over `MergeableText.largestFile`
/// or one whose base is not to be had stays a `conflict`, as does a file whose `NAME.duo-new`
/// still holds an earlier update's version; anything else at a conflict's `NAME.duo-new` is
/// reported (`occupiedBeside`) for the update to refuse.
public enum UpdateMerge {
    /// The plan after merging, and where each marked file's conflicts are.
    public struct Outcome: Sendable, Equatable {
        public var steps: [UpdatePlanner.Step]
        /// The 1-based lines of the `<<<<<<<` markers in each `conflictMarked` file.
        public var markedLines: [String: [Int]] = [:]
        /// The conflicts left whole because no base was to be had for them.
        public var withoutBase: [String] = []
        /// The conflicts left whole because a version is larger than `MergeableText.largestFile`.
        public var tooLarge: [String] = []
        /// Conflicts whose `NAME.duo-new` still holds the recipe's version an earlier update put
        /// there: the file was not merged (it does not hold that version's changes), and the
        /// new version replaces the earlier one beside it.
        public var earlierBeside: [String] = []
        /// Conflicts whose `NAME.duo-new` holds something else (the user's file or folder, a
        /// link, that version edited): the path and what is there. The update must not go on.
        public var occupiedBeside: [(path: String, what: String)] = []
        /// What stood at each conflict's `NAME.duo-new` when it was looked at (`.missing` when
        /// free): the apply moves an earlier version there aside only while it still is that.
        public var besideSeen: [String: UpdatePlanner.Current] = [:]
        /// The first merged file whose text could not be written into the work folder, and why:
        /// the update must not go on.
        public var unwritten: (path: String, reason: String)?

        public static func == (a: Outcome, b: Outcome) -> Bool {
            a.steps == b.steps && a.markedLines == b.markedLines && a.withoutBase == b.withoutBase && a.tooLarge == b.tooLarge
                && a.earlierBeside == b.earlierBeside && a.occupiedBeside.map(\.path) == b.occupiedBeside.map(\.path)
                && a.besideSeen == b.besideSeen && a.unwritten?.path == b.unwritten?.path
        }
    }

    /// What stands where a conflict's new version would be written.
    public enum Beside: Equatable, Sendable {
        case free
        /// A regular file holding exactly the recorded version, or a link to the recorded target:
        /// what an earlier update wrote there and nobody settled.
        case earlierVersion
        /// Anything else, described (`a folder`, `a symbolic link`, `a file that is not …`).
        case occupied(String)
    }

    /// What is at `step.conflictPath` in `project`, looked at without following a link. Each
    /// folder above it that is there must be a real folder: a link, or a file of the user's
    /// where `FOLDER.duo-new/` would be made, is in the way as much as what stands at the path.
    public static func beside(_ step: UpdatePlanner.Step, recorded: UpdatePlanner.Fingerprint?, project: String) -> Beside {
        let path = step.conflictPath
        var folder = ""
        for name in path.split(separator: "/").dropLast() {
            folder = folder.isEmpty ? String(name) : folder + "/" + name
            // A folder not there yet is made by the apply.
            guard let info = POSIX.linkInfo(project + "/" + folder) else { break }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFLNK: return .occupied("below '\(DisplayPath.escaped(folder))', a symbolic link, which duo-new never writes through")
            default: return .occupied("below '\(DisplayPath.escaped(folder))', which is not a folder (a file of yours, say), where the recipe's folder would be written")
            }
        }
        guard let info = POSIX.linkInfo(project + "/" + path) else { return .free }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if let recorded, recorded.mode & ~0o7777 == 0, (try? ProjectScan.hash(project + "/" + path, shownAs: path)) == recorded.sha256 {
                return .earlierVersion
            }
            return .occupied("a file that is not the recipe's version an earlier update left there (yours, or that version edited)")
        case S_IFLNK:
            // The recipe's link an earlier update left there: its target is the recorded one.
            // Moved aside, never followed, it holds nothing of the user's.
            if let recorded, let target = POSIX.linkTarget(project + "/" + path), recorded == .link(to: String(decoding: target, as: UTF8.self)) {
                return .earlierVersion
            }
            return .occupied("a symbolic link, which duo-new never writes through")
        case S_IFDIR: return .occupied("a folder")
        default: return .occupied("neither a file nor a folder")
        }
    }

    /// - Parameters:
    ///   - recorded: what generation wrote, by path (the record's fingerprints).
    ///   - project: the project's folder; `staged`: the folder the new version was staged in.
    ///   - base: the bytes with a digest, or nil (`BaseStore.Pack.bytes(for:)`, checked against it).
    public static func merge(
        _ steps: [UpdatePlanner.Step], recorded: [String: UpdatePlanner.Fingerprint], project: String, staged: String,
        labels: LineMerge.Labels, markers: Bool, base: (String) -> [UInt8]?
    ) -> Outcome {
        var outcome = Outcome(steps: [])
        outcome.steps = steps.map { step in
            guard step.action == .conflict else { return step }
            // Whatever stands where the new version would go is looked at first: the user's own
            // entry is never replaced, and a file beside an unsettled earlier version is not
            // merged against the record's version, which it never took in.
            switch beside(step, recorded: recorded[step.path], project: project) {
            case .free:
                outcome.besideSeen[step.conflictPath] = .missing
            case .earlierVersion:
                outcome.earlierBeside.append(step.path)
                if let old = recorded[step.path], let info = POSIX.linkInfo(project + "/" + step.conflictPath) {
                    // As `beside` found it: the recorded link, or a file with the recorded bytes.
                    outcome.besideSeen[step.conflictPath] = .file(isFile(old) ? UpdatePlanner.Fingerprint(sha256: old.sha256, mode: Int(info.st_mode) & 0o7777) : old)
                }
                return step
            case .occupied(let what):
                outcome.occupiedBeside.append((step.conflictPath, what))
                return step
            }
            guard step.beside == nil, let old = recorded[step.path], let new = step.new, isFile(old), isFile(new) else { return step }
            let ourPath = project + "/" + step.path
            let theirPath = staged + "/" + step.path
            if [ourPath, theirPath].contains(where: { POSIX.linkInfo($0).map { Int($0.st_size) > MergeableText.largestFile } == true }) {
                outcome.tooLarge.append(step.path)
                return step
            }
            guard let ours = TextFile.read(ourPath), let theirs = TextFile.read(theirPath),
                  MergeableText.isText(ours), MergeableText.isText(theirs) else { return step }
            guard let original = base(old.sha256), MergeableText.isText(original) else {
                outcome.withoutBase.append(step.path)
                return step
            }
            let result = LineMerge.merge(base: original, ours: ours, theirs: theirs, labels: labels)
            guard result.isClean || markers else { return step }
            guard let mine = POSIX.linkInfo(ourPath).map({ Int($0.st_mode) & 0o777 }) else { return step }
            if let reason = write(result.bytes, to: theirPath, mode: mergedMode(mine: mine, old: old.mode, new: new.mode), beside: staged) {
                // A full disk or a file-size limit, as while staging: the update stops there.
                if outcome.unwritten == nil { outcome.unwritten = (step.path, reason) }
                return step
            }
            if !result.isClean { outcome.markedLines[step.path] = result.conflictLines }
            return UpdatePlanner.Step(path: step.path, action: result.isClean ? .merge : .conflictMarked, new: new)
        }
        return outcome
    }

    /// Gives each file a `replace` step puts in place the permission bits the user's file has
    /// (`mergedMode`), as a merged file gets them: content the user never edited is the recipe's
    /// to change, but a file they made private (`chmod 600` on a stamped secret) stays private.
    public static func keepUsersModes(_ steps: [UpdatePlanner.Step], recorded: [String: UpdatePlanner.Fingerprint], project: String, staged: String) {
        for step in steps where step.action == .replace {
            guard let old = recorded[step.path], let new = step.new, isFile(old), isFile(new),
                  let mine = POSIX.linkInfo(project + "/" + step.path).map({ Int($0.st_mode) & 0o777 }),
                  let staging = POSIX.linkInfo(staged + "/" + step.path), staging.st_mode & S_IFMT == S_IFREG else { continue }
            let mode = mergedMode(mine: mine, old: old.mode, new: new.mode)
            if Int(staging.st_mode) & 0o777 != mode { chmod(staged + "/" + step.path, mode_t(mode)) }
        }
    }

    /// The permission bits of a merged file, which holds the user's edits: the bits their file
    /// has (`mine`), so a file made private, or written under a umask of 077, stays so; the
    /// executable bits follow the recipe's intent (`old` to `new`, 0644 or 0755) only where it
    /// changed it and the user did not: set wherever the file is readable, or cleared.
    static func mergedMode(mine: Int, old: Int, new: Int) -> Int {
        let intent = UpdatePlanner.Fingerprint.intent
        guard intent(mine) == old, new != old else { return mine }
        return new & 0o111 != 0 ? mine | (mine & 0o444) >> 2 : mine & ~0o111
    }

    /// Whether a fingerprint is a regular file's (not a link's, nor an empty folder's).
    private static func isFile(_ fingerprint: UpdatePlanner.Fingerprint) -> Bool {
        fingerprint.mode & ~0o7777 == 0
    }

    /// Replaces the staged file with the merged bytes, in one rename from a file written beside
    /// the staged tree (in the work folder, never inside the tree, where a recipe's own file
    /// could have the name). Returns why it could not (the system's reason), or nil.
    private static func write(_ bytes: [UInt8], to path: String, mode: Int, beside staged: String) -> String? {
        let temporary = (staged as NSString).deletingLastPathComponent + "/merging-" + UUID().uuidString
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return POSIX.lastError }
        let written = bytes.withUnsafeBytes { POSIX.writeAll(fd, $0) } && fchmod(fd, mode_t(mode)) == 0
        let reason = POSIX.lastError
        guard close(fd) == 0, written, rename(temporary, path) == 0 else {
            let failure = written ? POSIX.lastError : reason
            unlink(temporary)
            return failure
        }
        return nil
    }
}
