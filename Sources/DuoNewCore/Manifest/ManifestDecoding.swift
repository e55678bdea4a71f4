import Foundation

/// One decoding pass over a manifest's bytes: the manifest if it is sound, and every problem found.
package struct ManifestDecoding {
    /// Which manifest is read: a recipe's `template.yaml` or a layer's `layer.yaml`.
    package enum Kind {
        case recipe, layer
    }

    package let file: String
    package let source: [UInt8]
    package let kind: Kind
    package private(set) var manifest: Manifest?
    package private(set) var diagnostics: [Diagnostic] = []
    package private(set) var locations: ManifestLocations
    /// The `name` value, kept even when other keys fail so `load` can compare it with the folder.
    package private(set) var name: String?
    /// What decoded, even when other keys failed, so lint can check the tree against it: keys
    /// that failed are empty, and `placeholdersKnown` says whether the placeholders decoded.
    package private(set) var partial: Manifest?
    package private(set) var placeholdersKnown = false

    package init(file: String, source: [UInt8], kind: Kind = .recipe) {
        self.file = file
        self.source = source
        self.kind = kind
        self.locations = ManifestLocations(root: SourceLocation(file: file, line: 1, column: 1))
    }

    package mutating func run() {
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(utf8: source)
        } catch {
            diagnostics = error.problems.map { problem in
                Diagnostic(.error, at: location(problem.mark), problem.message, notes: problem.note.map { [$0] } ?? [])
            }
            return
        }
        guard let root else {
            report(.emptyManifest, at: YAMLMark(line: 1, column: 1))
            return
        }
        locations.root = location(root.mark)
        manifest = decodeManifest(root)
        // Reported in source order, whatever order the checks ran in.
        func order(_ item: (offset: Int, element: Diagnostic)) -> (Int, Int, Int) {
            (item.element.location?.line ?? 0, item.element.location?.column ?? 0, item.offset)
        }
        diagnostics = diagnostics.enumerated().sorted { order($0) < order($1) }.map(\.element)
    }

    // MARK: - The manifest

    private mutating func decodeManifest(_ root: YAMLNode) -> Manifest? {
        guard case .mapping = root.kind else {
            report(.topLevelNotMapping(found: Self.describe(root)), at: root.mark)
            return nil
        }
        var required: [(key: String, example: String)] = [
            ("name", "name: <the folder's name>"),
            ("summary", "summary: <one line>"),
            ("version", "version: 1.0.0"),
        ]
        if kind == .recipe { required.append(("placeholders", "placeholders:' with at least 'APP_NAME: {from: app-name}")) }
        let allowed = kind == .recipe ? ManifestDecoder.topLevelKeys : ManifestDecoder.layerTopLevelKeys
        guard let fields = fields(of: root, path: nil, allowed: allowed, required: required) else { return nil }

        let name = fields["name"].flatMap { decodeRecipeName($0.value) }
        self.name = name
        if let node = fields["name"]?.value { locations.name = location(node.mark) }
        let summary = fields["summary"].flatMap { decodeSummary($0.value) }
        let version = fields["version"].flatMap { decodeVersion($0.value) }
        let placeholders = kind == .layer ? [] : fields["placeholders"].flatMap { decodePlaceholders($0.value) }
        let reserved = fields["reserved-names"].map { decodeReservedNames($0.value) } ?? []
        let verbatim = fields["verbatim"].map { decodeGlobs($0.value, list: "verbatim") } ?? []
        locations.verbatim = verbatim.map(\.location)
        let exclude = fields["exclude"].map { decodeGlobs($0.value, list: "exclude") } ?? []
        locations.exclude = exclude.map(\.location)
        let checks = fields["checks"].map { decodeChecks($0.value) } ?? []
        let layers = fields["layers"].map { decodeLayers($0.value) } ?? []
        locations.layers = layers.map(\.location)
        let replaces = fields["replaces"].map { decodeReplaces($0.value) } ?? []
        locations.replaces = replaces.map(\.location)
        var nextSteps = ""
        if let node = fields["next-steps"]?.value {
            nextSteps = string(node, path: "next-steps") ?? ""
            if let placeholders { checkTokens(in: nextSteps, node: node, key: "next-steps", declared: placeholders) }
        }

        partial = Manifest(
            name: name ?? "", summary: summary ?? "", version: version ?? "", placeholders: placeholders ?? [],
            reservedNames: reserved, verbatim: verbatim.map(\.glob), exclude: exclude.map(\.glob), checks: checks, nextSteps: nextSteps
        )
        placeholdersKnown = placeholders != nil
        guard let name, let summary, let version, let placeholders else { return nil }
        return Manifest(
            name: name, summary: summary, version: version, placeholders: placeholders,
            reservedNames: reserved, verbatim: verbatim.map(\.glob), exclude: exclude.map(\.glob), checks: checks, nextSteps: nextSteps,
            layers: layers.map(\.name), replaces: replaces.map(\.path)
        )
    }

    private mutating func decodeRecipeName(_ node: YAMLNode) -> String? {
        guard let name = nonEmptyString(node, path: "name") else { return nil }
        guard Self.isRecipeName(name) else {
            report(.invalidRecipeName(name), at: node.mark)
            return nil
        }
        return name
    }

    private mutating func decodeSummary(_ node: YAMLNode) -> String? {
        guard let summary = nonEmptyString(node, path: "summary") else { return nil }
        // A folded or literal block ends with a newline; only inner line breaks make it two lines.
        let trimmed = summary.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.contains(where: \.isNewline) else {
            report(.multilineSummary, at: node.mark)
            return nil
        }
        // `duo-new list` prints it on a terminal: an escape or a bell would act, not show.
        if let bad = trimmed.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            report(.summaryControlCharacter(scalar: "U+" + String(format: "%04X", bad.value)), at: node.mark)
            return nil
        }
        return trimmed
    }

    private mutating func decodeVersion(_ node: YAMLNode) -> String? {
        guard let version = nonEmptyString(node, path: "version") else { return nil }
        guard Self.isVersion(version) else {
            report(.invalidVersion(version), at: node.mark)
            return nil
        }
        return version
    }

    private mutating func decodeReservedNames(_ node: YAMLNode) -> [String] {
        stringList(node, path: "reserved-names").compactMap { name, mark, path in
            guard !name.isEmpty else {
                report(.emptyValue(path: path), at: mark)
                return nil
            }
            return name
        }
    }

    private mutating func decodeGlobs(_ node: YAMLNode, list: String) -> [(glob: Glob, location: SourceLocation)] {
        var globs: [(glob: Glob, location: SourceLocation)] = []
        for (pattern, mark, _) in stringList(node, path: list) {
            if let problem = Glob.problem(in: pattern) {
                report(.invalidGlob(list: list, problem: problem), at: mark)
                continue
            }
            globs.append((Glob(pattern), location(mark)))
        }
        return globs
    }

    // MARK: - Placeholders

    private mutating func decodePlaceholders(_ node: YAMLNode) -> [Placeholder]? {
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
                sound = false
                continue
            }
            locations.placeholders[tokenName] = location(pair.key.mark)
            guard let placeholder = decodePlaceholder(tokenName, pair.value) else {
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
                                  required: [("from", "from: app-name', 'from: bundle-id' or 'from: set")])
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
        if sourceName != "set" {
            var sound = true
            for key in ["key", "default", "pattern"] {
                if let pair = fields[key] {
                    report(.settingOnlyKey(key, token: token, source: sourceName), at: pair.key.mark)
                    sound = false
                }
            }
            var suffixes: [String] = []
            if let node = fields["suffixes"]?.value {
                for (suffix, mark, _) in stringList(node, path: "\(path).suffixes") {
                    if Self.isBundleIDSuffix(suffix) { suffixes.append(suffix) } else {
                        report(.invalidBundleIDSuffix(suffix, token: token), at: mark)
                        sound = false
                    }
                }
            }
            guard sound else { return nil }
            let source: Placeholder.Source = sourceName == "app-name" ? .appName : .bundleID
            return DecodedPlaceholder(
                placeholder: Placeholder(name: token, source: source, description: description, suffixes: suffixes), fromMark: from.mark
            )
        }

        var sound = true
        var key = token.lowercased().replacingOccurrences(of: "_", with: "-")
        if let node = fields["key"]?.value {
            if let explicit = nonEmptyString(node, path: "\(path).key") {
                if explicit.wholeMatch(of: /[a-z][a-z0-9._-]*/) != nil {
                    key = explicit
                } else {
                    let guess = explicit.lowercased().replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "=", with: "-")
                    let usable = guess.wholeMatch(of: /[a-z][a-z0-9._-]*/) != nil
                    report(.invalidSettingKey(explicit, token: token, suggestion: usable ? guess : nil), at: node.mark)
                    sound = false
                }
            } else {
                sound = false
            }
        }
        var defaultValue: String?
        if let node = fields["default"]?.value {
            defaultValue = string(node, path: "\(path).default")
            if defaultValue == nil { sound = false }
            // The rules a `--set` value meets (exit 65) are the recipe's own fault in its default.
            if let text = defaultValue, let problem = Self.unstampableDefault(text, token: token) {
                report(problem, at: node.mark)
                sound = false
            }
        }
        var pattern: String?
        if let node = fields["pattern"]?.value {
            pattern = nonEmptyString(node, path: "\(path).pattern")
            if let text = pattern {
                if let regex = try? NSRegularExpression(pattern: text) {
                    if let defaultValue, !Self.wholeMatch(regex, defaultValue), let defaultNode = fields["default"]?.value {
                        report(.defaultDoesNotMatch(defaultValue: defaultValue, pattern: text, token: token), at: defaultNode.mark)
                        sound = false
                    }
                } else {
                    report(.invalidPattern(text, token: token), at: node.mark)
                    sound = false
                }
            } else {
                sound = false
            }
        }
        guard sound else { return nil }
        return DecodedPlaceholder(
            placeholder: Placeholder(name: token, source: .setting(key: key, defaultValue: defaultValue, pattern: pattern), description: description),
            fromMark: from.mark,
            keyMark: fields["key"]?.value.mark
        )
    }

    /// Why a default could not be stamped, by the rules `NameRules.checkSetting` applies to a
    /// `--set` value: no control characters, nothing shaped like a token.
    private static func unstampableDefault(_ value: String, token: String) -> ManifestProblem? {
        if let bad = value.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return .defaultHasControlCharacter(token: token, scalar: "U+" + String(format: "%04X", bad.value))
        }
        if let found = TokenGrammar.leftovers(in: value.unicodeScalars).first {
            return .defaultLooksLikeToken(found.token, token: token)
        }
        return nil
    }

    /// The same test `NameRules.checkSetting` applies to a `--set` value.
    private static func wholeMatch(_ regex: NSRegularExpression, _ value: String) -> Bool {
        let whole = NSRange(value.startIndex..., in: value)
        return regex.firstMatch(in: value, options: [.anchored], range: whole)?.range == whole
    }

    // MARK: - Checks

    private mutating func decodeChecks(_ node: YAMLNode) -> [Check] {
        guard case .sequence(let items) = node.kind else {
            reportWrongType(node, path: "checks", expected: "a list", fix: "start each check with '- name:' on its own line")
            return []
        }
        var result: [Check] = []
        var firstLineByName: [String: Int] = [:]
        // A layer offers checks; only a recipe can take one from a layer.
        let allowed = kind == .recipe ? ManifestDecoder.checkKeys : ManifestDecoder.checkKeys.filter { $0 != "layer" }
        for (index, item) in items.enumerated() {
            let path = "checks[\(index + 1)]"
            var required: [(key: String, example: String)] = [("name", "name: <what it checks>")]
            if case .mapping(let pairs) = item.kind, !pairs.contains(where: { $0.key.scalarValue == "layer" }) {
                required.append(("run", kind == .recipe ? "run: <a command for /bin/sh>' or 'layer: <a layer offering this check>" : "run: <a command for /bin/sh>"))
            }
            guard let fields = fields(of: item, path: path, context: "check \(index + 1)", allowed: allowed, required: required)
            else { continue }
            let name = fields["name"].flatMap { nonEmptyString($0.value, path: "\(path).name") }
            let timeout = fields["timeout"].flatMap { checkTimeout($0.value, path: "\(path).timeout") }
            let needs = fields["needs"].flatMap { checkNeeds($0.value, path: "\(path).needs", check: index + 1) }
            let optIn = fields["opt-in"].map { flag($0.value, path: "\(path).opt-in") } ?? false
            if let layerNode = fields["layer"]?.value {
                if fields["run"] != nil {
                    report(.checkRunAndLayer(index: index + 1), at: layerNode.mark)
                    continue
                }
                guard let layer = nonEmptyString(layerNode, path: "\(path).layer") else { continue }
                if let name, let nameNode = fields["name"]?.value { noteCheckName(name, at: nameNode.mark, firstLineByName: &firstLineByName) }
                if let name {
                    result.append(Check(name: name, run: "", timeout: timeout, layer: layer, needs: needs, optIn: optIn))
                    locations.checkRuns.append(location(layerNode.mark))
                }
                continue
            }
            let run = fields["run"].flatMap { nonEmptyString($0.value, path: "\(path).run") }
            if let name, let nameNode = fields["name"]?.value { noteCheckName(name, at: nameNode.mark, firstLineByName: &firstLineByName) }
            if let name, let run, let runNode = fields["run"]?.value {
                result.append(Check(name: name, run: run, timeout: timeout, needs: needs, optIn: optIn))
                locations.checkRuns.append(location(runNode.mark))
            }
        }
        return result
    }

    /// A whole number of seconds from 1 to `Check.maximumTimeout`.
    private mutating func checkTimeout(_ node: YAMLNode, path: String) -> Int? {
        if node.scalarType == .int, let text = node.scalarValue, let seconds = Int(text), (1...Check.maximumTimeout).contains(seconds) {
            return seconds
        }
        if node.scalarType == .null {
            report(.emptyValue(path: path), at: node.mark)
        } else {
            report(.invalidCheckTimeout(path: path, found: Self.describe(node)), at: node.mark)
        }
        return nil
    }

    /// `needs: {commands: [xcodebuild, ...], hint: ...}`: command names, each one word.
    private mutating func checkNeeds(_ node: YAMLNode, path: String, check: Int) -> CheckNeeds? {
        let required: [(key: String, example: String)] = [("commands", "commands: [xcodebuild]")]
        guard let fields = fields(of: node, path: path, context: "the needs of check \(check)", allowed: ManifestDecoder.needsKeys, required: required),
              let commandsNode = fields["commands"]?.value
        else { return nil }
        var commands: [String] = []
        var sound = true
        for (command, mark, itemPath) in stringList(commandsNode, path: "\(path).commands") {
            if CheckNeeds.isCommandName(command) {
                commands.append(command)
            } else {
                report(.invalidNeededCommand(command, path: itemPath), at: mark)
                sound = false
            }
        }
        if commands.isEmpty, sound, case .sequence = commandsNode.kind {
            report(.emptyValue(path: "\(path).commands"), at: commandsNode.mark)
        }
        let hint = fields["hint"].flatMap { nonEmptyString($0.value, path: "\(path).hint") }
        return sound && !commands.isEmpty ? CheckNeeds(commands: commands, hint: hint) : nil
    }

    /// `true` or `false`, nothing else (a quoted "true" is a string).
    private mutating func flag(_ node: YAMLNode, path: String) -> Bool {
        if case .bool(let value) = node.scalarType { return value }
        reportWrongType(node, path: path, expected: "true or false", fix: node.scalarValue.map { _ in "write 'true' or 'false' without quotes" })
        return false
    }

    /// Reports a check name used before, or remembers where it was first used.
    private mutating func noteCheckName(_ name: String, at mark: YAMLMark, firstLineByName: inout [String: Int]) {
        if let firstLine = firstLineByName[name] {
            report(.duplicateCheckName(name, firstLine: firstLine), at: mark)
        } else {
            firstLineByName[name] = mark.line
        }
    }

    // MARK: - Layers

    private mutating func decodeLayers(_ node: YAMLNode) -> [(name: String, location: SourceLocation)] {
        distinctItems(node, path: "layers", duplicate: ManifestProblem.duplicateLayer) { name in
            Self.isRecipeName(name) ? nil : .invalidLayerName(name)
        }.map { ($0.value, $0.location) }
    }

    private mutating func decodeReplaces(_ node: YAMLNode) -> [(path: String, location: SourceLocation)] {
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

    // MARK: - Shapes of names and versions

    // Matched by hand on the path every manifest takes: Swift Regex compiles each literal on its
    // first use, about a millisecond apiece, on every run of duo-new.

    /// `[A-Za-z0-9][A-Za-z0-9._-]*`
    package static func isRecipeName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isAlphanumeric(first) else { return false }
        return bytes.dropFirst().allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// `[0-9]+(\.[0-9]+)*(-[0-9A-Za-z.-]+)?`
    package static func isVersion(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func skipDigits() -> Bool {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index > start
        }
        guard skipDigits() else { return false }
        while index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { return false }
        }
        guard index < bytes.count else { return true }
        guard bytes[index] == UInt8(ascii: "-"), index + 1 < bytes.count else { return false }
        return bytes[(index + 1)...].allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    /// `(\.[A-Za-z0-9-]+)+`: what a recipe may append to a bundle id (`.UITests`).
    package static func isBundleIDSuffix(_ text: String) -> Bool {
        let segments = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return text.hasPrefix(".") && segments.count >= 2 && segments.dropFirst().allSatisfy { segment in
            !segment.isEmpty && segment.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// `[A-Z][A-Z0-9_]*` (`TokenGrammar.isName`).
    package static func isTokenName(_ text: String) -> Bool { TokenGrammar.isName(text) }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isUppercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || isUppercase(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    // MARK: - Tokens in text

    /// Reports each distinct undeclared token in a stamped text value, at its place in the source.
    private mutating func checkTokens(in text: String, node: YAMLNode, key: String, declared: [Placeholder]) {
        let known = Set(declared.map(\.name) + [ManifestDecoder.destinationToken])
        var seen: Set<String> = []
        for match in text.matches(of: /__[A-Z][A-Z0-9_]*__/) {
            let token = String(text[match.range])
            guard !known.contains(String(token.dropFirst(2).dropLast(2))), seen.insert(token).inserted else { continue }
            report(.undeclaredToken(token, in: key), at: SourceText.mark(of: token, in: source, from: node.mark) ?? node.mark)
        }
    }

    // MARK: - Shapes and types

    /// The pairs of a mapping by key, after reporting unknown and missing keys; nil if not a mapping.
    private mutating func fields(
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
    private static func owner(ofKey key: String, besides allowed: [String]) -> (name: String, fix: String)? {
        let owners = [
            (ManifestDecoder.topLevelKeys, "a top-level key", "start it at the beginning of its line"),
            (ManifestDecoder.placeholderKeys, "a key of a placeholder", "indent it under the token it belongs to, like the 'from' above it"),
            (ManifestDecoder.checkKeys, "a key of a check", "indent it to line up with the other keys of its check"),
        ]
        return owners.first { $0.0 != allowed && $0.0.contains(key) }.map { ($0.1, $0.2) }
    }

    private mutating func string(_ node: YAMLNode, path: String) -> String? {
        if let value = node.stringValue { return value }
        let fix = node.scalarValue.map { "quote it: \"\($0)\"" }
        reportWrongType(node, path: path, expected: "a string", fix: fix)
        return nil
    }

    private mutating func nonEmptyString(_ node: YAMLNode, path: String) -> String? {
        guard let value = string(node, path: path) else { return nil }
        guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            report(.emptyValue(path: path), at: node.mark)
            return nil
        }
        return value
    }

    /// The strings of a list, each with its mark and path; wrong items are reported and skipped.
    private mutating func stringList(_ node: YAMLNode, path: String) -> [(value: String, mark: YAMLMark, path: String)] {
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

    private mutating func reportWrongType(_ node: YAMLNode, path: String, expected: String, fix: String?) {
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

    // MARK: - Reporting

    private mutating func report(_ problem: ManifestProblem, at mark: YAMLMark) {
        diagnostics.append(.error(at: location(mark), problem.message))
    }

    private func location(_ mark: YAMLMark) -> SourceLocation {
        SourceLocation(file: file, line: mark.line, column: mark.column)
    }
}
