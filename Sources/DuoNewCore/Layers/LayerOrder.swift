/// The order in which a recipe's layers are laid down: pure, over names.
///
/// Depth first, in the order each manifest lists them: every layer comes after the layers it
/// uses, and a layer used twice (two layers sharing a base) comes once, at its first place.
package enum LayerOrder {
    /// One entry of a `layers` list, with where it was written.
    package struct Use: Sendable, Hashable {
        package var name: String
        package var location: SourceLocation?

        package init(name: String, location: SourceLocation? = nil) {
            self.name = name
            self.location = location
        }
    }

    /// A loop found: the chain from the first layer in it back to that layer, and the `layers`
    /// entry that closes it.
    package struct Cycle: Sendable, Hashable {
        package var chain: [String]
        package var location: SourceLocation?
    }

    /// The layers under `root` (a recipe's or a layer's name) in order, or the first cycle.
    /// `usesOf` gives a layer's own `layers` the first time a use reaches it, or nil when it does
    /// not load (it is then a leaf; its problem is reported by whoever loaded it).
    package static func order(root: String, uses: [Use], usesOf: (Use) -> [Use]?) -> Result<[String], CycleFound> {
        var done: [String] = []
        var stack = [root]
        func visit(_ use: Use) -> Cycle? {
            if done.contains(use.name) { return nil }
            if let start = stack.firstIndex(of: use.name) {
                return Cycle(chain: Array(stack[start...]) + [use.name], location: use.location)
            }
            stack.append(use.name)
            for inner in usesOf(use) ?? [] {
                if let cycle = visit(inner) { return cycle }
            }
            stack.removeLast()
            done.append(use.name)
            return nil
        }
        for use in uses {
            if let cycle = visit(use) { return .failure(CycleFound(cycle: cycle)) }
        }
        return .success(done)
    }

    /// The cycle as an error, so `order` can return a `Result`.
    package struct CycleFound: Error, Hashable {
        package var cycle: Cycle
    }
}
