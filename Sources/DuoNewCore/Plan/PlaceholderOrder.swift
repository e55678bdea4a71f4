/// The order in which a recipe's values are worked out: each placeholder after those its
/// `value`, `default-from` or `ask-if` reads, the manifest's order otherwise; and the rings that
/// make such an order impossible, which the manifest's decoder refuses.
public enum PlaceholderOrder {
    /// The token names a placeholder's value depends on, in the order written.
    public static func dependencies(of placeholder: Placeholder) -> [Condition.Name] {
        var names: [Condition.Name] = []
        if case .derived(let expression) = placeholder.source { names += expression.names }
        if let expression = placeholder.defaultFrom { names += expression.names }
        if let askIf = placeholder.askIf { names += askIf.condition.names }
        return names
    }

    /// `placeholders` with every one after what it depends on; names nothing declares are
    /// ignored, and a ring is left in the manifest's order.
    public static func sorted(_ placeholders: [Placeholder]) -> [Placeholder] {
        let index = Dictionary(placeholders.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var state = Array(repeating: 0, count: placeholders.count)  // 0 new, 1 visiting, 2 done
        var result: [Placeholder] = []
        func visit(_ position: Int) {
            guard state[position] == 0 else { return }
            state[position] = 1
            for name in dependencies(of: placeholders[position]) {
                if let next = index[name.name] { visit(next) }
            }
            state[position] = 2
            result.append(placeholders[position])
        }
        for position in placeholders.indices { visit(position) }
        return result
    }

    /// Each ring of dependencies once, as the token names around it, starting from the one
    /// declared first.
    public static func cycles(_ placeholders: [Placeholder]) -> [[String]] {
        let byName = Dictionary(placeholders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var done: Set<String> = []
        var rings: [[String]] = []
        func visit(_ name: String, path: [String]) {
            if let start = path.firstIndex(of: name) {
                let ring = Array(path[start...])
                if !rings.contains(where: { Set($0) == Set(ring) }) { rings.append(ring) }
                return
            }
            guard !done.contains(name), let placeholder = byName[name] else { return }
            for dependency in dependencies(of: placeholder) { visit(dependency.name, path: path + [name]) }
            done.insert(name)
        }
        for placeholder in placeholders { visit(placeholder.name, path: []) }
        return rings
    }
}
