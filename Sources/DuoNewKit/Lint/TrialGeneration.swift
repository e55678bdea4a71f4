#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Generates a recipe once, with sample values (and one combination of its bool and choice values), into a temporary folder that is removed after,
/// through the same planner and the same pipeline's writer as `duo-new` (`GenerationPipeline`),
/// and reports every token left behind.
enum TrialGeneration {
    /// What the trial found: a problem, and where (a path in the tree, or nil for the manifest).
    struct Finding: Hashable {
        var problem: LintProblem
        var path: String?
        var line: Int = 1
        var column: Int = 1
        /// The tree `path` is in (`TreeEntry.origin`).
        var origin: Int = 0
        /// For a problem of the manifest: the placeholder whose entry it is at.
        var placeholder: String?
        /// For a problem of a `rename` entry: the file it renames (the entry's key).
        var renamed: String?
        /// Where in the manifest, when the problem already says (a check's `run`).
        var location: SourceLocation?
    }

    static let sampleAppName = "Sample"
    static let sampleBundleID = "com.example.sample"
    static let sampleDay = CalendarDay(year: 2026, month: 1, day: 2)

    /// An AppName no top-level name of the tree already is (a folder `Sample/` beside
    /// `__APP_NAME__/` is no fault of the recipe's: a user's AppName is theirs to choose).
    static func sampleAppName(besides listing: TreeListing) -> String {
        let tops = Set(listing.entries.map { String($0.path.prefix { $0 != "/" }).lowercased() })
        return ([sampleAppName] + (2...9).map { "\(sampleAppName)\($0)" }).first { !tops.contains($0.lowercased()) } ?? sampleAppName
    }

    /// Values a user could plausibly give: a short AppName and bundle id, and each setting's
    /// default (or `sample` when it has none); a `default-from` is left to be worked out from
    /// the others (`PlaceholderValues.derived`), as generation proposes it.
    static func sampleValues(for manifest: Manifest, appName: String = sampleAppName) -> [String: String] {
        var values: [String: String] = [:]
        for placeholder in manifest.placeholders {
            switch placeholder.source {
            case .appName: values[placeholder.name] = appName
            case .bundleID: values[placeholder.name] = sampleBundleID
            case .setting where placeholder.defaultFrom != nil:
                continue
            case .setting(_, let defaultValue, _):
                if case .integer(let minimum, let maximum) = placeholder.type, defaultValue == nil {
                    values[placeholder.name] = String(minimum ?? min(maximum ?? 1, 1))
                } else {
                    values[placeholder.name] = defaultValue ?? PlaceholderValues.sample
                }
            case .generationDay(let form): values[placeholder.name] = sampleDay.text(form)
            case .derived: break
            }
        }
        return values
    }

    /// The name of a trial's temporary folder, before the process id and `mkdtemp`'s letters.
    static let scratchPrefix = "duo-new-lint"

