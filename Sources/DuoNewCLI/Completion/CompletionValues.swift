import DuoNewCore
import DuoNewKit

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
            let manifest = try CommandFailure.from { () throws(GenerationFailure) in
                try RecipesOfTheLine(context: context, offline: options.offline).load(recipe, templates: options.templates)
            }
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

/// The Kit's `RecipesOfTheLine` is what a completion asks about recipes.
extension RecipesOfTheLine: CompletionRecipes {
    /// The recipes found as this run finds them (`CommandContext.recipes`).
    init(context: CommandContext, offline: Bool = true) {
        self.init(finder: context.recipes, offline: offline)
    }
}
