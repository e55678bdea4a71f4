import DuoNewCore
import Foundation

/// Turns the conflicts of an update plan into line merges where it can: a text file both the
/// user and the recipe changed, whose base (the bytes generation wrote, which the record's
/// digest names) can be had, is merged line by line (`LineMerge`) and the merged text written
/// over the staged new version, so the apply places it as it places a replacement. Changes on
/// different lines become `merge`; changes on the same lines become `conflictMarked` (the
/// markers in the file), or stay `conflict` (the recipe's version beside it, as before) when
/// `markers` is false. A binary file, a link, a folder, or a file whose base is not to be had
/// stays a `conflict`.
public enum UpdateMerge {
    /// The plan after merging, and where each marked file's conflicts are.
    public struct Outcome: Sendable, Equatable {
        public var steps: [UpdatePlanner.Step]
        /// The 1-based lines of the `<<<<<<<` markers in each `conflictMarked` file.
        public var markedLines: [String: [Int]] = [:]
        /// The conflicts left whole because no base was to be had for them.
        public var withoutBase: [String] = []
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
            guard step.action == .conflict, step.beside == nil, let old = recorded[step.path], let new = step.new,
                  isFile(old), isFile(new) else { return step }
            let ourPath = project + "/" + step.path
            let theirPath = staged + "/" + step.path
            guard let ours = TextFile.read(ourPath), let theirs = TextFile.read(theirPath),
                  MergeableText.isText(ours), MergeableText.isText(theirs) else { return step }
            guard let original = base(old.sha256), MergeableText.isText(original) else {
                outcome.withoutBase.append(step.path)
                return step
            }
            let result = LineMerge.merge(base: original, ours: ours, theirs: theirs, labels: labels)
            guard result.isClean || markers else { return step }
            // The user's own mode stays when they changed it; else the recipe's new one.
            let mine = POSIX.linkInfo(ourPath).map { UpdatePlanner.Fingerprint.intent(of: Int($0.st_mode) & 0o7777) }
            var mode = new.mode
            if let mine, mine != old.mode { mode = mine }
            guard write(result.bytes, to: theirPath, mode: mode, beside: staged) else { return step }
            if !result.isClean { outcome.markedLines[step.path] = result.conflictLines }
            return UpdatePlanner.Step(path: step.path, action: result.isClean ? .merge : .conflictMarked, new: new)
        }
        return outcome
    }

    /// Whether a fingerprint is a regular file's (not a link's, nor an empty folder's).
    private static func isFile(_ fingerprint: UpdatePlanner.Fingerprint) -> Bool {
        fingerprint.mode & ~0o7777 == 0
    }

    /// Replaces the staged file with the merged bytes, in one rename from a file written beside
    /// the staged tree (in the work folder, never inside the tree, where a recipe's own file
    /// could have the name).
    private static func write(_ bytes: [UInt8], to path: String, mode: Int, beside staged: String) -> Bool {
        let temporary = (staged as NSString).deletingLastPathComponent + "/merging-" + UUID().uuidString
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: mode]) else { return false }
        guard (try? FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: temporary)) != nil,
              rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            return false
        }
        return true
    }
}
