import DuoNewCore
import Foundation

/// Generation, the one way `duo-new <recipe>`, `update` (staging), lint's trial and the prompt
/// go through it: **prepare** (every refusal, before anything is created) → **plan** → **dry run**
/// or **write** (a progress observer) → the checks, which the caller runs in the written project.
///
/// The refusals come in this order, so a user with several mistakes always hears of the same one
/// first: the recipe is found (66); its manifest and layers load (78); `--with` names its checks
/// (64); its trees are read and fit together (74, 78), and every `include-if` path is in them (78); the AppName and the bundle id keep the
/// name rules (65); no name is too long once stamped (78); the values fit (65, or 64 for an
/// unknown `--set` key); the plan holds (78 for the recipe's fault, 65 for the values'); every
/// check can start (78); the destination can take the project (73).
public enum GenerationPipeline {
    /// What the user asked for.
    public struct Request: Sendable {
        public var recipe: String
        public var appName: String
        public var bundleID: String
        public var folder: String
        /// `--set KEY=VALUE`, in the order given.
        public var settings: [(key: String, value: String)]
        public var checkSelection: CheckSelection
        /// The user's config, whose `set` values go before the command line's.
        public var config: UserConfig
        public var workingDirectory: String
        /// `--replace`: a project duo-new generated in `folder` is moved aside (`ProjectReplacement`).
        public var replace = false
        /// `--into-existing`: a folder holding other files takes the project beside them, when it
        /// writes none of them (`GenerationDestination`).
        public var intoExisting = false
        /// The day `from: year` and `from: date` stamp; nil for `GenerationClock`'s, from the
        /// clock. Tests fix it.
        public var today: CalendarDay?
        /// The process's environment, where a secret placeholder's `env` variable is read.
        public var environment: [String: String] = [:]

        public init(
            recipe: String, appName: String, bundleID: String, folder: String, settings: [(key: String, value: String)] = [],
            checkSelection: CheckSelection = CheckSelection(), config: UserConfig = UserConfig(path: ""), workingDirectory: String
        ) {
            self.recipe = recipe
            self.appName = appName
            self.bundleID = bundleID
            self.folder = folder
            self.settings = settings
            self.checkSelection = checkSelection
            self.config = config
            self.workingDirectory = workingDirectory
        }
    }

    /// Everything decided, nothing created: what `dryRun` and `write` take.
    public struct Prepared: Sendable {
        public var recipe: LoadedRecipe
        public var values: [String: String]
        public var plan: Plan
        public var destination: Destination
        /// How diagnostics name each tree (`Templates/<recipe>/template`), in `RecipeTree` order.
        public var treePaths: [String]
        /// With `--replace` over a project duo-new generated: where the old one goes.
        public var replacement: ProjectReplacement?

        public init(
            recipe: LoadedRecipe, values: [String: String], plan: Plan, destination: Destination, treePaths: [String],
            replacement: ProjectReplacement? = nil
        ) {
            self.recipe = recipe
            self.values = values
            self.plan = plan
            self.destination = destination
            self.treePaths = treePaths
            self.replacement = replacement
        }
    }

    /// Every refusal, in the order above; nothing is created.
    public static func prepare(_ request: Request, catalog: TemplateCatalog) throws(GenerationFailure) -> Prepared {
        let recipe = try RecipeLoading.load(request.recipe, catalog: catalog, workingDirectory: request.workingDirectory)
        let manifest = recipe.manifest
        if let unknown = request.checkSelection.unknownOptIn(in: manifest.checks, recipe: manifest.name) {
            throw GenerationFailure(.usage, unknown)
        }
        let listing = try RecipeLoading.readListing(recipe, recipe: request.recipe)
        try checkConditionPaths(recipe, listing: listing, name: request.recipe)
        // Values and plan are worked out before the names are checked, but their refusals are
        // reported after the AppName's and the bundle id's, in the order the checks have always had.
        let values = Result { () throws(GenerationFailure) -> [String: String] in try resolveValues(request, manifest: manifest) }
        let planned = values.flatMap { values in
            Result { () throws(GenerationFailure) -> Plan in
                try Self.plan(listing: listing, recipe: recipe, values: values, name: request.recipe, given: givenKeys(request, manifest: manifest))
            }
        }
        try checkNames(appName: request.appName, bundleID: request.bundleID, recipe: recipe)
        try checkLengths(recipe, listing: listing, name: request.recipe)
        let resolved = try values.get()
        let writes = try planned.get()
        try checkCommands(recipe, plan: writes, name: request.recipe)
        let (destination, replacement) = try inspectDestination(request, catalog: catalog, recipe: recipe, plan: writes)
        return Prepared(
            recipe: recipe, values: resolved, plan: writes, destination: destination, treePaths: recipe.tree.sources.map(\.treeDisplay),
            replacement: replacement
        )
    }

