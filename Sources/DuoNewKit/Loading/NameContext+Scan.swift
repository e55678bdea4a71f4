import DuoNewCore
import Foundation

/// Reading a template tree for the names an AppName may not clash with: the file system half of
/// `NameContext`.
extension NameContext {
    /// Reads the template tree: its top-level names and the types its `.swift` files declare.
    /// Unreadable files are skipped; the generator reports them when it plans. Links are not
    /// followed (they are copied as links).
    ///
    /// With `appName`, a file is parsed only when it holds that name as a whole word (a quick search),
    /// so `declaredTypes` holds the types of those files alone: all that checking that one name
    /// needs, at a fraction of the cost on a large tree.
    public static func scan(tree: URL, manifest: Manifest, appName: String? = nil) -> NameContext {
        var context = scan(tree: tree, appName: appName)
        context.apply(manifest)
        return context
    }

    /// `scan(tree:manifest:appName:)` without the manifest's part, which `apply(_:)` adds: so the
    /// tree can be read while the manifest is still being decoded.
    public static func scan(tree: URL, appName: String?) -> NameContext {
        SourceSearch(tree: tree, appName: appName).result()
    }

    /// Every tree of `recipe` searched, its layers' as well as its own, with the effective
    /// manifest applied: what an AppName may not clash with, for the prompt as for generation.
    public static func scan(recipe: RecipeTree, manifest: Manifest, appName: String?) -> NameContext {
        var context = scan(tree: recipe.top.tree, appName: appName)
        context.formUnion(recipe.layers.map { scan(tree: $0.tree, appName: appName) })
        context.apply(manifest)
        return context
    }
}
