import Foundation

extension NameContext {
    /// Adds what another tree of the same recipe (a layer) holds: its top-level names and types,
    /// file by file, so that `apply(_:)`, which works the types out again from the files the
    /// manifest keeps, keeps the layer's too (once it dropped every layer's types whenever a
    /// file of the recipe's own declared one).
    public mutating func formUnion(_ other: NameContext) {
        formUnion([other])
    }

    /// `formUnion` of every tree in `others` at once: the names sorted once, not once a layer,
    /// which made a recipe with thousands of layers take minutes to load.
    public mutating func formUnion(_ others: [NameContext]) {
        var names = Set(topLevelNames)
        for other in others {
            names.formUnion(other.topLevelNames)
            declaredTypes.formUnion(other.declaredTypes)
            typesByFile.merge(other.typesByFile) { $0.union($1) }
        }
        topLevelNames = names.sorted()
    }
}
