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
    ///
    /// A loop over the chain being walked, not recursion: a recipe (one from git, say) may chain
    /// as many layers as it likes, and one stack frame a layer ran out of stack at some 10,000.
    package static func order(root: String, uses: [Use], usesOf: (Use) -> [Use]?) -> Result<[String], CycleFound> {
        var done: [String] = []
        var finished: Set<String> = []
        // Each layer on the way down from the root, with the uses it has yet to visit.
        var chain: [(name: String, pending: ArraySlice<Use>)] = [(root, uses[...])]
        var onChain: Set<String> = [root]
        while var walked = chain.popLast() {
            guard let use = walked.pending.popFirst() else {
                // Every use below it visited: it comes after them (the root is not a layer).
                onChain.remove(walked.name)
                if !chain.isEmpty {
                    finished.insert(walked.name)
                    done.append(walked.name)
                }
                continue
            }
            chain.append(walked)
            if finished.contains(use.name) { continue }
            if onChain.contains(use.name) {
                let names = chain.map(\.name)
                let start = names.firstIndex(of: use.name) ?? names.startIndex
                return .failure(CycleFound(cycle: Cycle(chain: Array(names[start...]) + [use.name], location: use.location)))
            }
            chain.append((use.name, (usesOf(use) ?? [])[...]))
            onChain.insert(use.name)
        }
        return .success(done)
    }

    /// The cycle as an error, so `order` can return a `Result`.
    package struct CycleFound: Error, Hashable {
        package var cycle: Cycle
    }
}
