extension NameContext {
    /// Adds what another tree of the same recipe (a layer) holds: its top-level names and types.
    public mutating func formUnion(_ other: NameContext) {
        topLevelNames = Array(Set(topLevelNames).union(other.topLevelNames)).sorted()
        declaredTypes.formUnion(other.declaredTypes)
    }
}
