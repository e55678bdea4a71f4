import DuoNewCore
import Foundation

extension BaseStore {
    /// Generates `recipe` (the recipe at the recorded version, a git source at its recorded
    /// commit, say) with the recorded `values` into a temporary folder, packs each of `files`
    /// (the record's) whose bytes come out as recorded, in place of the pack the record names,
    /// and removes the folder. What does not come out the same (a recipe changed since, other
    /// values) is not kept: each digest is compared here, as the bytes are not the writer's.
    /// `values` holds the secrets given this run too, or a recipe with one could not be generated.
    @discardableResult
    public func regenerate(
        _ recipe: LoadedRecipe, values: [String: String], files: [String: GenerationRecord.File], interruption: Interruption?
    ) -> Kept {
        guard let scratch = PrivateFolder.makeTemporary(prefix: "duo-new-base") else { return Kept() }
        defer { TreeRemover.remove(scratch) }
        let folder = scratch + "/base"
        guard let destination = try? Destination.inspect(folder, workingDirectory: scratch) else { return Kept() }
        let plan: Plan
        do throws(GenerationFailure) {
            let listing = try RecipeLoading.readListing(recipe, recipe: recipe.manifest.name)
            plan = try GenerationPipeline.plan(listing: listing, recipe: recipe, values: values, name: recipe.manifest.name)
            let prepared = GenerationPipeline.Prepared(
                recipe: recipe, values: values, plan: plan, destination: destination, treePaths: recipe.tree.sources.map(\.treeDisplay)
            )
            _ = try GenerationPipeline.write(prepared, generator: "duo-new base", interruption: interruption)
        } catch {
            return Kept()
        }
        // A file holding a secret (given again this run) never goes into the cache.
        return keep(files, from: folder, checkingDigests: true, replacing: true, leavingOut: SecretHolders.paths(plan, recipe: recipe))
    }
}
