import DuoNewCore
import Foundation

/// `include-if` in lint: every path it names is in the tree, and the trial generation runs
/// under every combination of the bool and choice values (or a deterministic sample of them).
extension LintPass {
    /// A path a manifest names under `include-if` that no entry of the tree has.
    mutating func checkConditionPaths(_ entries: [TemplateEntry], sources: [TreeSource]) {
        for (problem, location) in ConditionPathRule.problems(sources: sources, paths: Set(entries.map(\.path))) {
            report(problem, at: location)
        }
    }

    /// One trial per combination, in order, stopping at the first that fails: its findings
    /// name the values it was tried with, and the author fixes that before the next.
    mutating func runTrials(recipeTree: RecipeTree, listing: TreeListing, manifest: Manifest) {
        let top = recipeTree.top
        let combinations = ValueCombinations(placeholders: manifest.placeholders)
        if combinations.isSampled {
            report(.combinationsSampled(tried: combinations.combinations.count, of: combinations.total), at: top.locations.root)
        }
        for combination in combinations.combinations {
            let findings = TrialGeneration.run(
                recipeTree: recipeTree, listing: listing, manifest: manifest, combination: combination, interruption: interruption
            )
            for finding in findings {
                let location = finding.path.map {
                    SourceLocation(file: "\(recipeTree.sources[finding.origin].treeDisplay)/\($0)", line: finding.line, column: finding.column)
                } ?? finding.location ?? finding.placeholder.flatMap { top.locations.expressions[$0]?.condition ?? top.locations.placeholders[$0] }
                    ?? finding.renamed.flatMap { top.locations.rename[$0] } ?? top.locations.root
                report(finding.problem, at: location)
            }
            if !findings.isEmpty || interruption?.received != nil { return }
        }
    }
}

extension LintPass {
    /// A verbatim file is never stamped: a declared token in it stays as written, which its
    /// author rarely means (issue 37, problem 2).
    mutating func checkVerbatimTokens(_ entry: TemplateEntry, declared: [String], words: TokenLikeWords) {
        guard case .text(let used, _, _, _) = TextFileScan(declared: declared, words: words, interruption: interruption).scan(entry.url.path) else { return }
        for token in used.sorted() {
            report(.tokenInVerbatimFile(path: entry.path, token: TokenGrammar.token(named: token)), at: place(entry))
        }
    }

    /// A file that is not UTF-8 text is copied byte for byte: a declared token its bytes hold, as
    /// ASCII (a Latin-1 or Windows-1252 text) or as UTF-16 either way round (a Windows `.rc`, an
    /// old `.strings`), is never stamped. The first such token, by name; nil when it holds none.
    static func declaredToken(inNonUTF8 url: URL, declared: [String]) -> (token: String, utf16: Bool)? {
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
        for name in declared.sorted() {
            let token = TokenGrammar.token(named: name)
            if data.range(of: Data(token.utf8)) != nil { return (token, false) }
            let littleEndian = Data(token.utf8.flatMap { [$0, 0] })
            let bigEndian = Data(token.utf8.flatMap { [0, $0] })
            if data.range(of: littleEndian) != nil || data.range(of: bigEndian) != nil { return (token, true) }
        }
        return nil
    }

    /// Variants of a file (`rename`) must never be written together: each clash names both
    /// files and the values under which both would be, at the `rename` entry.
    mutating func checkVariants(_ entries: [TemplateEntry], manifest: Manifest, locations: ManifestLocations) {
        let files = Set(entries.filter { $0.kind != .folder }.map(\.path))
        for path in manifest.rename.keys.sorted() where !files.contains(path) {
            let target = RenameEntry.reversedTarget(of: path, rename: manifest.rename, files: files)
            report(.renamedPathMissing(path, reversedOf: target), at: locations.rename[path] ?? locations.root)
        }
        for clash in VariantProof.clashes(manifest: manifest, files: files) {
            let values = clash.values.keys.sorted().map { "\($0) = \(clash.values[$0] ?? "")" }
            report(.variantsTogether(renamed: clash.renamed, other: clash.other, target: clash.target, values: values), at: locations.rename[clash.renamed] ?? locations.root)
        }
    }
}
