import Foundation

/// The `placeholders` mapping: token names, their sources and a setting's key, default and pattern.
extension ManifestDecoding {
    mutating func decodePlaceholders(_ node: YAMLNode) -> [Placeholder]? {
        guard case .mapping(let pairs) = node.kind else {
            reportWrongType(node, path: "placeholders", expected: "a mapping of token names", fix: "write 'APP_NAME:' on the next line, indented, with 'from: app-name' below it")
            return nil
        }
        var result: [Placeholder] = []
        var firstBySource: [String: String] = [:]
        var firstBySettingKey: [String: String] = [:]
        var sound = true
        for pair in pairs {
            guard let tokenName = pair.key.scalarValue, case .scalar = pair.key.kind else {
                report(.nonScalarKey(found: Self.describe(pair.key)), at: pair.key.mark)
                sound = false
                continue
            }
            guard tokenNameIsValid(tokenName, at: pair.key.mark) else {
                failedTokens.insert(tokenName)
                sound = false
                continue
            }
            locations.placeholders[tokenName] = location(pair.key.mark)
            guard let placeholder = decodePlaceholder(tokenName, pair.value) else {
                failedTokens.insert(tokenName)
                sound = false
                continue
            }
            switch placeholder.placeholder.source {
            case .appName, .bundleID:
                let sourceName = placeholder.placeholder.source == .appName ? "app-name" : "bundle-id"
                if let first = firstBySource[sourceName] {
                    report(.duplicateSource(source: sourceName, token: tokenName, firstToken: first), at: placeholder.fromMark)
                    sound = false
                } else {
                    firstBySource[sourceName] = tokenName
                }
            case .derived, .generationDay:
                break
            case .setting(let key, _, _):
                if let first = firstBySettingKey[key] {
                    report(.duplicateSettingKey(key, token: tokenName, firstToken: first), at: placeholder.keyMark ?? pair.key.mark)
                    sound = false
                } else {
                    firstBySettingKey[key] = tokenName
                }
            }
            result.append(placeholder.placeholder)
        }
        decodedPlaceholders = result
        // Run even when a placeholder failed, so its siblings' problems show in the same run.
        if !checkValueRules(result) { sound = false }
        return sound ? result : nil
    }

    private mutating func tokenNameIsValid(_ name: String, at mark: YAMLMark) -> Bool {
        if let owner = Self.owner(ofKey: name, besides: []) {
            report(.misplacedKey(name, context: "'placeholders', where keys are token names", owner: owner.name, fix: owner.fix), at: mark)
            return false
        }
        guard Self.isTokenName(name) else {
            let guess = String(name.uppercased().map { $0 == "-" || $0 == " " ? "_" : $0 })
                .trimmingCharacters(in: CharacterSet(charactersIn: "_"))
            let usable = guess.wholeMatch(of: /[A-Z][A-Z0-9]*(_[A-Z0-9]+)*/) != nil && guess != name
            report(.invalidTokenName(name, suggestion: usable ? guess : nil), at: mark)
            return false
        }
        guard !name.contains("__"), !name.hasSuffix("_") else {
            report(.ambiguousTokenName(name), at: mark)
            return false
        }
        guard name != ManifestDecoder.destinationToken else {
            report(.builtInToken(name), at: mark)
            return false
        }
        return true
    }

    /// A decoded placeholder plus the marks that duplicate checks across placeholders point at.
    private struct DecodedPlaceholder {
        var placeholder: Placeholder
        var fromMark: YAMLMark
        var keyMark: YAMLMark?
    }

