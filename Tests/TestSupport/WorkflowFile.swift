import DuoNewCore
import DuoNewKit
import Foundation

/// A GitHub Actions workflow (`.github/workflows/*.yml`) or action (`action.yml`), read with
/// duo-new's own YAML parser into what the tests run and compare: each job's steps, its
/// environment and shell, and an action's inputs and steps.
package struct WorkflowFile {
    /// One entry of a job's or an action's `steps`.
    package struct Step {
        package var id: String?
        package var name: String?
        package var run: String?
        package var uses: String?
        package var condition: String?
        package var with: [String: String]
        package var env: [String: String]
        package var shell: String?

        package init(
            id: String? = nil, name: String? = nil, run: String? = nil, uses: String? = nil, condition: String? = nil,
            with: [String: String] = [:], env: [String: String] = [:], shell: String? = nil
        ) {
            self.id = id
            self.name = name
            self.run = run
            self.uses = uses
            self.condition = condition
            self.with = with
            self.env = env
            self.shell = shell
        }

        /// What a failure message calls the step.
        package var label: String { id ?? name ?? uses ?? "a step" }
    }

    /// One entry of a workflow's `jobs`.
    package struct Job {
        package var id: String
        package var condition: String?
        package var runsOn: String?
        package var container: String?
        package var shell: String?
        package var env: [String: String]
        package var steps: [Step]
    }

    package let url: URL
    package let text: String
    package let jobs: [Job]
    /// An action's `inputs`: each name with its `default` ("" when it has none).
    package let inputDefaults: [String: String]
    /// An action's `runs.steps`.
    package let actionSteps: [Step]

    package init(contentsOf url: URL) throws {
        self.url = url
        text = try String(contentsOf: url, encoding: .utf8)
        let root = try required(try YAMLParser.parse(text), "\(url.path) is empty")
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

    package func job(_ id: String) throws -> Job {
        try required(jobs.first { $0.id == id }, "\(url.lastPathComponent) has no job '\(id)'; it has \(jobs.map(\.id))")
    }

    package func actionStep(_ id: String) throws -> Step {
        try required(actionSteps.first { $0.id == id }, "\(url.lastPathComponent) has no step with id '\(id)'")
    }

    // MARK: - Reading the tree

    /// A mapping's keys in order, and by name.
    package struct Pairs {
        package var ordered: [(String, YAMLNode)] = []
        package subscript(key: String) -> YAMLNode? { ordered.first { $0.0 == key }?.1 }
    }

    package static func pairs(_ node: YAMLNode?) -> Pairs {
        guard let node, case .mapping(let pairs) = node.kind else { return Pairs() }
        return Pairs(ordered: pairs.compactMap { pair in pair.key.scalarValue.map { ($0, pair.value) } })
    }

    /// A scalar's text whatever its YAML type (GitHub reads `true` and `""` as text too).
    package static func text(_ node: YAMLNode?) -> String? { node?.scalarValue }

    package static func strings(_ node: YAMLNode?) -> [String: String] {
        pairs(node).ordered.reduce(into: [:]) { result, pair in result[pair.0] = text(pair.1) ?? "" }
    }

    package static func steps(_ node: YAMLNode?) -> [Step] {
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
