import Foundation

/// Generates a recipe once, with sample values, into a temporary folder that is removed after,
/// through the same planner and writer as `duo-new`, and reports every token left behind.
enum TrialGeneration {
    /// What the trial found: a problem, and where (a path in the tree, or nil for the manifest).
    struct Finding: Hashable {
        var problem: LintProblem
        var path: String?
        var line: Int = 1
        var column: Int = 1
    }

    static let sampleAppName = "Sample"
    static let sampleBundleID = "com.example.sample"

    /// Values a user could plausibly give: a short AppName and bundle id, and each setting's
    /// default (or `sample` when it has none).
    static func sampleValues(for manifest: Manifest) -> [String: String] {
        var values: [String: String] = [:]
        for placeholder in manifest.placeholders {
            switch placeholder.source {
            case .appName: values[placeholder.name] = sampleAppName
            case .bundleID: values[placeholder.name] = sampleBundleID
            case .setting(_, let defaultValue, _): values[placeholder.name] = defaultValue ?? "sample"
            }
        }
        return values
    }

    static func run(recipeFolder: URL, manifest: Manifest) -> [Finding] {
        let values = sampleValues(for: manifest)
        let described = manifest.placeholders.map { "\($0.name)=\(values[$0.name] ?? "")" }.joined(separator: ", ")
        let tree = recipeFolder.appendingPathComponent(Manifest.treeFolderName)
        let plan: Plan
        do {
            plan = try Planner.plan(listing: try TreeReader.read(tree: tree), manifest: manifest, values: values)
        } catch let error as PlanError {
            return error.problems.map { problem in
                if case .leftoverTokenInName(let path, let token) = problem {
                    return Finding(problem: .tokenLeftAfterTrial(token, sample: described), path: path)
                }
                return Finding(problem: .trialFailed(reason: problem.message), path: nil)
            }
        } catch {
            return [Finding(problem: .trialFailed(reason: (error as? WriteError)?.message ?? "\(error)"), path: nil)]
        }

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let destination = try Destination.inspect(Self.trialFolderName, workingDirectory: scratch.path)
            let record = GenerationRecord(generator: "duo-new lint", recipe: manifest.name, version: manifest.version, values: values)
            _ = try ProjectWriter(plan: plan, treeRoot: tree, destination: destination, values: values, record: record).write()
            return []
        } catch WriteError.leftoverTokens(let leftovers, _) {
            return TemplateCoordinates.locate(leftovers, tree: tree, values: values).map { leftover in
                Finding(problem: .tokenLeftAfterTrial(leftover.token, sample: described), path: leftover.path, line: leftover.line, column: leftover.column)
            }
        } catch {
            return [Finding(problem: .trialFailed(reason: (error as? WriteError)?.message ?? "\(error)"), path: nil)]
        }
    }

    static let trialFolderName = "trial"
}
