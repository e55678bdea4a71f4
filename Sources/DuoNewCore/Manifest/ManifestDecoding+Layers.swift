/// The `layers` and `replaces` lists: distinct names and contained paths.
extension ManifestDecoding {
    mutating func decodeLayers(_ node: YAMLNode) -> [(name: String, location: SourceLocation)] {
        distinctItems(node, path: "layers", duplicate: ManifestProblem.duplicateLayer) { name in
            Self.isRecipeName(name) ? nil : .invalidLayerName(name)
        }.map { ($0.value, $0.location) }
    }

    mutating func decodeReplaces(_ node: YAMLNode) -> [(path: String, location: SourceLocation)] {
        // The rule for every path read from a file (`ContainedPath`), as for the tree's own names.
        distinctItems(node, path: "replaces", duplicate: ManifestProblem.duplicateReplacedPath) { path in
            ContainedPath.problem(in: path) == nil ? nil : .invalidReplacedPath(path)
        }.map { ($0.value, $0.location) }
    }

    /// The strings of a list that `problem` finds nothing wrong with, each once; an empty item, a
    /// refused one and a repeated one are reported and left out.
    private mutating func distinctItems(
        _ node: YAMLNode, path: String, duplicate: (String) -> ManifestProblem, problem: (String) -> ManifestProblem?
    ) -> [(value: String, location: SourceLocation)] {
        var result: [(value: String, location: SourceLocation)] = []
        for (value, mark, itemPath) in stringList(node, path: path) {
            if value.isEmpty {
                report(.emptyValue(path: itemPath), at: mark)
            } else if let refusal = problem(value) {
                report(refusal, at: mark)
            } else if result.contains(where: { $0.value == value }) {
                report(duplicate(value), at: mark)
            } else {
                result.append((value, location(mark)))
            }
        }
        return result
    }
}
