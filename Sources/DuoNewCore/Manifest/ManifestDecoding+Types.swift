/// A `from: set` placeholder's `type` and what goes with it: a string's `hint`, a choice's
/// `choices`, an integer's `minimum` and `maximum`, and a default read by the type.
extension ManifestDecoding {
    /// The keys each type takes beyond those every `from: set` placeholder has.
    private static let typeKeys: [String: Set<String>] = [
        "string": ["pattern", "hint"], "bool": [], "choice": ["choices"], "integer": ["minimum", "maximum"],
    ]

    /// The placeholder's type (`string` when it names none), or nil with the problems reported.
    mutating func decodeValueType(_ common: PlaceholderFields) -> ValueType? {
        var typeName = "string"
        if let node = common.fields["type"]?.value {
            guard let name = nonEmptyString(node, path: "\(common.path).type") else { return nil }
            guard ValueType.names.contains(name) else {
                report(.placeholderType(.unknownType(name, token: common.token, suggestion: Spelling.closest(to: name, among: ValueType.names))), at: node.mark)
                return nil
            }
            typeName = name
        }
        var sound = true
        for (owner, keys) in Self.typeKeys where owner != typeName {
            for key in keys.sorted() {
                guard let pair = common.fields[key], !(Self.typeKeys[typeName] ?? []).contains(key) else { continue }
                report(.placeholderType(.keyNeedsType(key, token: common.token, type: typeName, needs: owner)), at: pair.key.mark)
                sound = false
            }
        }
        guard sound else { return nil }
        switch typeName {
        case "bool": return .bool
        case "choice": return decodeChoices(common).map { .choice($0) }
        case "integer": return decodeBounds(common)
        default: return .string
        }
    }

    /// A string's `hint`: words for what its pattern asks, so it needs a pattern.
    mutating func decodeHint(_ common: PlaceholderFields, hasPattern: Bool, sound: inout Bool) -> String? {
        guard let pair = common.fields["hint"] else { return nil }
        guard let hint = nonEmptyString(pair.value, path: "\(common.path).hint") else {
            sound = false
            return nil
        }
        guard hasPattern || common.fields["pattern"] != nil else {
            report(.placeholderType(.hintWithoutPattern(token: common.token)), at: pair.key.mark)
            sound = false
            return nil
        }
        return hint.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The default of a bool (`false` when none is written), a choice (required) or an integer,
    /// in the form stamped; `.some(nil)` for an integer without one, nil when refused.
    mutating func decodeTypedDefault(_ common: PlaceholderFields, type: ValueType, key: String) -> String?? {
        guard let node = common.fields["default"]?.value else {
            switch type {
            case .bool: return .some("false")
            case .choice(let choices):
                report(.placeholderType(.choiceDefaultMissing(token: common.token, first: choices.first?.value ?? "")), at: common.fromMark)
                return nil
            default: return .some(nil)
            }
        }
        guard let text = scalarText(node, path: "\(common.path).default") else { return nil }
        do {
            return .some(try type.read(text, key: key))
        } catch {
            report(.placeholderType(.badDefault(token: common.token, reason: error.message)), at: node.mark)
            return nil
        }
    }

    /// A choice's values: strings, or mappings with `value` and `description`.
    private mutating func decodeChoices(_ common: PlaceholderFields) -> [ValueType.Choice]? {
        guard let pair = common.fields["choices"] else {
            report(.placeholderType(.choicesMissing(token: common.token)), at: common.fromMark)
            return nil
        }
        guard case .sequence(let items) = pair.value.kind else {
            reportWrongType(pair.value, path: "\(common.path).choices", expected: "a list of values", fix: "write one '- value' a line, indented below 'choices'")
            return nil
        }
        var choices: [ValueType.Choice] = []
        var sound = true
        for (index, item) in items.enumerated() {
            guard let choice = decodeChoice(item, path: "\(common.path).choices[\(index + 1)]", token: common.token) else {
                sound = false
                continue
            }
            if choices.contains(where: { $0.value == choice.value }) {
                report(.placeholderType(.duplicateChoice(choice.value, token: common.token)), at: item.mark)
                sound = false
                continue
            }
            choices.append(choice)
        }
        guard sound else { return nil }
        guard choices.count >= 2 else {
            report(.placeholderType(.tooFewChoices(token: common.token)), at: pair.key.mark)
            return nil
        }
        return choices
    }

    private mutating func decodeChoice(_ item: YAMLNode, path: String, token: String) -> ValueType.Choice? {
        var valueNode = item
        var description: String?
        if case .mapping = item.kind {
            guard let fields = fields(of: item, path: path, context: "a choice of '\(token)'", allowed: ManifestDecoder.choiceKeys,
                                      required: [("value", "value: <the value>")]),
                  let node = fields["value"]?.value else { return nil }
            valueNode = node
            if let pair = fields["description"] {
                guard let text = string(pair.value, path: "\(path).description") else { return nil }
                description = text
            }
        }
        guard let value = scalarText(valueNode, path: path) else { return nil }
        let reason: String? = if value.isEmpty || value != value.trimmingCharacters(in: .whitespaces) {
            "is empty or begins or ends with a space; write the value alone"
        } else if let problem = Self.unstampableDefault(value, token: token) {
            "cannot be stamped: \(problem.message)"
        } else {
            nil
        }
        if let reason {
            report(.placeholderType(.badChoice(value, token: token, reason: reason)), at: valueNode.mark)
            return nil
        }
        return ValueType.Choice(value, description: description)
    }

    private mutating func decodeBounds(_ common: PlaceholderFields) -> ValueType? {
        var bounds: [String: Int] = [:]
        var sound = true
        for key in ["minimum", "maximum"] {
            guard let node = common.fields[key]?.value else { continue }
            guard node.scalarType == .int, let text = node.scalarValue, let number = Int(text) else {
                report(.placeholderType(.badBound(key, token: common.token, found: Self.describe(node))), at: node.mark)
                sound = false
                continue
            }
            bounds[key] = number
        }
        guard sound else { return nil }
        if let low = bounds["minimum"], let high = bounds["maximum"], low > high {
            report(.placeholderType(.boundsCrossed(token: common.token, minimum: low, maximum: high)), at: common.fields["minimum"]?.value.mark ?? common.fromMark)
            return nil
        }
        return .integer(minimum: bounds["minimum"], maximum: bounds["maximum"])
    }

    /// The text of a scalar of any type but null: `true`, `7` and `video` alike, as written.
    private mutating func scalarText(_ node: YAMLNode, path: String) -> String? {
        guard case .scalar(let text, _) = node.kind, node.scalarType != .null else {
            reportWrongType(node, path: path, expected: "a value", fix: nil)
            return nil
        }
        return text
    }
}
