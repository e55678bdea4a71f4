import DuoNewCore
import Foundation

extension ProjectUpdate {
    /// Names the project's files stamped with a secret. The record keeps no secret, so the
    /// update cannot tell whether the value given now is the one the project was made with:
    /// a different one makes those files look changed by the recipe, and the user should look
    /// at them (`SecretHolders`).
    mutating func noteFilesHoldingSecrets(_ plan: Plan, recipe: LoadedRecipe) {
        for (key, files) in SecretHolders.files(plan, recipe: recipe) {
            let named = files.map { "'\(DisplayPath.escaped($0))'" }.joined(separator: ", ")
            let which = files.count == 1 ? "\(named) holds" : "\(named) hold"
            note("\(which) the secret '\(key)', which the record does not keep, so this update could not tell whether the value given now is the one the project was made with; if it is not, the change shows in \(files.count == 1 ? "that file" : "those files")")
        }
    }
}