    /// `listing` is the recipe's tree combined with its layers'; `manifest` the effective one;
    /// `combination` the bool and choice values tried this time (`ValueCombinations`), over
    /// the sample values.
    static func run(
        recipeTree: RecipeTree, listing: TreeListing, manifest: Manifest, combination: [String: String] = [:], interruption: Interruption? = nil
    ) -> [Finding] {
        let samples = sampleValues(for: manifest, appName: sampleAppName(besides: listing))
        let values = PlaceholderValues.derived(samples.merging(combination) { _, tried in tried }, manifest: manifest)
        let described = manifest.placeholders.map { "\($0.name)=\(values[$0.name] ?? "")" }.joined(separator: ", ")
        // Which values a failure came with, when the recipe has values that change the tree.
        let with = combination.isEmpty ? "" : " (with \(combination.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")))"
        if let recipeMade = recipeMadeValueProblem(manifest, values: values, combination: combination, with: with)
            ?? twoWordProblem(manifest, combination: combination, with: with) { return [recipeMade] }
        let plan: Plan
        do {
            plan = try Planner.plan(listing: listing, manifest: manifest, values: values)
        } catch {
            return findings(error, listing: listing, manifest: manifest, described: described, with: with)
        }
        let top = recipeTree.top
        let recipe = LoadedRecipe(
            folder: top.folder, manifestPath: top.manifestDisplay, tree: recipeTree, manifest: manifest, checkout: nil,
            source: .folder(given: top.folder.deletingLastPathComponent().path, resolved: top.folder.deletingLastPathComponent().path)
        )
        // A check whose command these values leave out could not start: generation refuses that (78).
        do {
            try GenerationPipeline.checkCommands(recipe, plan: plan, name: top.name)
        } catch {
            // Each at its check's `run`, as generation places it.
            guard !error.diagnostics.isEmpty else { return [Finding(problem: .trialFailed(reason: error.message + with), path: nil)] }
            return error.diagnostics.map { Finding(problem: .trialFailed(reason: $0.message + with), path: nil, location: $0.location) }
        }

        // A lint killed before it could clean up (SIGKILL) is recognised by the next one, which
        // removes what it left.
        guard let scratch = PrivateFolder.makeTemporary(prefix: scratchPrefix) else {
            let temporary = FileManager.default.temporaryDirectory.path
            return [Finding(problem: .trialFailed(reason: "no temporary folder in '\(temporary)': \(POSIX.lastError)"), path: nil)]
        }
        defer { TreeRemover.remove(scratch) }
        let destination: Destination
        do {
            destination = try Destination.inspect(Self.trialFolderName, workingDirectory: scratch)
        } catch {
            return [Finding(problem: .trialFailed(reason: error.message), path: nil)]
        }
        let prepared = GenerationPipeline.Prepared(
            recipe: recipe, values: values, plan: plan, destination: destination, treePaths: recipeTree.sources.map(\.treeDisplay)
        )
        do {
            _ = try GenerationPipeline.write(prepared, generator: "duo-new lint", interruption: interruption)
            return []
        } catch {
            if case .interrupted = error.kind { return [] }   // the caller reports the signal; the writer and the defer above clean up
            guard !error.leftovers.isEmpty else { return [Finding(problem: .trialFailed(reason: error.message + with), path: nil)] }
            return error.leftovers.map { leftover in
                Finding(
                    problem: .tokenLeftAfterTrial(leftover.token, sample: described), path: leftover.path,
                    line: leftover.line, column: leftover.column, origin: leftover.origin
                )
            }
        }
    }

    static let trialFolderName = "trial"

    /// What a plan refused, each at the file it is about, or at the `rename` entry that names
    /// it, else at the manifest; the recipe's own reserved names and `rename` paths lint
    /// reports itself, at their place.
    static func findings(_ error: PlanError, listing: TreeListing, manifest: Manifest, described: String, with: String) -> [Finding] {
        error.problems.filter { problem in
            switch problem {
            case .reservedName, .renamedPathMissing: false
            default: true
            }
        }.map { problem in
            if case .leftoverTokenInName(let path, let token, _) = problem {
                let origin = listing.entries.first { $0.path == path }?.origin ?? 0
                return Finding(problem: .tokenLeftAfterTrial(token, sample: described), path: path, origin: origin)
            }
            var finding = Finding(problem: .trialFailed(reason: problem.message + with), path: nil)
            if let path = problem.path {
                // A file `rename` writes elsewhere, or the name it writes: the entry says why.
                if manifest.rename[path] != nil {
                    finding.renamed = path
                } else if let renamed = manifest.rename.first(where: { $0.value == path })?.key {
                    finding.renamed = renamed
                } else if let entry = listing.entries.first(where: { $0.path == path }) {
                    (finding.path, finding.origin) = (path, entry.origin)
                }
            }
            return finding
        }
    }

    /// A value the recipe works out that generation would refuse, blaming no one the user could
    /// answer for: a derived value breaking the rules every value meets, or a `default-from`
    /// proposal its own placeholder refuses (a bool's or a choice's too, which the combination
    /// sets: its proposal is worked out all the same).
    /// `recipeMadeValueProblem` with an AppName of two words, which `kebab`, `words` and `snake`
    /// split: a proposal or a derived value may break its rule only then (`my-app` against `^[a-z]+$`).
    private static func twoWordProblem(_ manifest: Manifest, combination: [String: String], with: String) -> Finding? {
        let appName = sampleAppName + "App"
        let values = PlaceholderValues.derived(sampleValues(for: manifest, appName: appName).merging(combination) { _, tried in tried }, manifest: manifest)
        let said = (with.isEmpty ? " (with" : String(with.dropLast()) + ",") + " the AppName \(appName))"
        return recipeMadeValueProblem(manifest, values: values, combination: combination, with: said)
    }

    static func recipeMadeValueProblem(_ manifest: Manifest, values: [String: String], combination: [String: String], with: String) -> Finding? {
        for placeholder in manifest.placeholders {
            guard case .derived = placeholder.source, let value = values[placeholder.name],
                  case .failure(let error) = Result(catching: { () throws(NameError) in try NameRules.checkSetting(value, key: placeholder.name, pattern: nil) })
            else { continue }
            return Finding(problem: .trialFailed(reason: error.message + with), path: nil, placeholder: placeholder.name)
        }
        for placeholder in manifest.placeholders {
            guard let expression = placeholder.defaultFrom else { continue }
            let proposed = combination[placeholder.name] == nil ? values[placeholder.name] : expression.evaluate(values)
            guard let value = proposed, case .failure(let error) = Result(catching: { () throws(NameError) in try placeholder.read(value) }) else { continue }
            return Finding(problem: .proposalBreaksRule(token: placeholder.name, value: value, reason: error.message + with), path: nil, placeholder: placeholder.name)
        }
        return nil
    }
}
