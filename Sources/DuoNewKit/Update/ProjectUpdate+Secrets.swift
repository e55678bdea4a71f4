import DuoNewCore
import Foundation

extension ProjectUpdate {
    /// Names the project's files stamped with a secret. The record keeps no secret, so the
    /// update cannot tell whether the value given now is the one the project was made with:
    /// a different one makes those files look changed by the recipe, and the user should look
    /// at them. The template's text is searched for the token, not the project for the value,
    /// so a short value never names a file by chance.
    mutating func noteFilesHoldingSecrets(_ plan: Plan, recipe: LoadedRecipe) {
        let secrets = recipe.manifest.placeholders.filter(\.secret)
        guard !secrets.isEmpty else { return }
        let roots = recipe.tree.treeRoots
        var holding: [String: [String]] = [:]
        // Streamed, a chunk at a time: a recipe's text file may be of any size.
        for secret in secrets {
            var search = FileNeedleSearch(needle: Array(secret.token.utf8), wholeWord: false)
            defer { search.release() }
            for write in plan.writes {
                guard case .file(.textUnlessBinary, _) = write.kind, roots.indices.contains(write.origin) else { continue }
                let folder = RelativePath.folder(of: write.source)
                let path = folder.isEmpty ? roots[write.origin].path : roots[write.origin].path + "/" + folder
                if search.mentioned(inFile: RelativePath.name(of: write.source), folder: path) == true {
                    holding[secret.settingKey ?? secret.name, default: []].append(write.destination)
                }
            }
        }
        for (key, files) in holding.sorted(by: { $0.key < $1.key }) {
            let named = files.sorted().map { "'\(DisplayPath.escaped($0))'" }.joined(separator: ", ")
            let which = files.count == 1 ? "\(named) holds" : "\(named) hold"
            note("\(which) the secret '\(key)', which the record does not keep, so this update could not tell whether the value given now is the one the project was made with; if it is not, the change shows in \(files.count == 1 ? "that file" : "those files")")
        }
    }
}
