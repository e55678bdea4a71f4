import DuoNewCore
import DuoNewKit

/// Text from a project's record, fit to print, and its lock as a command's failure.
enum ProjectAccess {
    /// The lock on the project, or why it cannot be taken: 75 when another process holds it.
    static func lock(_ project: String, folder: String, exclusive: Bool) throws(Failure) -> ProjectLock? {
        do {
            return try RecordedProject.lock(project, folder: folder, exclusive: exclusive)
        } catch {
            throw Failure(error)
        }
    }

    /// Text read from a file, fit to print on one line (`DisplayPath.escaped`).
    static func shown(_ text: String) -> String {
        DisplayPath.escaped(text)
    }
}
