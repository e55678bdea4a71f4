import Foundation

/// Mappings, strings and lists: the shapes every key is read through, and how a wrong one is reported.
extension ManifestDecoding {
    /// The pairs of a mapping by key, after reporting unknown and missing keys; nil if not a mapping.
    mutating func fields(
        of node: YAMLNode, path: String?, context: String? = nil, allowed: [String], required: [(key: String, example: String)]
    ) -> [String: YAMLNode.Pair]? {
        guard case .mapping(let pairs) = node.kind else {
            reportWrongType(node, path: path ?? "manifest", expected: "a mapping", fix: nil)
            return nil
        }
        var result: [String: YAMLNode.Pair] = [:]
        var suggested: Set<String> = []
        for pair in pairs {
            guard case .scalar(let key, _) = pair.key.kind else {
                report(.nonScalarKey(found: Self.describe(pair.key)), at: pair.key.mark)
                continue
            }
            guard allowed.contains(key) else {
                if isRecipeOnly(key, allowed: allowed) {
                    report(.recipeOnlyKey(key, context: context), at: pair.key.mark)
                    continue
                }
                let suggestion = Spelling.closest(to: key, among: allowed)
                // One letter from a key that belongs here (`layer` for `layers`) is a slip of the
                // finger more likely than a line in the wrong place.
                let oneSlip = suggestion.map { Spelling.editDistance(key, $0) <= 1 } ?? false
                if !oneSlip, let owner = Self.owner(ofKey: key, besides: allowed) {
                    report(.misplacedKey(key, context: context, owner: owner.name, fix: owner.fix), at: pair.key.mark)
                    continue
                }
                if let suggestion { suggested.insert(suggestion) }
                report(.unknownKey(key, context: context, suggestion: suggestion, allowed: allowed), at: pair.key.mark)
                continue
            }
            result[key] = pair
        }
        // A misspelt required key is reported once, as the misspelling.
        for (key, example) in required where result[key] == nil && !suggested.contains(key) {
            report(.missingKey(key, context: context, example: example), at: node.mark)
        }
        return result
    }

    /// Whether `key`, refused in a layer's mapping that allows `allowed`, is one a recipe's
    /// manifest takes in the same place: then it is not misplaced, but in the wrong kind of manifest.
    private func isRecipeOnly(_ key: String, allowed: [String]) -> Bool {
        guard kind == .layer else { return false }
        if allowed == ManifestDecoder.layerTopLevelKeys { return ManifestDecoder.topLevelKeys.contains(key) }
        if allowed == ManifestDecoder.checkKeys.filter({ $0 != "layer" }) { return ManifestDecoder.checkKeys.contains(key) }
        return false
    }

    /// Where a key that is unknown here belongs instead, with how to move it there: an indented
    /// or dedented line makes a known key land in the wrong mapping.
    static func owner(ofKey key: String, besides allowed: [String]) -> (name: String, fix: String)? {
        let owners = [
            (ManifestDecoder.topLevelKeys, "a top-level key", "start it at the beginning of its line"),
            (ManifestDecoder.placeholderKeys, "a key of a placeholder", "indent it under the token it belongs to, like the 'from' above it"),
            (ManifestDecoder.checkKeys, "a key of a check", "indent it to line up with the other keys of its check"),
        ]
        return owners.first { $0.0 != allowed && $0.0.contains(key) }.map { ($0.1, $0.2) }
    }

    mutating func string(_ node: YAMLNode, path: String) -> String? {
        if let value = node.stringValue { return value }
        let fix = node.scalarValue.map { "quote it: \"\($0)\"" }
        reportWrongType(node, path: path, expected: "a string", fix: fix)
        return nil
    }

    mutating func nonEmptyString(_ node: YAMLNode, path: String) -> String? {
        guard let value = string(node, path: path) else { return nil }
        guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            report(.emptyValue(path: path), at: node.mark)
            return nil
        }
        return value
    }

    /// The strings of a list, each with its mark and path; wrong items are reported and skipped.
    mutating func stringList(_ node: YAMLNode, path: String) -> [(value: String, mark: YAMLMark, path: String)] {
        guard case .sequence(let items) = node.kind else {
            let fix = node.stringValue.map { "write it as a list: [\($0)]" }
            reportWrongType(node, path: path, expected: "a list of strings", fix: fix)
            return []
        }
        return items.enumerated().compactMap { index, item in
            let itemPath = "\(path)[\(index + 1)]"
            return string(item, path: itemPath).map { ($0, item.mark, itemPath) }
        }
    }

    mutating func reportWrongType(_ node: YAMLNode, path: String, expected: String, fix: String?) {
        if node.scalarType == .null {
            report(.emptyValue(path: path), at: node.mark)
        } else {
            report(.wrongType(path: path, expected: expected, found: Self.describe(node), fix: fix), at: node.mark)
        }
    }

    /// How a node is named in a message: "a list", "the number 1.0".
    package static func describe(_ node: YAMLNode) -> String {
        switch node.kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let value, _):
            switch node.scalarType {
            case .null: return "empty"
            case .bool: return "the boolean \(value)"
            case .int, .float: return "the number \(value)"
            default: return "the string '\(value)'"
            }
        }
    }
}