    private mutating func decodePlaceholder(_ token: String, _ node: YAMLNode) -> DecodedPlaceholder? {
        let path = "placeholders.\(token)"
        guard case .mapping = node.kind else {
            let fix = node.stringValue.map { "write 'from: \(ManifestDecoder.sources.contains($0) ? $0 : "app-name")' on the next line, indented" }
            reportWrongType(node, path: path, expected: "a mapping with 'from'", fix: fix)
            return nil
        }
        guard let fields = fields(of: node, path: path, context: "placeholder '\(token)'",
                                  allowed: ManifestDecoder.placeholderKeys,
                                  required: [("from", "from: app-name' (or bundle-id, set, derived, year or date")])
        else { return nil }

        let description = fields["description"].flatMap { string($0.value, path: "\(path).description") }
        guard let from = fields["from"]?.value, let sourceName = string(from, path: "\(path).from") else { return nil }
        guard ManifestDecoder.sources.contains(sourceName) else {
            report(.unknownSource(sourceName, suggestion: Spelling.closest(to: sourceName, among: ManifestDecoder.sources)), at: from.mark)
            return nil
        }
        if sourceName != "bundle-id", let pair = fields["suffixes"] {
            report(.bundleIDOnlyKey("suffixes", token: token, source: sourceName), at: pair.key.mark)
            return nil
        }
        let common = PlaceholderFields(token: token, path: path, fields: fields, description: description, fromMark: from.mark)
        if Self.computedSources.contains(sourceName) {
            return decodeComputed(common, sourceName: sourceName).map { DecodedPlaceholder(placeholder: $0, fromMark: from.mark) }
        }
        guard var decoded = sourceName == "set" ? decodeSetting(common) : decodeNameSourced(common, sourceName: sourceName) else { return nil }
        guard decodeSecret(common, into: &decoded.placeholder) else { return nil }
        return decoded
    }

    /// What every source's placeholder has: its token, its path in messages, its keys, its
    /// description and where its `from` stands.
    struct PlaceholderFields {
        var token: String
        var path: String
        var fields: [String: YAMLNode.Pair]
        var description: String?
        var fromMark: YAMLMark
    }

    /// `from: app-name` or `from: bundle-id`: no setting keys; a bundle id's suffixes.
    private mutating func decodeNameSourced(_ common: PlaceholderFields, sourceName: String) -> DecodedPlaceholder? {
        var sound = true
        for key in ["key", "type", "default", "pattern", "hint", "choices", "minimum", "maximum"] + Self.settingRuleKeys {
            if let pair = common.fields[key] {
                report(.settingOnlyKey(key, token: common.token, source: sourceName), at: pair.key.mark)
                sound = false
            }
        }
        var suffixes: [String] = []
        if let node = common.fields["suffixes"]?.value {
            for (suffix, mark, _) in stringList(node, path: "\(common.path).suffixes") {
                if Self.isBundleIDSuffix(suffix) { suffixes.append(suffix) } else {
                    report(.invalidBundleIDSuffix(suffix, token: common.token), at: mark)
                    sound = false
                }
            }
        }
        if let pair = common.fields["value"] {
            report(.valueRule(.keyNotForSource("value", token: common.token, source: sourceName)), at: pair.key.mark)
            sound = false
        }
        let source: Placeholder.Source = sourceName == "app-name" ? .appName : .bundleID
        var placeholder = Placeholder(name: common.token, source: source, description: common.description, suffixes: suffixes)
        guard decodeRenamedFrom(common, into: &placeholder), sound else { return nil }
        return DecodedPlaceholder(placeholder: placeholder, fromMark: common.fromMark)
    }

    /// `from: set`: the setting's key, its type, and a default read by that type; a string's
    /// default checked against both the stamping rules and the pattern.
    private mutating func decodeSetting(_ common: PlaceholderFields) -> DecodedPlaceholder? {
        let token = common.token, fields = common.fields
        var sound = true
        let key = settingKey(token, node: fields["key"]?.value, path: "\(common.path).key", sound: &sound)
        guard let type = decodeValueType(common) else { return nil }
        var defaultValue: String?
        var pattern: String?
        var hint: String?
        if type == .string {
            if let node = fields["default"]?.value {
                defaultValue = string(node, path: "\(common.path).default")
                if defaultValue == nil { sound = false }
                // The rules a `--set` value meets (exit 65) are the recipe's own fault in its default.
                if let text = defaultValue, let problem = Self.unstampableDefault(text, token: token) {
                    report(problem, at: node.mark)
                    sound = false
                }
            }
            if let node = fields["pattern"]?.value {
                pattern = settingPattern(token, node: node, path: "\(common.path).pattern", defaultValue: defaultValue, defaultNode: fields["default"]?.value, sound: &sound)
            }
            hint = decodeHint(common, hasPattern: pattern != nil, sound: &sound)
        } else {
            guard let typedDefault = decodeTypedDefault(common, type: type, key: key) else { return nil }
            defaultValue = typedDefault
        }
        var placeholder = Placeholder(
            name: token, source: .setting(key: key, defaultValue: defaultValue, pattern: pattern), description: common.description,
            type: type, hint: hint
        )
        guard decodeSettingRules(common, into: &placeholder), sound else { return nil }
        return DecodedPlaceholder(
            placeholder: placeholder,
            fromMark: common.fromMark,
            keyMark: fields["key"]?.value.mark
        )
    }

