import DuoNewCore

/// The recipes a command line names, as Tab and `list --set-keys` ask about them: found as
/// generation finds them, in the line's `--templates` folder, else the usual place.
public struct RecipesOfTheLine {
    public var finder: CatalogFinder
    /// Tab never waits for a clone: a recipe from git is offered only once it is in the cache.
    public var offline: Bool

    public init(finder: CatalogFinder, offline: Bool = true) {
        self.finder = finder
        self.offline = offline
    }

    /// The recipes a command line can name: a folder whose name breaks the rule for recipe
    /// names (`my recipe`, `-dash`) is left out, since generating it is refused.
    public func names(templates: String?) -> [String] {
        ((try? catalog(templates).recipeNames()) ?? []).filter(ManifestDecoding.isRecipeName)
    }

    /// The recipe's manifest with its layers, or nil when it cannot be found or read.
    public func manifest(of recipe: String, templates: String?) -> Manifest? {
        try? load(recipe, templates: templates)
    }

    /// The effective manifest (layers included) of the recipe `word` names, read as generation
    /// reads it: a recipe's name, a part of one recipe's name alone (`camera --set <Tab>`), or
    /// a folder path.
    public func load(_ word: String, templates: String?) throws(GenerationFailure) -> Manifest {
        let catalog = try catalog(templates)
        return try PromptAnswers.load(catalog.recipe(standingFor: word) ?? word, in: catalog, workingDirectory: finder.workingDirectory).manifest
    }

    /// The shell hands Tab's words over as typed: `~/Recipes` is not expanded yet.
    private func catalog(_ templates: String?) throws(GenerationFailure) -> TemplateCatalog {
        try finder.catalog(option: templates.map { UserConfig.expandingHome($0, home: finder.environment["HOME"]) }, offline: offline)
    }
}
