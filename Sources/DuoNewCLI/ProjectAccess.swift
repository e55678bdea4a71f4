import DuoNewCore
import DuoNewKit

/// How `update` and `check` take a project in hand: its lock, what an earlier update left, and
/// text from its record fit to print.
enum ProjectAccess {
    /// The lock on the project, or why it cannot be taken: 75 when another process holds it.
    static func lock(_ project: String, folder: String, exclusive: Bool) throws(Failure) -> ProjectLock? {
        do {
            return try ProjectLock.take(project: project, exclusive: exclusive)
        } catch {
            switch error {
            case .busy(let holder):
                let who = holder.map { "process \($0)" } ?? "another process"
                throw Failure(code: .busy, message: "\(who) is updating or checking '\(folder)' (it holds the project's lock); nothing was changed; wait for it to finish, then run this again")
            case .unsupported:
                // Some network file systems take no locks; refusing would make update unusable there.
                return nil
            case .unreadable(let reason):
                throw Failure(code: .ioError, message: "cannot open '\(folder)' to lock it: \(reason)")
            }
        }
    }

    /// An applier failure as the command's: a refused journal or work folder is bad input (65).
    static func failure(_ error: UpdateApplier.Failure) -> Failure {
        if case .refused = error { return Failure(code: .badValue, message: error.message) }
        return Failure(code: .ioError, message: error.message)
    }

    /// Text read from a file, fit to print on one line (`DisplayPath.escaped`).
    static func shown(_ text: String) -> String {
        DisplayPath.escaped(text)
    }
}
