import DuoNewCore
import DuoNewKit
import Foundation

/// `list --set-keys RECIPE` and `list --opt-in-checks RECIPE`: what the completion scripts offer
/// after `--set` (`KEY=`, then `KEY=VALUE` for each value a choice or bool may take) and `--with`
/// (a check's name), read from the recipe's manifest with its
/// layers, one a line. A recipe that cannot be found or loaded prints nothing but its error.
struct CompletionValues {
    let options: CommonOptions
    let console: Console
    let context: CommandContext

    func run() -> ExitCode {
        do throws(Failure) {
            let catalog = try context.catalog(option: options.templates, offline: options.offline)
            let recipe = options.setKeysOf ?? options.optInChecksOf ?? ""
            let folder: URL
            do throws(CatalogError) {
                folder = try catalog.recipeFolder(for: recipe, workingDirectory: context.workingDirectory)
            } catch {
                throw Failure(code: .noRecipe, message: error.message)
            }
            let manifest = try Prompter.loadRecipe(folder, context: context).manifest
            if options.setKeysOf != nil {
                let keys = manifest.placeholders.compactMap { placeholder in placeholder.settingKey.map { ($0, placeholder.type) } }
                for (key, _) in keys { console.result("\(key)=") }
                // Then each value a choice or a bool may take, for `--set style=<Tab>`.
                for (key, type) in keys {
                    switch type {
                    case .choice(let choices): for choice in choices { console.result("\(key)=\(choice.value)") }
                    case .bool: for value in ["true", "false"] { console.result("\(key)=\(value)") }
                    case .string, .integer: break
                    }
                }
            }
            if options.optInChecksOf != nil {
                for check in manifest.checks where check.optIn { console.result(check.name) }
            }
            return .success
        } catch {
            console.error("error:", .red, error.message)
            return error.code
        }
    }
}
