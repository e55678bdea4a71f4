import DuoNewCore
import Foundation

/// The prompt's first question, before any recipe is loaded: which recipe, by its number in the
/// list shown or by its name (or a path to a recipe folder).
extension PromptAnswers {
    /// The recipe `answer` names among `listed` (the names as the list showed them, numbered
    /// from 1): a number outside the list says which numbers there are (66). A part of exactly
    /// one recipe's name (`camera`) stands for that recipe, as on the command line
    /// (`TemplateCatalog.recipe(standingFor:)`); anything else is looked up as typed.
    public static func recipe(_ answer: String, listed: [String], in catalog: TemplateCatalog, workingDirectory: String) throws(GenerationFailure) -> String {
        // A recipe named as a number (`2024`) is that recipe, as a choice's value is.
        if let number = Int(answer), !listed.contains(answer) {
            guard listed.indices.contains(number - 1) else {
                let range = listed.count == 1 ? "1" : "1-\(listed.count)"
                throw GenerationFailure(.noRecipe, "there is no recipe \(number) in the list; pick \(range), or type a recipe's name")
            }
            return listed[number - 1]
        }
        if let recipe = catalog.recipe(standingFor: answer) { return recipe }
        do throws(CatalogError) {
            _ = try catalog.recipeFolder(for: answer, workingDirectory: workingDirectory)
            return answer
        } catch {
            throw GenerationFailure(.noRecipe, error.message)
        }
    }
}
