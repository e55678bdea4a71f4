import DuoNewCore

/// The files of a plan stamped with a secret, found by the secret's token in the template's text
/// (never by the value in the project, so a short value names no file by chance). Update names
/// them in a note; they are never kept in the bases' cache, which would hold the secret in plain
/// text outside the project, long after the project itself is gone.
enum SecretHolders {
    /// Each secret's `--set` key (its name without one) with the destinations holding its token,
    /// sorted by key; empty when the recipe declares no secret. Streamed, a chunk at a time: a
    /// recipe's text file may be of any size.
    static func files(_ plan: Plan, recipe: LoadedRecipe) -> [(key: String, files: [String])] {
        let secrets = recipe.manifest.placeholders.filter(\.secret)
        guard !secrets.isEmpty else { return [] }
        let roots = recipe.tree.treeRoots
        var holding: [String: [String]] = [:]
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
        return holding.sorted { $0.key < $1.key }.map { (key: $0.key, files: $0.value.sorted()) }
    }

    /// The destinations holding any secret.
    static func paths(_ plan: Plan, recipe: LoadedRecipe) -> Set<String> {
        Set(files(plan, recipe: recipe).flatMap(\.files))
    }
}
