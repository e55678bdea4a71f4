/// The combinations of a recipe's bool and choice values that lint's trial generation tries:
/// every one when there are at most `limit`, else a deterministic sample of `limit` that holds
/// the defaults, every value of every placeholder at least once, and then combinations picked
/// by a fixed sequence, so two runs of lint try the same ones.
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
        self.total = total
        func combination(_ indices: [Int]) -> [String: String] {
            Dictionary(uniqueKeysWithValues: zip(dimensions, indices).map { ($0.name, $0.values[$1]) })
        }
        guard total > limit else {
            var all: [[String: String]] = []
            var indices = Array(repeating: 0, count: dimensions.count)
            for _ in 0..<total {
                all.append(combination(indices))
                // The next, as an odometer turns: the last placeholder fastest.
                for position in indices.indices.reversed() {
                    indices[position] += 1
                    if indices[position] < dimensions[position].values.count { break }
                    indices[position] = 0
                }
            }
            combinations = all
            return
        }
        var chosen: [[Int]] = [Array(repeating: 0, count: dimensions.count)]
        for (position, dimension) in dimensions.enumerated() {
            for index in 1..<dimension.values.count where chosen.count < limit {
                var indices = Array(repeating: 0, count: dimensions.count)
                indices[position] = index
                chosen.append(indices)
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
            if !chosen.contains(indices) { chosen.append(indices) }
        }
        combinations = chosen.map(combination)
    }
}