    /// The `--set` key: the one written, or the token's name in lowercase with dashes.
    private mutating func settingKey(_ token: String, node: YAMLNode?, path: String, sound: inout Bool) -> String {
        let derived = token.lowercased().replacingOccurrences(of: "_", with: "-")
        guard let node else { return derived }
        guard let explicit = nonEmptyString(node, path: path) else {
            sound = false
            return derived
        }
        guard explicit.wholeMatch(of: /[a-z][a-z0-9._-]*/) == nil else { return explicit }
        let guess = explicit.lowercased().replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "=", with: "-")
        let usable = guess.wholeMatch(of: /[a-z][a-z0-9._-]*/) != nil
        report(.invalidSettingKey(explicit, token: token, suggestion: usable ? guess : nil), at: node.mark)
        sound = false
        return derived
    }

    /// The pattern a `--set` value must match whole; the default, when there is one, must match it too.
    private mutating func settingPattern(
        _ token: String, node: YAMLNode, path: String, defaultValue: String?, defaultNode: YAMLNode?, sound: inout Bool
    ) -> String? {
        guard let text = nonEmptyString(node, path: path) else {
            sound = false
            return nil
        }
        guard let regex = try? NSRegularExpression(pattern: text) else {
            report(.invalidPattern(text, token: token), at: node.mark)
            sound = false
            return text
        }
        if let defaultValue, !Self.wholeMatch(regex, defaultValue), let defaultNode {
            report(.defaultDoesNotMatch(defaultValue: defaultValue, pattern: text, token: token), at: defaultNode.mark)
            sound = false
        }
        return text
    }

    /// Why a default could not be stamped, by the rules `NameRules.checkSetting` applies to a
    /// `--set` value: no longer than its limit, no control characters, nothing shaped like a token.
    static func unstampableDefault(_ value: String, token: String) -> ManifestProblem? {
        if value.utf8.count > PlaceholderValues.maximumValueBytes {
            return .defaultTooLong(token: token, bytes: value.utf8.count)
        }
        if let bad = value.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return .defaultHasControlCharacter(token: token, scalar: "U+" + String(format: "%04X", bad.value))
        }
        if let found = TokenGrammar.shapedLikeTokens(in: value.unicodeScalars).first {
            return .defaultLooksLikeToken(found.token, token: token)
        }
        return nil
    }

    /// The same test `NameRules.checkSetting` applies to a `--set` value.
    private static func wholeMatch(_ regex: NSRegularExpression, _ value: String) -> Bool {
        let whole = NSRange(value.startIndex..., in: value)
        return regex.firstMatch(in: value, options: [.anchored], range: whole)?.range == whole
    }

    // MARK: - Tokens in text

    /// Reports each distinct undeclared token in a stamped text value, at its place in the source.
    /// Tokens in `text` (next-steps) that nothing declares, by the grammar stamping uses: the
    /// declared ones and `__DESTINATION__` taken out first, `words` left alone.
    mutating func checkTokens(in text: String, node: YAMLNode, key: String, declared: [Placeholder], leaving words: TokenLikeWords) {
        let known = declared.map(\.name) + failedTokens + [ManifestDecoder.destinationToken]
        var seen: Set<String> = []
        for secret in declared where secret.secret {
            let token = TokenGrammar.token(named: secret.name)
            if text.contains(token) {
                report(.secretInPrintedText(token, in: key), at: SourceText.mark(of: token, in: source, from: node.mark) ?? node.mark)
            }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            for occurrence in TokenScanner.scan(line, declared: known, leaving: words).undeclared where seen.insert(occurrence.token).inserted {
                report(.undeclaredToken(occurrence.token, in: key), at: SourceText.mark(of: occurrence.token, in: source, from: node.mark) ?? node.mark)
            }
        }
    }
}
