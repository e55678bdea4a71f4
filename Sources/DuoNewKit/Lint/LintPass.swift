import DuoNewCore
import Foundation

/// One lint run over a recipe folder, or a layer folder, collecting diagnostics.
///
/// A recipe with layers is checked over its combined tree, as generation sees it; a problem in a
/// layer's file is reported at that file. A layer is checked over its own tree (with the layers
/// it uses) and then, when that is clean, as each recipe beside it that uses it sees it
/// (`LayerUsage`): tokens, collisions and lengths depend on the recipe.
struct LintPass {
    let recipeFolder: URL
    /// Told of SIGINT, SIGTERM and SIGHUP: the pass stops early and the trial cleans up.
    let interruption: Interruption?
    /// The folder as diagnostics name it.
    let display: String
    private(set) var diagnostics: [Diagnostic] = []

    init(recipeFolder: URL, displayFolder: String?, interruption: Interruption? = nil) {
        self.recipeFolder = recipeFolder
        self.interruption = interruption
        var path = displayFolder ?? recipeFolder.relativePath
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.display = path.isEmpty ? "." : path
    }

    mutating func run() {
        guard let (recipeTree, manifest, listing, placeholdersKnown, unlisted) = load() else {
            sortDiagnostics()
            return
        }
        let top = recipeTree.top
        let locations = top.locations
        let all = TemplateEntry.entries(of: listing, sources: recipeTree.sources)
        // A folder that could not be listed (its mode is warned about below) may hold what a
        // rule about the whole tree looks for: those rules wait until it can be read.
        let complete = unlisted.isEmpty

        if complete {
            for (glob, location) in zip(top.manifest.exclude, locations.exclude) where !all.contains(where: { glob.matches($0.path) }) {
                report(.excludeMatchesNothing(glob.pattern), at: location)
            }
        }
        let entries = all.filter { !manifest.excludes($0.path) }
        for (glob, location) in zip(top.manifest.verbatim, locations.verbatim)
        where complete && !entries.contains(where: { $0.kind == .file && glob.matches($0.path) }) {
            report(.verbatimMatchesNothing(glob.pattern), at: location)
        }

        for placeholder in manifest.placeholders {
            guard case .setting(_, _, let pattern?) = placeholder.source, let finding = RegexPortability.finding(in: pattern) else { continue }
            report(.nonPortablePattern(token: placeholder.name, construct: finding.construct, fix: finding.fix),
                   at: locations.placeholders[placeholder.name] ?? locations.root)
        }
        checkCaseCollisions(entries)
        checkNamesAndModes(entries)
        checkSymlinks(entries)
        // Without the placeholders, every token would look undeclared: those checks wait.
        if placeholdersKnown {
            checkTokens(entries, manifest: manifest, top: top, complete: complete)
            checkLengths(entries, manifest: manifest)
        }
        guard complete else {
            // What generation would stop at, as the trial would have reported it.
            if let first = unlisted.first { report(.trialFailed(reason: first.message), at: locations.root) }
            sortDiagnostics()
            return
        }
        checkCommands(entries, manifest: manifest, locations: locations)
        if placeholdersKnown { checkTaskVariables(entries, manifest: manifest, locations: locations) }
        checkCheckVariables(entries, manifest: manifest, locations: locations)
        checkConditionPaths(all, sources: recipeTree.sources)
        checkVariants(entries, manifest: manifest, locations: locations)
        if top.role == .recipe { checkLinkTargets(entries, manifest: manifest) }
        // The trial is the last net: run on an otherwise clean recipe, it never repeats a finding
        // above. A layer alone has no values to stamp; each recipe using it runs one.
        if !diagnostics.hasErrors, top.role == .recipe, interruption?.received == nil {
            runTrials(recipeTree: recipeTree, listing: listing, manifest: manifest)
        }
        if !diagnostics.hasErrors, top.role == .layer {
            diagnostics += LayerUsage.diagnostics(layer: top, interruption: interruption)
        }
        sortDiagnostics()
    }

