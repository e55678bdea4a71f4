/// The placeholder keys that work a value out from others (issue 37): `from: derived` with its
/// `value`, `from: year` and `from: date`, a setting's `default-from` and `ask-if`, and
/// `renamed-from` on any placeholder. Their expressions are parsed here one by one, then checked
/// against every placeholder (names, rings) once all are decoded.
extension ManifestDecoding {
    /// The sources this file decodes.
    static let computedSources = ["derived", "year", "date"]
    /// Keys each of them takes besides `from` and `description`.
    private static let computedKeys: [String: Set<String>] = ["derived": ["value", "renamed-from"], "year": ["renamed-from"], "date": ["renamed-from"]]
    /// Keys only a `from: set` placeholder takes, of those this file adds.
    static let settingRuleKeys = ["default-from", "ask-if"]

    /// `from: derived`, `from: year`, `from: date`: no other keys; a derived value's expression.
    mutating func decodeComputed(_ common: PlaceholderFields, sourceName: String) -> Placeholder? {
        var sound = true
        let allowed = Self.computedKeys[sourceName] ?? []
        for (key, pair) in common.fields.sorted(by: { $0.key < $1.key }) where key != "from" && key != "description" && !allowed.contains(key) {
            report(.valueRule(.keyNotForSource(key, token: common.token, source: sourceName)), at: pair.key.mark)
            sound = false
        }
        let source: Placeholder.Source
        if sourceName == "derived" {
            guard let pair = common.fields["value"] else {
                report(.missingKey("value", context: "placeholder '\(common.token)'", example: "value: APP_NAME | kebab"), at: common.fromMark)
                return nil
            }
            guard let expression = decodeExpression(pair, token: common.token, key: "value") else { return nil }
            source = .derived(expression)
        } else {
            source = .generationDay(sourceName == "year" ? .year : .date)
        }
        guard sound else { return nil }
        var placeholder = Placeholder(name: common.token, source: source, description: common.description)
        guard decodeRenamedFrom(common, into: &placeholder) else { return nil }
        return placeholder
    }

    /// A setting's `default-from`, `ask-if` and `renamed-from`, added to `placeholder`; false
    /// when one is refused.
    mutating func decodeSettingRules(_ common: PlaceholderFields, into placeholder: inout Placeholder) -> Bool {
        var sound = decodeRenamedFrom(common, into: &placeholder)
        if let pair = common.fields["default-from"] {
            placeholder.defaultFrom = decodeExpression(pair, token: common.token, key: "default-from")
            sound = sound && placeholder.defaultFrom != nil
        }
        if let pair = common.fields["ask-if"] {
            guard let text = nonEmptyString(pair.value, path: "\(common.path).ask-if") else { return false }
            let place = conditionLocation(pair)
            do {
                placeholder.askIf = AskCondition(condition: try ConditionParser.parse(text), text: text)
                locations.askIf[common.token] = place
            } catch {
                reportAt(.condition(error.problem), location: place.location(ofOffset: error.offset))
                return false
            }
            if placeholder.defaultValue == nil, placeholder.defaultFrom == nil {
                report(.valueRule(.askIfWithoutDefault(token: common.token, secret: common.fields["secret"]?.value.scalarValue == "true")), at: pair.key.mark)
                sound = false
            }
        }
        return sound
    }

    /// `renamed-from: OLD` or, for a placeholder renamed more than once, `[NEWER, OLDER]`.
    mutating func decodeRenamedFrom(_ common: PlaceholderFields, into placeholder: inout Placeholder) -> Bool {
        guard let pair = common.fields["renamed-from"] else { return true }
        let path = "\(common.path).renamed-from"
        let names: [(value: String, mark: YAMLMark, path: String)]
        if case .sequence(let items) = pair.value.kind {
            guard !items.isEmpty else {
                report(.emptyValue(path: path), at: pair.value.mark)
                return false
            }
            names = stringList(pair.value, path: path)
            guard names.count == items.count else { return false }
        } else {
            guard let old = nonEmptyString(pair.value, path: path) else { return false }
            names = [(old, pair.value.mark, path)]
        }
        var sound = true
        for (index, name) in names.enumerated() {
            if names[..<index].contains(where: { $0.value == name.value }) {
                report(.valueRule(.repeatedRenamedFrom(name.value, token: common.token)), at: name.mark)
                sound = false
            } else if !Self.isTokenName(name.value) || name.value == common.token {
                report(.valueRule(.badRenamedFrom(name.value, token: common.token)), at: name.mark)
                sound = false
            }
        }
        guard sound else { return false }
        placeholder.renamedFrom = names.map(\.value)
        formerNames += names.map { FormerName(token: common.token, name: $0.value, mark: $0.mark) }
        return true
    }

