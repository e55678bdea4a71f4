import DuoNewCore
import DuoNewKit
import Foundation

/// `list --set-keys RECIPE` and `list --opt-in-checks RECIPE`: what Tab offers after `--set`
/// and `--with`, one a line, for scripts (and the completion scripts of duo-new 0.x, which
/// asked for them). A recipe that cannot be found or loaded prints nothing but its error.
struct CompletionValues {
    let options: CommonOptions
    let console: Console
    let context: CommandContext

    func run() -> ExitCode {
        do throws(CommandFailure) {
            let recipe = options.setKeysOf ?? options.optInChecksOf ?? ""
            let manifest = try RecipesOfTheLine(context: context, offline: options.offline).load(recipe, templates: options.templates)
            let words = options.setKeysOf != nil ? manifest.settingWords : manifest.optInCheckNames
            // As Tab: a word holding a control character is left out (it could not be typed).
            for word in words where !DisplayPath.needsEscaping(word) { console.result(word) }
            return .success
        } catch {
            console.report(error)
            return error.code
        }
    }
}

/// The recipes a completion asks about, found as generation finds them.
struct RecipesOfTheLine: CompletionRecipes {
    let context: CommandContext
    /// Tab never waits for a clone: a recipe from git is offered only once it is in the cache.
    var offline = true

    /// The recipes a command line can name: a folder whose name breaks the rule for recipe
    /// names (`my recipe`, `-dash`) is left out, since generating it is refused.
    func names(templates: String?) -> [String] {
        // The shell hands Tab's words over as typed: `~/Recipes` is not expanded yet.
        let templates = templates.map(context.expandingHome)
        return ((try? context.catalog(option: templates, offline: offline).recipeNames()) ?? []).filter(ManifestDecoding.isRecipeName)
    }

    func manifest(of recipe: String, templates: String?) -> Manifest? {
        try? load(recipe, templates: templates)
    }

    func load(_ recipe: String, templates: String?) throws(CommandFailure) -> Manifest {
        let catalog = try context.catalog(option: templates.map(context.expandingHome), offline: offline)
        // A part of one recipe's name stands for it here too (`camera --set <Tab>`).
        return try CommandFailure.from { () throws(GenerationFailure) in
            try RecipeLoading.manifest(standingFor: recipe, catalog: catalog, workingDirectory: context.workingDirectory)
        }
    }
}
