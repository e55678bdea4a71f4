import DuoNewCore
import Foundation

/// `--replace`: generating into a folder that holds a project duo-new generated (one whose
/// checks failed, say). Safe by default: only with the option, only over a folder whose
/// `.duo-new.json` is a record duo-new reads, and nothing is removed: the old project is moved
/// beside the new one, as `FOLDER.replaced` (or `.replaced-2`, …), just before the new one is
/// written, and moved back if writing fails.
public struct ProjectReplacement: Sendable, Hashable {
    /// The folder that holds the old project (absolute).
    public var project: String
    /// Where the old project goes (absolute; nothing there yet).
    public var aside: String
    /// The recipe and version its record names, for the messages.
    public var recipe: String
    public var version: String

    /// The record of the duo-new project in `folder`, or nil when the folder holds none.
    static func record(inProject folder: String) -> GenerationRecord? {
        let path = folder + "/" + Planner.recordFileName
        guard let info = POSIX.linkInfo(path), info.st_mode & S_IFMT == S_IFREG else { return nil }
        return (try? RecordReader.read(file: path)) ?? nil
    }

    /// The replacement of the project in `folder`, or nil when the folder holds no duo-new project.
    static func of(_ folder: String) -> ProjectReplacement? {
        guard let record = record(inProject: folder) else { return nil }
        var aside = folder + ".replaced"
        var number = 2
        while POSIX.linkInfo(aside) != nil {
            aside = folder + ".replaced-\(number)"
            number += 1
        }
        return ProjectReplacement(project: folder, aside: aside, recipe: record.recipe, version: record.version)
    }

    /// Moves the old project aside, never over anything made at `aside` since it was chosen.
    func moveAside() throws(GenerationFailure) {
        guard POSIX.renameWithoutReplacing(project, aside) else {
            throw GenerationFailure(.destination, "cannot move the old project in '\(project)' aside to '\(aside)': \(POSIX.lastError); nothing was replaced")
        }
    }

    /// Puts the old project back, after the new one could not be written; when something was
    /// made at its place meanwhile (another process), it stays aside and `failure` says where.
    func moveBack(after failure: GenerationFailure) -> GenerationFailure {
        guard !POSIX.renameWithoutReplacing(aside, project) else { return failure }
        var failure = failure
        failure.message += "; the old project could not be moved back (\(POSIX.lastError)) and is kept in '\(DisplayPath.escaped(aside))'"
        return failure
    }
}
