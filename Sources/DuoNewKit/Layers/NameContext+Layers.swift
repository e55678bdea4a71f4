import Foundation

extension NameContext {
    /// Adds what another tree of the same recipe (a layer) holds: its top-level names and types,
    /// file by file, so that `apply(_:)`, which works the types out again from the files the
    /// manifest keeps, keeps the layer's too (once it dropped every layer's types whenever a
    /// file of the recipe's own declared one).
    public mutating func formUnion(_ other: NameContext) {
        topLevelNames = Array(Set(topLevelNames).union(other.topLevelNames)).sorted()
        declaredTypes.formUnion(other.declaredTypes)
        typesByFile.merge(other.typesByFile) { $0.union($1) }
    }

    /// Every tree of `recipe` searched, its layers' as well as its own, with the effective
    /// manifest applied: what an AppName may not clash with, for the prompt as for generation.
    public static func scan(recipe: RecipeTree, manifest: Manifest, appName: String?) -> NameContext {
        var context = scan(tree: recipe.top.tree, appName: appName)
        for layer in recipe.layers { context.formUnion(scan(tree: layer.tree, appName: appName)) }
        context.apply(manifest)
        return context
    }
}
