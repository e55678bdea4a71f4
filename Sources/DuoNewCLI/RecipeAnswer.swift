import DuoNewCore
import DuoNewKit

/// What an answer at the prompter's recipe question means: a recipe's number in the list, or a
/// name. A number outside the list says which numbers there are; a name that is not a recipe's
/// but close to one (or part of exactly one: `camera`) gets a did-you-mean.
enum RecipeAnswer {
    /// The recipe name `answer` stands for, or nil when it is a name (or path) to be looked up.
    static func numbered(_ answer: String, names: [String]) throws(Failure) -> String? {
        guard let number = Int(answer) else { return nil }
        guard names.indices.contains(number - 1) else {
            let range = names.count == 1 ? "1" : "1-\(names.count)"
            throw Failure(code: .noRecipe, message: "there is no recipe \(number) in the list; pick \(range), or type a recipe's name")
        }
        return names[number - 1]
    }

    /// The message for a name that names no recipe: the catalog's, with a suggestion when it
    /// had none to give and one recipe's name holds what was typed.
    static func refusal(_ answer: String, names: [String], error: CatalogError) -> String {
        guard case .unknownRecipe(_, nil, _) = error else { return error.message }
        let holding = names.filter { $0.lowercased().contains(answer.lowercased()) }
        guard holding.count == 1 else { return error.message }
        return "no recipe named '\(answer)'; did you mean '\(holding[0])'?"
    }
}