    /// Where the project goes (`GenerationDestination`): outside the templates folder and the
    /// recipe's, and, in a folder it shares, over nothing that is there.
    private static func inspectDestination(
        _ request: Request, catalog: TemplateCatalog, recipe: LoadedRecipe, plan: Plan
    ) throws(GenerationFailure) -> (Destination, ProjectReplacement?) {
        let found = try GenerationDestination.inspect(
            request.folder, workingDirectory: request.workingDirectory, forbiddenRoots: [catalog.root.path] + recipe.tree.sources.map(\.folder.path),
            replace: request.replace, intoExisting: request.intoExisting
        )
        try GenerationDestination.refuseOverlap(found.0, plan: plan, shownAs: request.folder)
        return found
    }

    /// The plan of `listing` with `values`: the recipe's fault (78: its tree, or names its own
    /// values make unusable) or the values' (65).
    /// `given`: the `--set` keys the user gave, to tell the recipe's values from theirs (nil:
    /// not known, every `--set` value counts as theirs).
    public static func plan(
        listing: TreeListing, recipe: LoadedRecipe, values: [String: String], name: String, given: Set<String>? = nil
    ) throws(GenerationFailure) -> Plan {
        do {
            return try Planner.plan(listing: listing, manifest: recipe.manifest, values: values)
        } catch {
            // A `rename` entry's problem is shown at its place in the manifest, as lint shows it.
            let places = recipe.tree.top.locations.rename
            let stubborn = error.isTemplateProblem ? [] : pathsWhateverTheValues(error, listing: listing, recipe: recipe, values: values, given: given)
            let diagnostics = error.problems.map { problem in
                guard case .renamedPathMissing(let path, _) = problem else {
                    // The user gave none of the values at fault, or none of theirs mends it:
                    // "choose a value" alone would mislead.
                    if problem.isMadeByRecipe(recipe.manifest, given: given) {
                        return Diagnostic.error(problem.message + " (the value is the recipe's own, its 'value' or a default nobody replaced, so the recipe is at fault)")
                    }
                    let whatever = problem.path.map(stubborn.contains) == true
                    return Diagnostic.error(problem.message + (whatever ? " (no value mends it: the recipe's own text makes it, so the recipe is at fault)" : ""))
                }
                return Diagnostic.error(at: places[path], problem.message)
            }
            if error.isTemplateProblem {
                throw GenerationFailure(.brokenRecipe, "the recipe '\(name)' has a broken tree (\(recipe.tree.top.treeDisplay))", diagnostics: diagnostics)
            }
            if error.isRecipesFault(recipe.manifest, given: given) || !stubborn.isEmpty {
                throw GenerationFailure(.brokenRecipe, "the recipe '\(name)' makes names that cannot be written \(stubborn.isEmpty ? "with its own values" : "whatever the values"); 'duo-new lint' shows where", diagnostics: diagnostics)
            }
            throw GenerationFailure(.badValue, "the values do not fit this recipe's file names", diagnostics: diagnostics)
        }
    }

    /// The tree paths of `error`'s problems that no value of the user's mends: planned again with
    /// lint's samples (`TrialGeneration`) in place of the AppName, the bundle id and each value
    /// the user chose, with the derived values worked out again, the same path is still refused
    /// (`ORG + '/x'` in a file name holds a '/' whatever `ORG` is). A choice or a bool keeps its
    /// value: it is one the recipe offers, and picks the files planned.
    static func pathsWhateverTheValues(
        _ error: PlanError, listing: TreeListing, recipe: LoadedRecipe, values: [String: String], given: Set<String>?
    ) -> Set<String> {
        let manifest = recipe.manifest
        var names = values
        for placeholder in manifest.placeholders {
            switch placeholder.source {
            case .appName: names[placeholder.name] = TrialGeneration.sampleAppName(besides: listing)
            case .bundleID: names[placeholder.name] = TrialGeneration.sampleBundleID
            default: break
            }
        }
        do {
            _ = try Planner.plan(listing: listing, manifest: manifest, values: PlaceholderValues.sampled(names, manifest: manifest, given: given))
            return []
        } catch let sampled {
            return Set(error.problems.compactMap(\.path)).intersection(sampled.problems.compactMap(\.path))
        }
    }