    private mutating func decodeExpression(_ pair: YAMLNode.Pair, token: String, key: String) -> ValueExpression? {
        guard let text = nonEmptyString(pair.value, path: "placeholders.\(token).\(key)") else { return nil }
        let place = conditionLocation(pair)
        do {
            let expression = try ExpressionParser.parse(text, key: key)
            locations.expressions[token] = place
            return expression
        } catch {
            reportAt(.valueRule(.expression(error.problem)), location: place.location(ofOffset: error.offset))
            return nil
        }
    }

    /// Once every placeholder is decoded: each expression and `ask-if` names a declared
    /// placeholder of a type it can read, and no values need one another in a ring.
    mutating func checkValueRules(_ placeholders: [Placeholder]) -> Bool {
        var sound = true
        let names = placeholders.map(\.name)
        let secrets = Set(placeholders.filter(\.secret).map(\.name))
        for placeholder in placeholders {
            var expressions: [(ValueExpression, String)] = []
            if case .derived(let expression) = placeholder.source { expressions.append((expression, "value")) }
            if let expression = placeholder.defaultFrom { expressions.append((expression, "default-from")) }
            for (expression, key) in expressions {
                for name in expression.names where !names.contains(name.name) && !failedTokens.contains(name.name) {
                    let place = locations.expressions[placeholder.name]
                    let problem = ExpressionProblem.undeclaredName(
                        name.name, key: key, suggestion: Spelling.closest(to: name.name, among: names.filter { $0 != placeholder.name })
                    )
                    reportAt(.valueRule(.expression(problem)), location: place?.location(ofOffset: name.offset) ?? locations.root)
                    sound = false
                }
                for name in expression.names where secrets.contains(name.name) {
                    let place = locations.expressions[placeholder.name]
                    reportAt(.valueRule(.expression(.readsSecret(name.name, key: key))), location: place?.location(ofOffset: name.offset) ?? locations.root)
                    sound = false
                }
            }
            // A condition naming a placeholder that failed to decode cannot be judged yet.
            if let askIf = placeholder.askIf, let place = locations.askIf[placeholder.name], failedTokens.isDisjoint(with: askIf.condition.names.map(\.name)) {
                for (offset, problem) in askIf.condition.problems(against: placeholders) {
                    reportAt(.valueRule(.askIf(problem)), location: place.location(ofOffset: offset))
                    sound = false
                }
            }
        }
        if !checkFormerNames() { sound = false }
        for ring in PlaceholderOrder.cycles(placeholders) {
            let place = ring.first.flatMap { locations.placeholders[$0] } ?? locations.root
            reportAt(.valueRule(.expression(.cycle(ring))), location: place)
            sound = false
        }
        return sound
    }

    /// A former name belongs to one placeholder and is no longer declared: `update` gives the
    /// value recorded under it to every placeholder that claims it, so a second claimant (or the
    /// old placeholder left in place) would silently take the same answer.
    private mutating func checkFormerNames() -> Bool {
        var sound = true
        let declared = Set(locations.placeholders.keys)
        var firstClaimant: [String: String] = [:]
        for former in formerNames {
            if declared.contains(former.name) {
                report(.valueRule(.renamedFromStillDeclared(former.name, token: former.token)), at: former.mark)
                sound = false
            } else if let first = firstClaimant[former.name] {
                report(.valueRule(.renamedFromClaimedTwice(former.name, token: former.token, firstToken: first)), at: former.mark)
                sound = false
            } else {
                firstClaimant[former.name] = former.token
            }
        }
        return sound
    }
}
