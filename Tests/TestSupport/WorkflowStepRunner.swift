import Foundation

/// Runs the `run:` steps of a workflow or action on this machine as GitHub's runner does: each
/// script in a file, given to the step's shell the way the runner calls it (`bash --noprofile
/// --norc -eo pipefail FILE`), with the runner's own files (`GITHUB_OUTPUT`, `GITHUB_ENV`,
/// `GITHUB_PATH`) and `RUNNER_TEMP` in a temporary folder. What GitHub would evaluate first
/// (`${{ … }}` in a step's `env`) the test supplies; a `run:` script holding an expression is
/// refused, since GitHub would paste the value into the script (pass it through `env` instead).
package struct WorkflowStepRunner {
    /// The working directory, as `GITHUB_WORKSPACE`.
    package let workspace: URL
    /// Holds the runner's files and `RUNNER_TEMP`.
    package let runnerFolder: URL
    /// Added to the test's environment for every step.
    package var environment: [String: String]
    /// The value of each `${{ … }}` expression the steps' `env` holds, by its inner text.
    package var expressions: [String: String]

    package init(workspace: URL, environment: [String: String] = [:], expressions: [String: String] = [:]) throws {
        self.workspace = workspace
        runnerFolder = try TestScratch.makeFolder("runner")
        try FileManager.default.createDirectory(at: runnerFolder.appendingPathComponent("temp"), withIntermediateDirectories: true)
        for file in ["output", "env", "path"] {
            FileManager.default.createFile(atPath: runnerFolder.appendingPathComponent(file).path, contents: nil)
        }
        self.environment = environment
        self.expressions = expressions
    }

    package var outputFile: URL { runnerFolder.appendingPathComponent("output") }

    /// Runs one step; a step with no `run:` (one that `uses:` an action) is an error here.
    package func run(_ step: WorkflowFile.Step, defaultShell: String? = nil) throws -> ChildProcess {
        let script = try required(step.run, "step '\(step.label)' has no run: script")
        try required(!script.contains("${{"), "step '\(step.label)' puts an expression into its script; pass it through env")
        let shell = step.shell ?? defaultShell ?? "bash"
        let command: [String]
        switch shell {
        case "bash": command = ["bash", "--noprofile", "--norc", "-eo", "pipefail"]
        case "sh": command = ["sh", "-e"]
        default:
            throw SupportFailure("step '\(step.label)' uses the shell '\(shell)', which these tests do not run")
        }
        let file = runnerFolder.appendingPathComponent("temp/\(UUID().uuidString).sh")
        try script.write(to: file, atomically: true, encoding: .utf8)

        var stepEnvironment = environment
        stepEnvironment["CI"] = "true"
        stepEnvironment["GITHUB_ACTIONS"] = "true"
        stepEnvironment["GITHUB_WORKSPACE"] = workspace.path
        stepEnvironment["RUNNER_TEMP"] = runnerFolder.appendingPathComponent("temp").path
        stepEnvironment["GITHUB_OUTPUT"] = outputFile.path
        stepEnvironment["GITHUB_ENV"] = runnerFolder.appendingPathComponent("env").path
        stepEnvironment["GITHUB_PATH"] = runnerFolder.appendingPathComponent("path").path
        for (name, value) in step.env {
            stepEnvironment[name] = try evaluate(value, in: step)
        }
        return try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), command + [file.path], in: workspace, environment: stepEnvironment, mergingErrors: true)
    }

    /// A step's `env` value with its expressions replaced by the values the test gave.
    package func evaluate(_ value: String, in step: WorkflowFile.Step) throws -> String {
        var result = ""
        var rest = Substring(value)
        while let start = rest.range(of: "${{") {
            result += rest[..<start.lowerBound]
            let end = try required(rest[start.upperBound...].range(of: "}}"), "step '\(step.label)': an unclosed expression in \(value)")
            let expression = rest[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespaces)
            result += try required(expressions[expression], "step '\(step.label)': the test gives no value for ${{ \(expression) }}")
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    /// The `name=value` lines steps wrote to `GITHUB_OUTPUT`.
    package func outputs() throws -> [String: String] {
        try String(contentsOf: outputFile, encoding: .utf8).split(separator: "\n").reduce(into: [:]) { outputs, line in
            guard let equals = line.firstIndex(of: "=") else { return }
            outputs[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
    }
}
