import DuoNewCore
import Foundation

extension ProjectUpdate {
    /// Names the project's files stamped with a secret. The record keeps no secret, so the
    /// update cannot tell whether the value given now is the one the project was made with:
    /// a different one makes those files look changed by the recipe, and the user should look
    /// at them (`SecretHolders`).
    mutating func noteFilesHoldingSecrets(_ holders: [(key: String, files: [String])]) {
        for (key, files) in holders {
            let named = files.map { "'\(DisplayPath.escaped($0))'" }.joined(separator: ", ")
            let which = files.count == 1 ? "\(named) holds" : "\(named) hold"
            note("\(which) the secret '\(key)', which the record does not keep, so this update could not tell whether the value given now is the one the project was made with; if it is not, the change shows in \(files.count == 1 ? "that file" : "those files")")
        }
    }
}
