import DuoNewCore
import Foundation

/// How `update` and `check` take a generated project in hand: its folder, its lock and its
/// record, read as the untrusted input it is (`RecordReader`).
public enum RecordedProject {
    /// The project folder as an absolute path (`folder` as the user gave it, against
    /// `workingDirectory`); 66 when it is not a folder.
    public static func folder(_ folder: String, workingDirectory: String) throws(GenerationFailure) -> URL {
        let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
        let url = URL(fileURLWithPath: folder, isDirectory: true, relativeTo: base).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            let what = FileManager.default.fileExists(atPath: url.path) ? "is not a folder" : "does not exist"
            throw GenerationFailure(.noRecipe, "'\(folder)' \(what); give the folder of a project duo-new generated, the one holding \(Planner.recordFileName)")
        }
        return url
    }

    /// The record in the project folder `url` (`folder` as the user gave it, for messages); 66
    /// when the folder holds no record, 65 when the record cannot be read as one or breaks a rule
    /// (a path outside the project, a mode that is not octal, a recipe that is not a name).
    public static func record(in url: URL, shownAs folder: String) throws(GenerationFailure) -> GenerationRecord {
        let recordURL = url.appendingPathComponent(Planner.recordFileName)
        let shown = "'\(folder)/\(Planner.recordFileName)'"
        let kind = (try? FileManager.default.attributesOfItem(atPath: recordURL.path))?[.type] as? FileAttributeType
        guard let kind else {
            if let root = projectAbove(url, shownAs: folder) {
                throw GenerationFailure(.noRecipe, "'\(folder)' is inside the project '\(root)', whose root holds \(Planner.recordFileName); give that folder")
            }
            throw GenerationFailure(
                .noRecipe,
                "'\(folder)' has no \(Planner.recordFileName); it was not made by duo-new, or the file was removed (only a generated project's root holds it)"
            )
        }
        // A link could make duo-new read (and print) a file from anywhere, a FIFO would never end.
        guard kind == .typeRegular else {
            let what = kind == .typeSymbolicLink ? "a symbolic link" : "not a regular file"
            throw GenerationFailure(.badValue, "\(shown) is \(what); duo-new reads only the record a generation wrote there; restore it from version control")
        }
        let record: GenerationRecord?
        do {
            record = try RecordReader.read(file: recordURL.path)
        } catch {
            throw GenerationFailure(.badValue, "\(shown) \(error.message)")
        }
        guard let record else { throw GenerationFailure(.badValue, "\(shown) cannot be read") }
        return record
    }

    /// The nearest folder above `url` holding a record, shown as `folder` followed by as many
    /// `..` as it is above (`..`, `Hello`), the way `git` finds its repository from a subfolder.
    static func projectAbove(_ url: URL, shownAs folder: String) -> String? {
        var above = url.deletingLastPathComponent()
        var shown = folder.split(separator: "/").filter { $0 != "." }.map(String.init)
        while above.path != "/" {
            // Up one: the last folder typed, else one more `..`.
            if let last = shown.last, last != ".." { shown.removeLast() } else { shown.append("..") }
            if FileManager.default.fileExists(atPath: above.appendingPathComponent(Planner.recordFileName).path) {
                return (folder.hasPrefix("/") ? "/" : "") + (shown.isEmpty ? (folder.hasPrefix("/") ? "" : ".") : shown.joined(separator: "/"))
            }
            above = above.deletingLastPathComponent()
        }
        return nil
    }

    /// The lock on the project, or why it cannot be taken: 75 when another process holds it;
    /// nil where the file system takes no locks.
    public static func lock(_ project: String, folder: String, exclusive: Bool) throws(GenerationFailure) -> ProjectLock? {
        do {
            return try ProjectLock.take(project: project, exclusive: exclusive)
        } catch {
            switch error {
            case .busy(let holder):
                let who = holder.map { "process \($0)" } ?? "another process"
                throw GenerationFailure(.busy, "\(who) is updating or checking '\(folder)' (it holds the project's lock); nothing was changed; wait for it to finish, then run this again")
            case .unsupported:
                // Some network file systems take no locks; refusing would make update unusable there.
                return nil
            case .unreadable(let reason):
                throw GenerationFailure(.io, "cannot open '\(folder)' to lock it: \(reason)")
            }
        }
    }

    /// An applier failure as the command's: a refused journal or work folder is bad input (65),
    /// an entry a roll-back could not put back stands in the way (73), a file changed under the
    /// update is a failure to try again (75), a signal its own.
    public static func failure(_ error: UpdateApplier.ApplyError) -> GenerationFailure {
        switch error {
        case .refused: GenerationFailure(.badValue, error.message)
        case .notPutBack: GenerationFailure(.destination, error.message)
        case .changed: GenerationFailure(.busy, error.message)
        case .interrupted(let signal): GenerationFailure(.interrupted(signal: signal), error.message)
        case .io, .stopped: GenerationFailure(.io, error.message)
        }
    }

    /// Text read from a file, fit to print on one line (`DisplayPath.escaped`).
    public static func shown(_ text: String) -> String {
        DisplayPath.escaped(text)
    }
}
