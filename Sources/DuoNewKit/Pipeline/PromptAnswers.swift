import DuoNewCore
import Foundation

/// Whether the prompt may take an answer, by generation's own rules and messages: the recipe
/// loaded as generation loads it, then each answer (AppName, bundle id, folder, a `--set` value)
/// checked against it. The command line only asks and shows the refusal.
public struct PromptAnswers: Sendable {
    /// The recipe's trees, with its layers.
    public let recipeTree: RecipeTree
    /// Its manifest, with its layers'.
    public let manifest: Manifest
    /// What a relative folder answer is relative to.
    private let workingDirectory: String
    /// Folders a project must not go into, as generation refuses them: the recipe's, and the
    /// templates folder it was found in.
    private var forbiddenRoots: [String]

    /// The recipe `recipe` names in `catalog` (a name, or a folder path holding a `/`), loaded
    /// as generation loads it: not found is refused (66, with a suggestion), broken (78).
    public static func load(_ recipe: String, in catalog: TemplateCatalog, workingDirectory: String) throws(GenerationFailure) -> PromptAnswers {
        var answers = try load(try RecipeLoading.folder(recipe, catalog: catalog, workingDirectory: workingDirectory), workingDirectory: workingDirectory)
        answers.forbiddenRoots.insert(catalog.root.path, at: 0)
        return answers
    }

    /// The recipe in `recipeFolder`, loaded as generation loads it; a broken one is refused
    /// (78), with the manifest's diagnostics: the refusal ends the run before generation could print them.
    public static func load(_ recipeFolder: URL, workingDirectory: String) throws(GenerationFailure) -> PromptAnswers {
        let path = TemplateCatalog.displayPath(of: recipeFolder, base: workingDirectory)
        do {
            let recipeTree = try RecipeLoading.loadTree(recipeFolder, recipe: recipeFolder.lastPathComponent, manifestPath: path)
            return PromptAnswers(
                recipeTree: recipeTree, manifest: try recipeTree.effectiveManifest(), workingDirectory: workingDirectory,
                forbiddenRoots: recipeTree.sources.map(\.folder.path)
            )
        } catch let error as GenerationFailure {
            // With its diagnostics: a broken recipe is refused before a question as generation refuses it.
            throw error
        } catch {
            throw .brokenRecipe(recipeFolder.lastPathComponent, manifestPath: path, diagnostics: [])
        }
    }

    /// An AppName generation would take, returned as given: the name rules, and no clash with
    /// what the recipe's Swift sources declare (65).
    @discardableResult
    public func checkAppName(_ name: String) throws(GenerationFailure) -> String {
        do throws(NameError) {
            try NameRules.checkAppName(name, context: NameContext.scan(recipe: recipeTree, manifest: manifest, appName: name))
        } catch {
            throw GenerationFailure(error)
        }
        return name
    }

    /// A bundle id generation would take, with the recipe's suffixes (65), returned as given.
    @discardableResult
    public func checkBundleID(_ id: String) throws(GenerationFailure) -> String {
        do throws(NameError) {
            try NameRules.checkBundleID(id, suffixes: manifest.bundleIDSuffixes)
        } catch {
            throw GenerationFailure(error)
        }
        return id
    }

    /// A folder generation could write into (73), by generation's own rule
    /// (`GenerationDestination`): with `--replace`, one holding a project; with
    /// `--into-existing`, one holding other files. Returned as given.
    @discardableResult
    public func checkFolder(_ folder: String, replace: Bool = false, intoExisting: Bool = false) throws(GenerationFailure) -> String {
        _ = try GenerationDestination.inspect(
            folder, workingDirectory: workingDirectory, forbiddenRoots: forbiddenRoots, replace: replace, intoExisting: intoExisting
        )
        return folder
    }

    /// A `--set` value as `placeholder` reads it (its type, and the rules every stamped value
    /// keeps), or why not (65).
    public static func read(_ answer: String, by placeholder: Placeholder) throws(GenerationFailure) -> String {
        do throws(NameError) {
            return try placeholder.read(answer)
        } catch {
            throw GenerationFailure(error)
        }
    }
}
