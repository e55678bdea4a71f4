/// The `rename` mapping: a template path to the path in the same folder it is written under.
extension ManifestDecoding {
    mutating func decodeRename(_ node: YAMLNode) -> [String: String] {
        guard case .mapping(let pairs) = node.kind else {
            reportWrongType(node, path: "rename", expected: "a mapping of template paths to project paths", fix: nil)
            return [:]
        }
        var result: [String: String] = [:]
        for pair in pairs {
            guard let path = pair.key.stringValue ?? pair.key.scalarValue, case .scalar = pair.key.kind else {
                report(.nonScalarKey(found: Self.describe(pair.key)), at: pair.key.mark)
                continue
            }
            guard let target = string(pair.value, path: "rename.\(path)") else { continue }
            var sound = true
            for (candidate, mark) in [(path, pair.key.mark), (target, pair.value.mark)] where candidate.isEmpty || ContainedPath.problem(in: candidate) != nil {
                report(.setup(.invalidRenamePath(candidate)), at: mark)
                sound = false
            }
            guard sound else { continue }
            guard RelativePath.folder(of: path) == RelativePath.folder(of: target) else {
                report(.setup(.renameLeavesFolder(path, to: target)), at: pair.value.mark)
                continue
            }
            result[path] = target
            locations.rename[path] = location(pair.key.mark)
        }
        return result
    }
}
