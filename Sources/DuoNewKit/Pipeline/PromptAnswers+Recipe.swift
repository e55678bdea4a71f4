import DuoNewCore
import Foundation

/// The prompt's first question, before any recipe is loaded: which recipe, by its number in the
/// list shown or by its name (or a path to a recipe folder).
extension PromptAnswers {
    /// The recipe `answer` names among `listed` (the names as the list showed them, numbered
    /// from 1): a number outside the list says which numbers there are; a name that is no recipe's
    /// but part of exactly one (`camera`) gets a did-you-mean (66).
    public static func recipe(_ answer: String, listed: [String], in catalog: TemplateCatalog, workingDirectory: String) throws(GenerationFailure) -> String {
        if let number = Int(answer) {
            guard listed.indices.contains(number - 1) else {
                let range = listed.count == 1 ? "1" : "1-\(listed.count)"
                throw GenerationFailure(.noRecipe, "there is no recipe \(number) in the list; pick \(range), or type a recipe's name")
            }
            return listed[number - 1]
        }
        do throws(CatalogError) {
            _ = try catalog.recipeFolder(for: answer, workingDirectory: workingDirectory)
            return answer
        } catch {
            throw GenerationFailure(.noRecipe, refusal(answer, listed: listed, error: error))
        }
    }

    /// The catalog's message, with a suggestion when it had none to give and one listed name
    /// holds what was typed.
    static func refusal(_ answer: String, listed: [String], error: CatalogError) -> String {
        guard case .unknownRecipe(_, nil, _) = error else { return error.message }
        let holding = listed.filter { $0.lowercased().contains(answer.lowercased()) }
        guard holding.count == 1 else { return error.message }
        return "no recipe named '\(answer)'; did you mean '\(holding[0])'?"
    }
}
