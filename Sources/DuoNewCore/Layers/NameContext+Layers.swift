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
}
