/// Proves that variants of a file (`rename` entries, and the file already at the path they are
/// renamed to) never land on one project path together: for each pair, every combination of the
/// bools and choices their `include-if` conditions read is tried, and the first under which both
/// are written is the counterexample.
public enum VariantProof {
    /// Two template files written to one project path under `values`.
    public struct Clash: Sendable, Equatable {
        /// The renamed file, whose `rename` entry is reported.
        public var renamed: String
        public var other: String
        public var target: String
        /// The values of the placeholders the conditions read; empty when none does.
        public var values: [String: String]
    }

    /// The clashes among `files` (the tree's file and link paths) under `manifest`'s renames.
    public static func clashes(manifest: Manifest, files: Set<String>) -> [Clash] {
        var found: [Clash] = []
        let renamed = manifest.rename.filter { files.contains($0.key) }
        for (source, target) in renamed.sorted(by: { $0.key < $1.key }) {
            // The file already at the target, unless it is renamed away itself; then the other renames to it.
            var others: [String] = []
            if files.contains(target), renamed[target] == nil || renamed[target] == target, target != source { others.append(target) }
            others += renamed.filter { $0.value == target && $0.key < source }.map(\.key).sorted()
            for other in others {
                if let values = together(source, other, manifest: manifest) {
                    found.append(Clash(renamed: source, other: other, target: target, values: values))
                }
            }
        }
        return found
    }

    /// A combination under which both paths are written, or nil when none is.
    static func together(_ first: String, _ second: String, manifest: Manifest) -> [String: String]? {
        let conditions = manifest.includeIf.filter { $0.covers(first) || $0.covers(second) }
        var read = Set(conditions.flatMap { $0.condition.names.map(\.name) })
        // The values whose `ask-if` reads another decide which combinations a user can give.
        var grown = true
        while grown {
            let asked = manifest.placeholders.filter { read.contains($0.name) }.flatMap { $0.askIf?.condition.names.map(\.name) ?? [] }
            grown = !read.isSuperset(of: asked)
            read.formUnion(asked)
        }
        let inputs = manifest.placeholders.filter { read.contains($0.name) }
        let combinations = ValueCombinations(placeholders: inputs, limit: Int.max)
        return combinations.combinations.first { values in
            conditions.allSatisfy { $0.condition.holds(for: values) }
        }
    }
}
