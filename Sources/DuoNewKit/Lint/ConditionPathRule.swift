import DuoNewCore

/// An `include-if` path must name a file or folder of the tree: a stale entry would choose
/// nothing while its author thinks it does. One rule for lint and generation (78), like
/// `CheckCommandRule`.
enum ConditionPathRule {
    /// Each entry of each tree's manifest whose path is not in `paths` (the combined tree's),
    /// with where it was written.
    static func problems(sources: [TreeSource], paths: Set<String>) -> [(problem: LintProblem, location: SourceLocation)] {
        sources.flatMap { source in
            source.manifest.includeIf.enumerated().compactMap { index, entry -> (problem: LintProblem, location: SourceLocation)? in
                guard !paths.contains(entry.path) else { return nil }
                let location = index < source.locations.includeIf.count ? source.locations.includeIf[index].path : source.locations.root
                // A ported template names the file it makes (`LICENSE`), not the variants `rename` writes there.
                let renamed = source.manifest.rename.filter { $0.value == entry.path }.keys.sorted()
                return (.conditionPathMissing(entry.path, renamedFrom: renamed), location)
            }
        }
    }
}
