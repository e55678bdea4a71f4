@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing

/// A GitHub Actions workflow (`.github/workflows/*.yml`) or action (`action.yml`), read with
/// duo-new's own YAML parser into what the tests run and compare: each job's steps, its
/// environment and shell, and an action's inputs and steps.
struct WorkflowFile {
    /// One entry of a job's or an action's `steps`.
    struct Step {
        var id: String?
        var name: String?
        var run: String?
        var uses: String?
        var condition: String?
        var with: [String: String]
        var env: [String: String]
        var shell: String?

        /// What a failure message calls the step.
        var label: String { id ?? name ?? uses ?? "a step" }
    }

    /// One entry of a workflow's `jobs`.
    struct Job {
        var id: String
        var condition: String?
        var runsOn: String?
        var container: String?
        var shell: String?
        var env: [String: String]
        var steps: [Step]
    }

    let url: URL
    let text: String
    let jobs: [Job]
    /// An action's `inputs`: each name with its `default` ("" when it has none).
    let inputDefaults: [String: String]
    /// An action's `runs.steps`.
    let actionSteps: [Step]

    init(contentsOf url: URL) throws {
        self.url = url
        text = try String(contentsOf: url, encoding: .utf8)
        let root = try #require(try YAMLParser.parse(text), "\(url.path) is empty")
        let top = Self.pairs(root)
        jobs = Self.pairs(top["jobs"]).ordered.map { id, node in
            let job = Self.pairs(node)
            return Job(
                id: id, condition: Self.text(job["if"]), runsOn: Self.text(job["runs-on"]),
                container: Self.text(job["container"]) ?? Self.text(Self.pairs(job["container"])["image"]),
                shell: Self.text(Self.pairs(Self.pairs(job["defaults"])["run"])["shell"]),
                env: Self.strings(job["env"]), steps: Self.steps(job["steps"])
            )
        }
        inputDefaults = Self.pairs(top["inputs"]).ordered.reduce(into: [:]) { defaults, input in
            defaults[input.0] = Self.text(Self.pairs(input.1)["default"]) ?? ""
        }
        actionSteps = Self.steps(Self.pairs(top["runs"])["steps"])
    }

    func job(_ id: String) throws -> Job {
        try #require(jobs.first { $0.id == id }, "\(url.lastPathComponent) has no job '\(id)'; it has \(jobs.map(\.id))")
    }

    func actionStep(_ id: String) throws -> Step {
        try #require(actionSteps.first { $0.id == id }, "\(url.lastPathComponent) has no step with id '\(id)'")
    }

    // MARK: - Reading the tree

    /// A mapping's keys in order, and by name.
    struct Pairs {
        var ordered: [(String, YAMLNode)] = []
        subscript(key: String) -> YAMLNode? { ordered.first { $0.0 == key }?.1 }
    }

    static func pairs(_ node: YAMLNode?) -> Pairs {
        guard let node, case .mapping(let pairs) = node.kind else { return Pairs() }
        return Pairs(ordered: pairs.compactMap { pair in pair.key.scalarValue.map { ($0, pair.value) } })
    }

    /// A scalar's text whatever its YAML type (GitHub reads `true` and `""` as text too).
    static func text(_ node: YAMLNode?) -> String? { node?.scalarValue }

    static func strings(_ node: YAMLNode?) -> [String: String] {
        pairs(node).ordered.reduce(into: [:]) { result, pair in result[pair.0] = text(pair.1) ?? "" }
    }

    static func steps(_ node: YAMLNode?) -> [Step] {
        guard let node, case .sequence(let items) = node.kind else { return [] }
        return items.map { item in
            let step = pairs(item)
            return Step(
                id: text(step["id"]), name: text(step["name"]), run: text(step["run"]), uses: text(step["uses"]),
                condition: text(step["if"]), with: strings(step["with"]), env: strings(step["env"]), shell: text(step["shell"])
            )
        }
    }
}