    /// The manifest, the layers and the combined tree; nil, with the problems reported, when
    /// any of them does not load, since every check below needs all three. A subfolder that
    /// cannot be listed is left out of the tree and named in `unlisted`.
    ///
    /// A recipe's manifest error, or a name that differs from its folder, hides nothing else:
    /// the tree is then checked against whatever of the manifest decoded (the token checks only
    /// when its placeholders did, or every token would look undeclared).
    private mutating func load() -> (RecipeTree, Manifest, TreeListing, placeholdersKnown: Bool, unlisted: [WriteError])? {
        let isLayer = FileManager.default.fileExists(atPath: recipeFolder.appendingPathComponent(Manifest.layerFileName).path)
        let loaded: (manifest: Manifest, locations: ManifestLocations)
        var placeholdersKnown = true
        if isLayer {
            do {
                loaded = try ManifestDecoder.loadLayerLocated(layerFolder: recipeFolder, displayPath: TreeSource.join(display, Manifest.layerFileName))
            } catch {
                diagnostics = error.diagnostics
                return nil
            }
        } else {
            let partial = ManifestDecoder.loadForLint(recipeFolder: recipeFolder, displayPath: TreeSource.join(display, Manifest.fileName))
            diagnostics = partial.diagnostics
            guard let manifest = partial.manifest, let locations = partial.locations else { return nil }
            loaded = (manifest, locations)
            placeholdersKnown = partial.placeholdersKnown
        }
        let top = TreeSource(
            name: loaded.manifest.name, role: isLayer ? .layer : .recipe, folder: recipeFolder, display: display,
            manifest: loaded.manifest, locations: loaded.locations
        )
        var unlisted: [WriteError] = []
        do {
            let recipeTree = try RecipeTree.load(top: top)
            let manifest = try recipeTree.effectiveManifest()
            let listing = try recipeTree.listing { tree throws(WriteError) in
                let read = try TreeReader.readListable(tree: tree)
                unlisted += read.unlisted
                return read.listing
            }
            return (recipeTree, manifest, listing, placeholdersKnown, unlisted)
        } catch let error as LayerError {
            diagnostics += error.diagnostics
        } catch RecipeTreeError.layers(let error) {
            diagnostics += error.diagnostics
        } catch RecipeTreeError.unreadable(let error) {
            report(.trialFailed(reason: error.message), at: top.locations.root)
        } catch {
            report(.trialFailed(reason: "\(error)"), at: top.locations.root)
        }
        return nil
    }

