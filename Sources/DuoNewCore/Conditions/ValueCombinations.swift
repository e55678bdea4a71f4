/// The combinations of a recipe's bool and choice values that lint's trial generation tries:
/// every one when there are at most `limit`, else a deterministic sample of `limit` that holds
/// the defaults, every value of every placeholder at least once, and then combinations picked
/// by a fixed sequence, so two runs of lint try the same ones. Only combinations a user can
/// reach are tried: a value whose `ask-if` does not hold takes its default (the prompt does not
/// ask it, and a `--set` for it is refused), so a combination giving it another is left out.
public struct ValueCombinations: Sendable, Equatable {
    /// Most trials lint runs for one recipe: each writes the whole project.
    public static let limit = 32

    /// Each combination: token names to values (`GALLERY` → `true`), defaults first.
    public var combinations: [[String: String]]
    /// How many combinations there are in all; more than `combinations.count` when sampled.
    public var total: Int

    public var isSampled: Bool { total > combinations.count }

    public init(placeholders: [Placeholder], limit: Int = ValueCombinations.limit) {
        // Each dimension's values with its default first, so the first combination is the defaults'.
        let dimensions: [(name: String, values: [String])] = placeholders.compactMap { placeholder in
            guard placeholder.settingKey != nil, placeholder.type.isConditionable else { return nil }
            var values = placeholder.type == .bool ? ["false", "true"] : placeholder.type.choiceValues
            if let first = placeholder.defaultValue, let index = values.firstIndex(of: first) { values.insert(values.remove(at: index), at: 0) }
            return (placeholder.name, values)
        }
        var total = 1
        for dimension in dimensions { total = total.multipliedReportingOverflow(by: dimension.values.count).overflow ? Int.max : total * dimension.values.count }
        func combination(_ indices: [Int]) -> [String: String] {
            Dictionary(uniqueKeysWithValues: zip(dimensions, indices).map { ($0.name, $0.values[$1]) })
        }
        let reachable = Self.reachability(placeholders, dimensions: dimensions.map(\.name))
        // Counted exactly while there are few enough to walk; beyond, every one is counted.
        if total <= Self.countedExactly {
            let all = Self.every(dimensions.map(\.values.count), total: total).map(combination).filter(reachable)
            self.total = all.count
            if all.count <= limit {
                combinations = all
                return
            }
        } else {
            self.total = total
        }
        var chosen: [[Int]] = [Array(repeating: 0, count: dimensions.count)]
        for (position, dimension) in dimensions.enumerated() {
            for index in 1..<dimension.values.count where chosen.count < limit {
                var indices = Array(repeating: 0, count: dimensions.count)
                indices[position] = index
                if reachable(combination(indices)) { chosen.append(indices) }
            }
        }
        // A fixed linear congruential sequence: the same sample on every run and machine.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var attempts = 0
        while chosen.count < limit, attempts < limit * 100 {
            attempts += 1
            let indices = dimensions.map { dimension -> Int in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((state >> 33) % UInt64(dimension.values.count))
            }
            if !chosen.contains(indices), reachable(combination(indices)) { chosen.append(indices) }
        }
        combinations = chosen.map(combination)
    }

    /// Most combinations walked to count the reachable ones.
    static let countedExactly = 1 << 16

    /// Every combination of indices, as an odometer turns: the last dimension fastest.
    private static func every(_ sizes: [Int], total: Int) -> [[Int]] {
        var all: [[Int]] = []
        var indices = Array(repeating: 0, count: sizes.count)
        for _ in 0..<total {
            all.append(indices)
            for position in indices.indices.reversed() {
                indices[position] += 1
                if indices[position] < sizes[position] { break }
                indices[position] = 0
            }
        }
        return all
    }

    /// Whether a user can give a combination: every value whose `ask-if` does not hold under it
    /// is its default (the first of its dimension). An `ask-if` reading a value outside the
    /// combination cannot be judged here, and leaves it in.
    private static func reachability(_ placeholders: [Placeholder], dimensions: [String]) -> ([String: String]) -> Bool {
        let named = Set(dimensions)
        let asked = placeholders.compactMap { placeholder -> (name: String, condition: Condition, defaultValue: String)? in
            guard let askIf = placeholder.askIf, named.contains(placeholder.name),
                  askIf.condition.names.allSatisfy({ named.contains($0.name) }) else { return nil }
            return (placeholder.name, askIf.condition, placeholder.defaultValue ?? "false")
        }
        return { values in
            asked.allSatisfy { values[$0.name] == $0.defaultValue || $0.condition.holds(for: values) }
        }
    }
}
