import DuoNewCore

/// What `duo-new help WORD` learns of a catalog, apart from how it shows it: a layer named
/// where a recipe goes, or a word that names nothing.
extension TemplateCatalog {
    /// Why `help` refuses `word` when it names a layer, which is a part that recipes use; nil
    /// when it names no layer.
    public func layerHelpRefusal(_ word: String) -> String? {
        guard layerNames().contains(word) else { return nil }
        return "'\(word)' is a layer, a part that recipes use, not a recipe of its own; 'duo-new list' shows which recipes there are, and the help of one that uses it shows the layer's values with the recipe's"
    }

    /// Why `help` has nothing on `word`, which names neither one of `commands` nor a recipe: the
    /// recipes whose names hold it, else the closest command or recipe, else what to ask about.
    public func noHelpMessage(on word: String, commands: [String]) -> String {
        let holding = recipeNames(holding: word)
        let suggestion = holding.count > 1
            ? "; did you mean one of \(holding.map { "'\($0)'" }.joined(separator: ", "))?"
            : (NameSuggestion.closest(to: word, among: commands + recipeNames()) ?? recipeName(slippedFromAPartOf: word)).map { "; did you mean '\($0)'?" }
        return "no help on '\(word)'" + (suggestion
            ?? "; ask about a command (\(commands.map { "'\($0)'" }.joined(separator: ", "))) or a recipe from 'duo-new list'")
    }
}