    /// AppName and bundle id, against every tree of the recipe (its layers' too): typed, asked,
    /// or read from a project's record by `update`.
    static func checkNames(appName: String, bundleID: String, recipe: LoadedRecipe) throws(GenerationFailure) {
        let names = NameContext.scan(recipe: recipe.tree, manifest: recipe.manifest, appName: appName)
        do {
            try NameRules.checkAppName(appName, context: names)
            if recipe.manifest.takesBundleID || !bundleID.isEmpty {
                try NameRules.checkBundleID(bundleID, suffixes: recipe.manifest.bundleIDSuffixes)
            }
        } catch {
            throw GenerationFailure(error)
        }
    }

    /// A name too long once stamped with the longest values the rules allow is the recipe's error,
    /// as `lint` says (78); checked before planning, so that a long `--set` value alone is the user's (65).
    private static func checkLengths(_ recipe: LoadedRecipe, listing: TreeListing, name: String) throws(GenerationFailure) {
        // Read once: `manifest.excludes` would build this list again for every entry.
        let excluded = recipe.manifest.excludedGlobs
        let entries = listing.entries.filter { entry in !excluded.contains { $0.matches(entry.path) } }
        let problems = TemplateLinter.lengthProblems(entries.map(\.path), manifest: recipe.manifest)
        guard !problems.isEmpty else { return }
        let origins = Dictionary(entries.map { ($0.path, $0.origin) }, uniquingKeysWith: { first, _ in first })
        let sources = recipe.tree.sources
        throw .brokenRecipe(name, manifestPath: recipe.manifestPath, diagnostics: problems.map { path, problem in
            let tree = sources[min(origins[path] ?? 0, sources.count - 1)].treeDisplay
            return Diagnostic.error(at: SourceLocation(file: "\(tree)/\(path)", line: 1, column: 1), problem.message)
        })
    }

    /// An `include-if` path that names nothing in the tree is the recipe's error, as `lint` says (78).
    private static func checkConditionPaths(_ recipe: LoadedRecipe, listing: TreeListing, name: String) throws(GenerationFailure) {
        guard recipe.tree.sources.contains(where: { !$0.manifest.includeIf.isEmpty }) else { return }
        let problems = ConditionPathRule.problems(sources: recipe.tree.sources, paths: Set(listing.entries.map(\.path)))
        guard !problems.isEmpty else { return }
        throw .brokenRecipe(name, manifestPath: recipe.manifestPath, diagnostics: problems.map { Diagnostic.error(at: $0.location, $0.problem.message) })
    }

    /// A check or a task that could never start is the recipe's error, as `lint` says (78); lint's
    /// trial asks the same of each combination of values it tries.
    static func checkCommands(_ recipe: LoadedRecipe, plan: Plan, name: String) throws(GenerationFailure) {
        // Checks run in the generated project, so their paths are the planned destinations'.
        // A recipe has a few checks and may plan thousands of writes: each path is looked up by
        // a search rather than by building a table of every write for it.
        let locations = recipe.tree.top.locations
        let lookup = { (path: String) -> CheckCommandRule.Entry? in
            guard let write = plan.writes.first(where: { $0.destination == path }) else { return nil }
            switch write.kind {
            case .directory: return .folder
            case .file: return .file(executable: write.mode & 0o111 != 0)
            case .symlink: return .other
            }
        }
        let checks = CheckCommandRule.problems(recipe.manifest.checks, lookup: lookup).map { index, problem in
            Diagnostic.error(at: index < locations.checkRuns.count ? locations.checkRuns[index] : nil, problem.message)
        }
        let tasks = CheckCommandRule.problems(tasks: recipe.manifest.tasks, lookup: lookup).map { index, problem in
            Diagnostic.error(at: index < locations.taskRuns.count ? locations.taskRuns[index] : nil, problem.message)
        }
        guard !(checks + tasks).isEmpty else { return }
        throw .brokenRecipe(name, manifestPath: recipe.manifestPath, diagnostics: checks + tasks)
    }
}
