import Foundation
import Testing
@testable import DuoNewCLI

/// Every option of the command table lands in a typed field of its command's request: the table
/// is walked, so an option added to a command without a field that reaches its request fails here.
@Suite("Command table: every option lands in a field")
struct CommandTableBindingTests {
    private let table = CommandTable.duoNew

    /// A command line each command accepts with no option at all.
    private func bare(_ command: Command) -> [String] {
        switch command {
        case .generate: ["generate", "basic", "Sitter", "com.example.sitter", "out"]
        case .list, .schema, .config, .check, .update: [command.rawValue]
        case .lint: ["lint", "recipe"]
        case .completions: ["completions", "bash"]
        case .help: ["help", "some-recipe"]
        }
    }

    /// A value each kind of option takes.
    private func sample(_ kind: OptionSpec.ValueKind) -> String {
        switch kind {
        case .folder: "Some Folder"
        case .file: "some.file"
        case .recipeName: "example-hello"
        case .keyValue: "greeting=Hi"
        case .checkName: "UI tests"
        case .seconds: "30"
        }
    }

    private func invocation(_ arguments: [String]) throws -> Invocation {
        guard case .invocation(let invocation) = try ArgumentParser.parse(arguments).outcome.get() else {
            throw UsageError.missingArgument(name: "\(arguments)")
        }
        return invocation
    }

    @Test func everyOptionOfEveryCommandChangesThatCommandsRequest() throws {
        var walked = 0
        for command in Command.allCases {
            let spec = table.spec(for: command)
            #expect(spec.command == command)
            let without = try invocation(bare(command))
            for option in table.options(of: spec) where !table.globalOptions.contains(option.name) {
                let given = [option.name] + (option.value.map { [sample($0)] } ?? [])
                let with = try invocation(bare(command) + given)
                #expect(with != without, "\(command.rawValue) \(given): the option reached no field of the request")
                walked += 1
            }
        }
        #expect(walked == table.commands.map { $0.options.count }.reduce(0, +))
    }

    /// Only the options that are the invocation itself (`--help`, `--version`) have no field,
    /// and every option one command takes reaches the parser's request.
    @Test func onlyTheGlobalOptionsHaveNoField() {
        for option in table.options {
            if option.binding == .invocation {
                #expect(table.globalOptions.contains(option.name), "\(option.name) sets no field")
            } else {
                #expect(!table.commands(taking: option.name).isEmpty, "\(option.name) is taken by no command")
            }
        }
    }

    /// A generation's request read back through the same bindings is the command line that makes it.
    @Test func aGenerationRequestRendersAsTheCommandLineThatMakesIt() throws {
        var arguments = bare(.generate)
        for option in table.options(of: table.generation) where option.binding != .invocation {
            arguments += [option.name] + (option.value.map { [sample($0)] } ?? [])
        }
        arguments += ["--set", "style=boxed", "--with", "Model tests"]
        let parsed = ArgumentParser.parse(arguments)
        guard case .invocation(.generate(let request)) = try parsed.outcome.get() else { Issue.record("not a generation"); return }
        let rendered = CommandLineRendering.words(of: request)
        guard case .invocation(.generate(let again)) = try ArgumentParser.parse(rendered).outcome.get() else { Issue.record("\(rendered)"); return }
        #expect(again == request)
        #expect(rendered.starts(with: ["--templates", "Some Folder", "--offline", "--set", "greeting=Hi", "--set", "style=boxed"]), "\(rendered)")
        #expect(rendered.suffix(4) == ["basic", "Sitter", "com.example.sitter", "out"])
    }

    @Test func aPositionalStartingWithADashIsRenderedAfterTheSeparator() {
        let request = GenerateRequest(recipe: "basic", appName: "Sitter", bundleID: "com.example.sitter", folder: "-out")
        #expect(CommandLineRendering.shown(request) == "duo-new -- basic Sitter com.example.sitter -out")
    }

    /// A recipe without a bundle id is given three words, not an empty '' for the bundle id.
    @Test func aRequestWithoutABundleIDRendersThreeWords() {
        let request = GenerateRequest(recipe: "example-layered", appName: "Lay", bundleID: "", folder: "./Lay")
        #expect(CommandLineRendering.shown(request) == "duo-new example-layered Lay ./Lay")
    }
}
