import Foundation
import Testing
@testable import DuoNewCLI

/// The parser driven by the command table, in-process: the same command lines give the same
/// invocations and the same usage errors as before the table, and a generation short of
/// positionals is reported with exactly what it lacks.
@Suite("Command table: the parser")
struct CommandTableParserTests {
    /// The invocation, or the usage error a run reports (a generation short of positionals,
    /// with no prompt and no `--defaults`, lacks the first).
    private func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        switch ArgumentParser.parse(arguments).outcome {
        case .success(.invocation(let invocation)): return invocation
        case .success(.incomplete(_, let missing)): throw .missing(missing[0], of: CommandTable.generate.name)
        case .failure(let error): throw error
        }
    }

    private func error(_ arguments: [String]) -> UsageError? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func generationWithOrWithoutTheCommandWord() throws {
        let bare = try parse(["basic", "Sitter", "com.example.sitter", "out", "--set=greeting=Hi", "--dry-run", "-q", "--check-timeout", "5"])
        let named = try parse(["generate", "basic", "Sitter", "com.example.sitter", "out", "--set", "greeting=Hi", "--dry-run", "--quiet", "--check-timeout=5"])
        #expect(bare == named)
        guard case .generate(let request) = bare else { Issue.record("\(bare)"); return }
        #expect(request.recipe == "basic" && request.appName == "Sitter" && request.bundleID == "com.example.sitter" && request.folder == "out")
        #expect(request.settings == [.init(key: "greeting", value: "Hi")])
        #expect(request.dryRun && request.common.quiet && request.checkTimeout == 5)
    }

    /// Short switches may be written together, as swift-argument-parser and `ls -la` take them:
    /// `-qy` is `-q -y`; a word whose letters are not all switches is refused whole.
    @Test func shortSwitchesWrittenTogetherAreEachGiven() throws {
        guard case .generate(let request) = try parse(["basic", "Sitter", "com.example.sitter", "out", "-qy"]) else { Issue.record(); return }
        #expect(request.common.quiet && request.useDefaults)
        #expect(try parse(["-hq"]) == .help(command: nil))
        #expect(error(["basic", "Sitter", "com.example.sitter", "out", "-qz"])?.message == "unknown option '-qz'")
    }

    @Test func doubleDashEndsTheOptions() throws {
        guard case .generate(let request) = try parse(["basic", "Sitter", "com.example.sitter", "--", "-odd"]) else { Issue.record(); return }
        #expect(request.folder == "-odd")
    }

    @Test("usage errors keep their messages", arguments: [
        (["basic", "A", "b.c", "out", "--dry-rn"], "unknown option '--dry-rn'; did you mean '--dry-run'?"),
        (["basic", "A", "b.c", "out", "--set"], "missing value for '--set'"),
        // A single letter: its short option in the other case, else the one long option it starts.
        (["list", "-Q"], "unknown option '-Q'; did you mean '-q'?"),
        (["list", "-v"], "unknown option '-v'; did you mean '--version'?"),
        (["list", "-j"], "unknown option '-j'; did you mean '--json'?"),
        (["list", "-n"], "unknown option '-n'"),
        (["basic", "A", "b.c", "out", "--templates="], "missing value for '--templates'"),
        (["basic", "A", "b.c", "out", "--json=yes"], "'--json' takes no value"),
        (["basic"], "missing <AppName>; give the app's name, letters and digits such as Sitter"),
        (["generate", "lsit"], "missing <AppName>; give the app's name, letters and digits such as Sitter"),
        (["lsit"], "unknown command 'lsit'; did you mean 'list'?"),
        (["basic", "A", "b.c", "out", "extra"], "unexpected argument 'extra'"),
        (["", "A", "b.c", "out"], "<recipe> is empty"),
        (["basic", "A", "b.c", "out", "--names"], "'--names' does not apply to 'generate'"),
        (["list", "--dry-run"], "'--dry-run' does not apply to 'list'"),
        (["list", "extra"], "unexpected argument 'extra'"),
        (["list", "--json", "--names"], "'--json' and '--names' cannot be given together; choose one"),
        (["list", "--set-keys", "example-hello", "--json"], "'--json' and '--set-keys' cannot be given together; choose one"),
        (["list", "--names", "--opt-in-checks", "example-hello"], "'--names' and '--opt-in-checks' cannot be given together; choose one"),
        (["lint"], "missing <template-dir>; name at least one recipe folder to lint"),
        (["lint", "x", "--names"], "'--names' does not apply to 'lint'"),
        (["completions"], "missing <shell>; choose 'bash', 'zsh' or 'fish'"),
        (["completions", "tcsh"], "no completions for the shell 'tcsh'; choose 'bash', 'zsh' or 'fish'"),
        (["completions", "bash", "--json"], "'--json' does not apply to 'completions'"),
        (["config", "x"], "unexpected argument 'x'"),
        (["schema", "--quiet"], "'--quiet' does not apply to 'schema'"),
        (["help", "lnit"], "no help on 'lnit'; did you mean 'lint'?"),
        (["help", "lint", "x"], "unexpected argument 'x'"),
        (["check", "--dry-run"], "'--dry-run' does not apply to 'check'"),
        (["check", "a", "b"], "unexpected argument 'b'"),
        (["update", "--trust"], "'--trust' does not apply to 'update'"),
        (["update", "--with", "UI tests"], "'--with' does not apply to 'update'"),
        (["list", "--check-timeout", "0"], "'--check-timeout 0' is not a whole number of seconds from 1 to 86400"),
        (["update", "--set", "greeting"], "'--set greeting' is not KEY=VALUE; write it as '--set KEY=VALUE', such as '--set greeting=Hi' for example-hello"),
    ] as [([String], String)])
    func usageError(arguments: [String], message: String) {
        #expect(error(arguments)?.message == message, "\(arguments)")
    }

    @Test func helpAndVersionWin() throws {
        #expect(try parse(["--bogus", "lint", "--help"]) == .help(command: "lint"))
        #expect(try parse(["generate", "-h"]) == .help(command: nil))
        guard case .recipeHelp("example-hello", _) = try parse(["example-hello", "--help"]) else { Issue.record("RECIPE --help is the recipe's help"); return }
        guard case .recipeHelp("example-hello", _) = try parse(["generate", "example-hello", "Hi", "-h"]) else { Issue.record(); return }
        #expect(try parse(["help", "update"]) == .help(command: "update"))
        #expect(try parse(["help", "generate"]) == .help(command: nil))
        #expect(try parse(["list", "--version", "--bogus"]) == .version)
        #expect(error(["basic", "A", "b.c", "--", "--help"]) == nil, "after --, --help is a folder")
        #expect(try parse(["--templates", "--help"]) == .help(command: nil), "an option is never another option's value")
        #expect(try parse(["update", "--templates", "-h"]) == .help(command: "update"))
        #expect(try parse(["list", "--set", "--version"]) == .version)
        #expect(error(["basic", "A", "b.c", "out", "--templates", "--json"])?.message == "missing value for '--templates'")
        guard case .generate(let request) = try parse(["basic", "A", "b.c", "out", "--templates=-odd"]) else { Issue.record(); return }
        #expect(request.common.templates == "-odd", "a value starting with '-' is given after '='")
    }

    @Test func commandsGetTheirRequests() throws {
        #expect(try parse(["check", "--with", "UI tests", "--require-all", "P"]) == .check(CheckRequest(folder: "P", optInChecks: ["UI tests"], requireAll: true)))
        #expect(try parse(["update"]) == .update(UpdateRequest(folder: ".")))
        #expect(try parse(["update", "P", "--dry-run", "--offline"]) == .update(UpdateRequest(folder: "P", common: CommonOptions(offline: true), dryRun: true)))
        #expect(try parse(["lint", "a", "b", "--json"]) == .lint(folders: ["a", "b"], options: CommonOptions(json: true)))
        #expect(try parse(["list", "--names"]) == .list(CommonOptions(names: true)))
        #expect(try parse(["completions", "fish"]) == .completions(.fish))
    }

    /// A command that may ask at a terminal (an argument, a secret, consent to run a recipe's
    /// commands) takes `--no-input`, so a script can always say it answers nothing.
    @Test func everyCommandThatAsksTakesNoInput() throws {
        for command in [Command.generate, .check, .update] {
            #expect(CommandTable.duoNew.spec(for: command).takes("--no-input"), "\(command.rawValue) may ask, so it takes --no-input")
        }
        #expect(try parse(["update", "P", "--no-input"]) == .update(UpdateRequest(folder: "P", common: CommonOptions(noInput: true))))
    }

    /// What the prompter learns: the positionals missing, in order, and what was given.
    @Test func missingPositionalsAreReported() throws {
        guard case .incomplete(let request, let missing) = try ArgumentParser.parse(["basic", "--set", "a=b", "--templates", "T"]).outcome.get() else {
            Issue.record("not incomplete"); return
        }
        #expect(missing.map(\.name) == ["<AppName>", "<bundle-id>", "<folder>"])
        #expect(request.recipe == "basic" && request.common.templates == "T" && request.settings == [.init(key: "a", value: "b")])
        guard case .incomplete(_, let all) = try ArgumentParser.parse(["generate", "--no-test"]).outcome.get() else { Issue.record(); return }
        #expect(all.map(\.name) == ["<recipe>", "<AppName>", "<bundle-id>", "<folder>"])
        guard case .invocation(.generate) = try ArgumentParser.parse(["basic", "A", "b.c", "out"]).outcome.get() else { Issue.record("complete"); return }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["lsit"]).outcome.get() }
    }

    @Test func commandWordSkipsOptionValues() {
        #expect(ArgumentParser.parse(["--templates", "lint", "list"]).usageCommand == "list")
        #expect(ArgumentParser.parse(["--templates=x", "lint"]).usageCommand == "lint")
        #expect(ArgumentParser.parse(["generate", "x"]).usageCommand == nil)
        #expect(ArgumentParser.parse(["--", "check"]).usageCommand == "check")
    }
}
