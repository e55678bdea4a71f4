/// `include-if`: a mapping of tree paths to the conditions under which they are generated.
extension ManifestDecoding {
    /// The entries that decoded; with `placeholders` (a recipe's), each condition's names and
    /// values are checked against them too. A layer's are checked by each recipe that uses it.
    mutating func decodeIncludeIf(_ node: YAMLNode, placeholders: [Placeholder]?) -> [PathCondition] {
        guard case .mapping(let pairs) = node.kind else {
            reportWrongType(node, path: "include-if", expected: "a mapping of paths to conditions", fix: "write 'Gallery: GALLERY' on the next line, indented")
            return []
        }
        var entries: [PathCondition] = []
        for pair in pairs {
            guard let path = pair.key.stringValue ?? pair.key.scalarValue, case .scalar = pair.key.kind else {
                report(.nonScalarKey(found: Self.describe(pair.key)), at: pair.key.mark)
                continue
            }
            guard !path.isEmpty, ContainedPath.problem(in: path) == nil else {
                report(.invalidConditionPath(path), at: pair.key.mark)
                continue
            }
            guard let text = nonEmptyString(pair.value, path: "include-if.\(path)") else { continue }
            let place = conditionLocation(pair)
            locations.includeIf.append(place)
            let condition: Condition
            do {
                condition = try ConditionParser.parse(text)
            } catch {
                locations.includeIf.removeLast()
                reportCondition(error.problem, at: place.location(ofOffset: error.offset))
                continue
            }
            // A condition naming a placeholder that did not decode is left alone: that one's error says enough.
            if let placeholders, failedTokens.isDisjoint(with: condition.names.map(\.name)) {
                let problems = condition.problems(against: placeholders)
                for (offset, problem) in problems { reportCondition(problem, at: place.location(ofOffset: offset)) }
                if !problems.isEmpty {
                    locations.includeIf.removeLast()
                    continue
                }
            }
            entries.append(PathCondition(path: path, condition: condition, text: text))
        }
        return entries
    }

    /// Where a one-line scalar value begins, so an offset in its text maps to a column.
    func conditionLocation(_ pair: YAMLNode.Pair) -> ConditionLocation {
        let value = pair.value
        var start = location(value.mark)
        var inline = false
        if case .scalar(let text, let style) = value.kind, !text.contains("\n") {
            switch style {
            case .plain: inline = true
            // Escapes would shift the columns; a text without backslashes or doubled quotes has none.
            case .singleQuoted where !text.contains("'"), .doubleQuoted where !text.contains("\\") && !text.contains("\""):
                inline = true
                start.column += 1
            default: break
            }
        }
        return ConditionLocation(path: location(pair.key.mark), condition: start, inline: inline)
    }

    private mutating func reportCondition(_ problem: ConditionProblem, at place: SourceLocation) {
        reportAt(.condition(problem), location: place)
    }
}
