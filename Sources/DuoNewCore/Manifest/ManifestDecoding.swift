import Foundation

/// One decoding pass over a manifest's bytes: the manifest if it is sound, and every problem found.
///
/// The top-level keys are read here; the rest by concern in the extensions beside this file:
/// `+Placeholders`, `+Types` (a placeholder's type), `+Conditions` (`include-if`), `+Checks`, `+Layers` (`layers`, `replaces`), `+Fields` (mappings, strings,
/// lists and how a wrong shape is reported) and `+Shapes` (names and versions).
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
    /// Where each decoded value stands; set by the decoding extensions beside this file.
    package internal(set) var locations: ManifestLocations
    /// The `name` value, kept even when other keys fail so `load` can compare it with the folder.
    package private(set) var name: String?
    /// What decoded, even when other keys failed, so lint can check the tree against it: keys
    /// that failed are empty, and `placeholdersKnown` says whether the placeholders decoded.
    package private(set) var partial: Manifest?
    package private(set) var placeholdersKnown = false
    /// The placeholders that decoded, and the token names of those that did not, even when
    /// some failed: the checks that read them (value rules, `next-steps`) still run on what
    /// decoded and leave the failed names alone, so one run reports every problem.
    var decodedPlaceholders: [Placeholder] = []
    var failedTokens: Set<String> = []
    /// Each `renamed-from` name as written, with the placeholder that lists it, so the names
    /// can be checked against every placeholder once all are decoded.
    var formerNames: [FormerName] = []

    /// A former token name listed under a placeholder's `renamed-from`, where it is written.
    struct FormerName {
        let token: String
        let name: String
        let mark: YAMLMark
    }

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
        // With a placeholder broken, the conditions are still checked against the others (as
        // `ask-if` is), so each problem shows in the same run; not when `placeholders` is no mapping.
        var conditionsChecked = kind == .recipe ? placeholders : nil
        if kind == .recipe, conditionsChecked == nil, case .mapping? = fields["placeholders"]?.value.kind { conditionsChecked = decodedPlaceholders }
        let includeIf = fields["include-if"].map { decodeIncludeIf($0.value, placeholders: conditionsChecked) } ?? []
        let reserved = fields["reserved-names"].map { decodeReservedNames($0.value) } ?? []
        let verbatim = fields["verbatim"].map { decodeGlobs($0.value, list: "verbatim") } ?? []
        locations.verbatim = verbatim.map(\.location)
        let notTokens = fields["not-tokens"].map { decodeNotTokens($0.value, declared: placeholders ?? decodedPlaceholders) } ?? []
        locations.notTokens = notTokens.map(\.location)
        let exclude = fields["exclude"].map { decodeGlobs($0.value, list: "exclude") } ?? []
        locations.exclude = exclude.map(\.location)
        let commandWords = (declared: (placeholders ?? decodedPlaceholders).map(\.name) + failedTokens, words: TokenLikeWords(recipeWords: notTokens.map(\.word)))
        let checks = fields["checks"].map { decodeChecks($0.value, commandWords: commandWords) } ?? []
        let tasks = fields["tasks"].map { decodeTasks($0.value, checks: checks, commandWords: commandWords) } ?? []
        let rename = fields["rename"].map { decodeRename($0.value) } ?? [:]
        let layers = fields["layers"].map { decodeLayers($0.value) } ?? []
        locations.layers = layers.map(\.location)
        let replaces = fields["replaces"].map { decodeReplaces($0.value) } ?? []
        locations.replaces = replaces.map(\.location)
        var nextSteps = ""
        if let node = fields["next-steps"]?.value {
            nextSteps = string(node, path: "next-steps") ?? ""
            locations.nextStepsLines = lineLocations(of: nextSteps, from: node.mark)
            if kind == .recipe { checkTokens(
                in: nextSteps, node: node, key: "next-steps", declared: placeholders ?? decodedPlaceholders, leaving: TokenLikeWords(recipeWords: notTokens.map(\.word))
            ) }
        }

        partial = Manifest(
            name: name ?? "", summary: summary ?? "", version: version ?? "", placeholders: placeholders ?? [],
            reservedNames: reserved, verbatim: verbatim.map(\.glob), exclude: exclude.map(\.glob), checks: checks, nextSteps: nextSteps,
            notTokens: notTokens.map(\.word), includeIf: includeIf
        )
        placeholdersKnown = placeholders != nil
        guard let name, let summary, let version, let placeholders else { return nil }
        var result = Manifest(
            name: name, summary: summary, version: version, placeholders: placeholders,
            reservedNames: reserved, verbatim: verbatim.map(\.glob), exclude: exclude.map(\.glob), checks: checks, nextSteps: nextSteps,
            layers: layers.map(\.name), replaces: replaces.map(\.path), notTokens: notTokens.map(\.word), includeIf: includeIf,
            tasks: tasks
        )
        result.rename = rename
        return result
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

    // MARK: - Reporting

    mutating func report(_ problem: ManifestProblem, at mark: YAMLMark) {
        diagnostics.append(.error(at: location(mark), problem.message))
    }

    /// A problem inside a value, at the column worked out for it.
    mutating func reportAt(_ problem: ManifestProblem, location: SourceLocation) {
        diagnostics.append(.error(at: location, problem.message))
    }

    func location(_ mark: YAMLMark) -> SourceLocation {
        SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    /// Where each line of a text value starts in the source, searched from the value's mark and
    /// each on a line after the one before; `start` for a line not found as written.
    func lineLocations(of text: String, from start: YAMLMark) -> [SourceLocation] {
        var from = start
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let words = line.trimmingCharacters(in: .whitespaces)
            guard !words.isEmpty, let mark = SourceText.mark(of: words, in: source, from: from) else { return location(start) }
            from = YAMLMark(line: mark.line + 1, column: 1)
            return location(mark)
        }
    }
}