    private mutating func sortDiagnostics() {
        diagnostics = diagnostics.enumerated().sorted { lhs, rhs in
            switch (lhs.element.location, rhs.element.location) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return true
            case (_?, nil): return false
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }

    // MARK: - Names

    private mutating func checkCaseCollisions(_ entries: [TemplateEntry]) {
        var firstByFoldedPath: [String: String] = [:]
        for entry in entries {
            let folded = entry.path.lowercased()
            if let first = firstByFoldedPath[folded] {
                report(.caseCollision(path: entry.path, other: first), at: place(entry))
            } else {
                firstByFoldedPath[folded] = entry.path
            }
        }
    }

    private mutating func checkNamesAndModes(_ entries: [TemplateEntry]) {
        for entry in entries {
            if let problem = ContainedPath.problem(inName: entry.name) {
                report(.unusableName(path: entry.path, problem: problem), at: place(entry))
            }
            // A reserved folder is named once, not again for each entry inside it.
            if let use = ReservedProjectName.use(of: entry.path), ReservedProjectName.use(of: RelativePath.folder(of: entry.path)) == nil {
                report(.reservedName(path: entry.path, use: use), at: place(entry))
            }
            switch entry.kind {
            case .file where entry.permissions & 0o400 == 0:
                report(.unreadableEntry(path: entry.path, mode: entry.permissions & 0o777, isFolder: false), at: place(entry))
            case .folder where entry.permissions & 0o500 != 0o500:
                report(.unreadableEntry(path: entry.path, mode: entry.permissions & 0o777, isFolder: true), at: place(entry))
            default:
                break
            }
        }
    }

    private mutating func checkSymlinks(_ entries: [TemplateEntry]) {
        for entry in entries {
            guard case .symlink(let target) = entry.kind else { continue }
            if target.hasPrefix("/") {
                report(.absoluteSymlink(path: entry.path, target: target), at: place(entry))
                continue
            }
            var depth = entry.parent.split(separator: "/").count
            for component in target.split(separator: "/") {
                if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
                if depth < 0 {
                    report(.symlinkOutsideTree(path: entry.path, target: target), at: place(entry))
                    break
                }
            }
        }
    }

    /// A link generated pointing at nothing: its target (resolved in the tree, tokens unstamped)
    /// is no entry the project gets, or a file `rename` writes under another name. A target that
    /// holds a token depends on the values, and one leaving the tree is refused above; a target
    /// that an `include-if` leaves out for some values is the author's choice. A layer alone is
    /// not checked: its links may point at what the recipes using it bring.
    private mutating func checkLinkTargets(_ entries: [TemplateEntry], manifest: Manifest) {
        let renamedAway = Set(manifest.rename.keys)
        let written = Set(entries.map(\.path)).subtracting(renamedAway).union(manifest.rename.values)
        let links = Set(entries.compactMap { entry -> String? in if case .symlink = entry.kind { entry.path } else { nil } })
        for entry in entries {
            guard case .symlink(let target) = entry.kind, !target.hasPrefix("/"), !target.contains("__") else { continue }
            var components = entry.parent.split(separator: "/").map(String.init)
            var leaves = false
            for component in target.split(separator: "/") where component != "." {
                if component != ".." {
                    components.append(String(component))
                } else if components.popLast() == nil {
                    leaves = true
                }
            }
            let resolved = components.joined(separator: "/")
            guard !leaves, !resolved.isEmpty, !written.contains(resolved) else { continue }
            // Through another link (`Docs-link/guide.md`): where it leads is that link's to say.
            guard !components.indices.dropLast().contains(where: { links.contains(components[...$0].joined(separator: "/")) }) else { continue }
            let renamed = renamedAway.contains(resolved) ? manifest.rename[resolved] : nil
            report(.symlinkTargetMissing(path: entry.path, target: target, renamed: renamed), at: place(entry))
        }
    }

    private mutating func checkLengths(_ entries: [TemplateEntry], manifest: Manifest) {
        let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for (path, problem) in TemplateLinter.lengthProblems(entries.map(\.path), manifest: manifest) {
            if let entry = byPath[path] { report(problem, at: place(entry)) }
        }
    }

    // MARK: - Tokens

    /// Undeclared and unused tokens. A layer alone declares none: its files are scanned only
    /// for binary contents here, and for tokens with each recipe that uses it.
    private mutating func checkTokens(_ entries: [TemplateEntry], manifest: Manifest, top: TreeSource, complete: Bool) {
        let checksTokens = top.role == .recipe
        let declared = manifest.placeholders.map(\.name)
        let words = manifest.tokenLikeWords
        var used: Set<String> = []
        var letThrough = LetThroughWords()
        for line in manifest.nextSteps.split(separator: "\n", omittingEmptySubsequences: false) {
            used.formUnion(TokenScanner.scan(line, declared: declared, leaving: words).used)
        }
        for entry in entries {
            let name = TokenScanner.scan(entry.name, declared: declared, leaving: words)
            used.formUnion(name.used)
            var undeclared = Set(name.undeclared.map(\.token))
            letThrough.add(name.letThrough, in: entry.path)
            // A link's target is stamped like a name.
            if case .symlink(let target) = entry.kind {
                let scan = TokenScanner.scan(Substring(target), declared: declared, leaving: words)
                used.formUnion(scan.used)
                undeclared.formUnion(scan.undeclared.map(\.token))
                letThrough.add(scan.letThrough, in: entry.path)
            }
            for token in undeclared.sorted() where checksTokens {
                report(undeclaredProblem(token, in: entry, top: top, declared: declared), at: place(entry))
            }
            guard entry.kind == .file else { continue }
            if manifest.verbatim.contains(where: { $0.matches(entry.path) }) {
                if checksTokens { checkVerbatimTokens(entry, declared: declared, words: words) }
                continue
            }
            switch TextFileScan(declared: declared, words: words, interruption: interruption).scan(entry.url.path) {
            case .binary:
                if checksTokens, let found = Self.declaredToken(inNonUTF8: entry.url, declared: declared) {
                    report(.tokenInNonUTF8File(path: entry.path, token: found.token, utf16: found.utf16), at: place(entry))
                } else {
                    report(.binaryNotVerbatim(path: entry.path), at: place(entry))
                }
            case .text(let usedHere, let undeclared, let more, let lettingThrough):
                guard checksTokens else { continue }
                used.formUnion(usedHere)
                letThrough.add(lettingThrough, in: entry.path)
                for (line, occurrence) in undeclared {
                    report(
                        undeclaredProblem(occurrence.token, in: entry, top: top, declared: declared),
                        at: place(entry, line: line, column: occurrence.column)
                    )
                }
                if more > 0 { report(.moreUndeclaredTokens(more), at: place(entry)) }
            case .unreadable:
                continue   // a mode its owner cannot read is warned about; a FIFO is refused by the trial
            case .interrupted:
                return
            }
        }
        // What is used nowhere cannot be told while a folder could not be read.
        guard complete else { return }
        // A bool or a choice may decide only which paths are generated, and stamp nothing.
        used.formUnion(manifest.includeIf.flatMap { $0.condition.names.map(\.name) })
        // A token in a `rename` target stamps the name a file is written under.
        for target in manifest.rename.values {
            used.formUnion(manifest.placeholders.map(\.name).filter { target.contains(TokenGrammar.token(named: $0)) })
        }
        // A task reads values from its environment (`$DUO_NEW_API_KEY`), in its command or in a
        // script of the tree the command names (`sh Tools/setup.sh`).
        let taskTexts = manifest.tasks.flatMap { [$0.run] + Self.scripts(named: $0.run, in: entries) }
        used.formUnion(manifest.placeholders.map(\.name).filter { name in taskTexts.contains { SetupTask.reads(name, in: $0) } })
        // A value read by another's `value`, `default-from` or `ask-if` is used through it.
        used.formUnion(manifest.placeholders.flatMap { PlaceholderOrder.dependencies(of: $0).map(\.name) })
        for placeholder in manifest.placeholders where !used.contains(placeholder.name) {
            report(.unusedToken(placeholder.name), at: top.locations.placeholders[placeholder.name] ?? top.locations.root)
        }
        guard checksTokens else { return }
        for found in NextStepsRule.changesIntoAValue(manifest.nextSteps, declared: declared, words: words) {
            report(.nextStepsFolderFromValue(folder: found.folder, fix: found.fix), at: top.locations.nextStepsLines.indices.contains(found.line) ? top.locations.nextStepsLines[found.line] : top.locations.root)
        }
        for (word, location) in zip(top.manifest.notTokens, top.locations.notTokens) where letThrough.files[word] == nil {
            report(.notTokenMatchesNothing(word), at: location)
        }
        if let note = letThrough.note(words: words) { diagnostics.append(Diagnostic(.note, at: top.locations.root, note)) }
    }

    /// The text of each file of the tree that a word of `run` names (`Tools/setup.sh`,
    /// `./setup.sh`), as a task would run it; a file larger than `scriptLimit` is not read.
    static func scripts(named run: String, in entries: [TemplateEntry]) -> [String] {
        scriptEntries(named: run, in: entries).map(\.text)
    }

    /// `scripts(named:in:)` with the entry each text was read from.
    static func scriptEntries(named run: String, in entries: [TemplateEntry]) -> [(entry: TemplateEntry, text: String)] {
        let words = run.split(whereSeparator: { " \t\n;&|()<>".contains($0) }).map { word in
            let bare = word.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return bare.hasPrefix("./") ? String(bare.dropFirst(2)) : bare
        }
        return entries.compactMap { entry in
            guard entry.kind == .file, words.contains(entry.path),
                  let size = (try? entry.url.resourceValues(forKeys: [.fileSizeKey]))?.fileSize, size <= scriptLimit,
                  let data = try? Data(contentsOf: entry.url)
            else { return nil }
            return (entry, String(decoding: data, as: UTF8.self))
        }
    }

    /// The largest script `scripts(named:in:)` reads: a task's script is small.
    static let scriptLimit = 1 << 20

    /// An undeclared token: the recipe's own, or one in a layer's file that this recipe lacks;
    /// with the declared token it was probably meant to be, when one is close.
    private func undeclaredProblem(_ token: String, in entry: TemplateEntry, top: TreeSource, declared: [String]) -> LintProblem {
        let meant = TokenGrammar.likelyMeant(token, declared: declared)
        guard let layer = entry.layer else { return .undeclaredToken(token, meant: meant) }
        return .undeclaredLayerToken(token, recipe: top.name, layer: layer, manifest: top.manifestDisplay, meant: meant)
    }

    // MARK: - Checks

    private mutating func checkCommands(_ entries: [TemplateEntry], manifest: Manifest, locations: ManifestLocations) {
        let lookup = { (path: String) -> CheckCommandRule.Entry? in
            entries.first { $0.path == path }.map { entry in
                switch entry.kind {
                case .file: .file(executable: entry.isExecutable)
                case .folder: .folder
                default: .other
                }
            }
        }
        for (index, problem) in CheckCommandRule.problems(manifest.checks, lookup: lookup) where index < locations.checkRuns.count {
            report(problem, at: locations.checkRuns[index])
        }
        for (index, problem) in CheckCommandRule.problems(tasks: manifest.tasks, lookup: lookup) where index < locations.taskRuns.count {
            report(problem, at: locations.taskRuns[index])
        }
    }

    /// The first word of a check's command when it names a file inside the project (`Tools/x.sh`);
    /// nil for a command found on PATH (`sh`, `swift`) or an absolute path.
    static func relativeCommand(_ run: String) -> String? {
        guard let first = run.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first else { return nil }
        guard first.contains("/"), !first.hasPrefix("/"), !first.hasPrefix("~"), !first.hasPrefix("$") else { return nil }
        return String(first)
    }

    // MARK: - Reporting

    func place(_ entry: TemplateEntry, line: Int = 1, column: Int = 1) -> SourceLocation {
        SourceLocation(file: "\(entry.treeDisplay)/\(DisplayPath.escaped(entry.path))", line: line, column: column)
    }

    mutating func report(_ problem: LintProblem, at location: SourceLocation) {
        diagnostics.append(Diagnostic(problem.severity, at: location, problem.message))
    }
}
