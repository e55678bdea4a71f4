import DuoNewCore
import DuoNewKit

/// Parses the arguments, runs the command, and returns its exit code.
public enum CommandLineTool {
    /// `rawArguments` are the same arguments as the bytes they were given as; one that is not
    /// UTF-8 is refused (65) before anything else happens (`ArgumentBytes`).
    /// `output`, when given, takes what would go to standard output and error (tests run the
    /// command line in-process this way).
    static func run(arguments: [String], rawArguments: [[UInt8]] = [], context: CommandContext, output: (any Console.Output)? = nil) -> ExitCode {
        // The completion scripts' question: the line typed so far, not a command line to run.
        if arguments.first == CompletionReply.commandWord {
            return complete(Array(arguments.dropFirst()), context: context, output: output)
        }
        let parsed = readingSlip(ArgumentParser.parse(arguments, home: context.environment["HOME"]), context: context)
        let json = parsed.request.common.json
        let console = Console(json: json, quiet: parsed.request.common.quiet, environment: context.environment, output: output)

        let invocation: Invocation
        do throws(CompletionError) {
            if let undecodable = ArgumentBytes.firstUndecodable(rawArguments) {
                throw .refused(CommandFailure(code: .badValue, message: ArgumentBytes.message(position: undecodable.position, shown: undecodable.shown)))
            }
            switch parsed.outcome {
            // A whole command line on a terminal: the `--set` values it needs and lacks are asked for.
            case .success(.invocation(.generate(let request))) where Prompter.applies(to: request, context: context):
                invocation = try completed(request, missing: [], given: parsed.given, context: context, console: console)
            case .success(.invocation(let whole)): invocation = whole
            case .success(.incomplete(let request, let missing)):
                invocation = try completed(request, missing: missing, given: parsed.given, context: context, console: console)
            case .failure(let error): throw CompletionError.usage(error.message)
            }
        } catch {
            let failure: CommandFailure
            switch error {
            case .usage(let message, let line):
                UsageError.report(message, command: parsed.usageCommand, usage: line, on: console)
                failure = CommandFailure(code: .usage, message: message)
            case .refused(let refusal):
                console.report(refusal)
                failure = refusal
            }
            // `{"exitCode", "error"}`: no command's fields, since none ran (a generation's
            // `checks` and `dryRun` after `lint --json` misled).
            if json { console.result(RefusalReport(failure).encoded()) }
            return failure.code
        }

        switch invocation {
        case .help(let command):
            console.result(Help.text(for: command, width: console.width, executablePath: context.executablePath))
            return .success
        case .recipeHelp(let recipe, let options):
            let asOption = parsed.given.contains { $0.name == "--help" }
            return RecipeHelp(recipe: recipe, options: options, console: console, context: context, helpWins: asOption).run()
        case .schema(let layer):
            console.result(layer ? LayerManifestSchema.json : ManifestSchema.json)
            return .success
        case .config:
            return ConfigCommand(console: console, context: context).run()
        case .completions(let shell):
            console.result(CompletionScripts.script(for: shell))
            return .success
        case .version:
            console.result(Help.versionLine)
            return .success
        case .list(let options) where options.setKeysOf != nil || options.optInChecksOf != nil:
            return CompletionValues(options: options, console: console, context: context).run()
        case .list(let options):
            return ListCommand(options: options, console: console, context: context).run()
        case .lint(let folders, let options):
            let code = LintCommand(folders: folders, options: options, console: console, context: context).run()
            if code != .success, !options.json {
                for hint in folders.compactMap({ LintFolderHint.hint(for: $0, workingDirectory: context.workingDirectory) }) {
                    console.error("hint:", .yellow, hint)
                }
            }
            return code
        case .check(let request):
            var command = CheckCommand(request: request, console: console, context: context)
            return command.run()
        case .update(let request):
            var command = UpdateCommand(request: request, console: console, context: context)
            return command.run()
        case .generate(let request):
            var command = GenerateCommand(request: request, console: console, context: context)
            return command.run()
        }
    }

    /// `duo-new int Foo ./Foo` reads as a slip from `lint`, unless a recipe is named `int`, which
    /// only the catalog can tell: then it is that recipe's generation, from the same parse.
    private static func readingSlip(_ parsed: ArgumentParser.Parsed, context: CommandContext) -> ArgumentParser.Parsed {
        guard case .failure(.unknownCommand(let word, _)) = parsed.outcome, let generation = parsed.asGeneration,
              (try? context.catalog(option: parsed.request.common.templates, offline: true).recipeNames().contains(word)) == true else { return parsed }
        var read = parsed
        read.outcome = generation
        return read
    }

    /// Why a command line cannot run: a usage error (shown with the usage line), or an argument
    /// that is not UTF-8, or the prompt's or `--defaults`' own refusal.
    private enum CompletionError: Error {
        /// With the usage line to show, when it is not the command's (a recipe's own).
        case usage(String, usageLine: String? = nil)
        case refused(CommandFailure)
    }

    /// A generation's missing arguments, asked for on a terminal (`Prompter`) or taken from the
    /// proposals with `--defaults` (`DefaultAnswers`), filled into the request the parser made;
    /// none for a whole line on a terminal, whose lacking `--set` values alone are asked for.
    private static func completed(
        _ request: GenerateRequest, missing: [PositionalSpec], given: [CommandLineScan.GivenOption], context: CommandContext, console: Console
    ) throws(CompletionError) -> Invocation {
        var request = request
        var missing = missing
        let prompting = Prompter.applies(to: request, context: context)
        // Known once the recipe is loaded to tell: a recipe without a bundle id has a usage line of its own.
        var takesBundleID: Bool?
        var usageLine: String?
        do throws(CommandFailure) {
            // A recipe without a bundle id takes `<recipe> <AppName> <folder>`, and a path in the
            // bundle id's place is the folder (`PromptAnswers.stillMissing`).
            let still = try PromptAnswers.stillMissing(missing.map(\.name), thirdWord: request.bundleID) { () throws(CommandFailure) in
                let takes = try Prompter(context: context, console: console).takesBundleID(request)
                takesBundleID = takes
                return takes
            }
            if still.thirdWordIsFolder {
                request.folder = request.bundleID
                request.bundleID = ""
            }
            missing = CommandTable.generate.positionals.filter { still.missing.contains($0.name) }
            if prompting {
                // Whole after all (no bundle id to give): only what it needs and lacks is asked, as for any whole line.
                request = try Prompter(context: context, console: console).complete(request, missing: missing)
            } else if request.useDefaults {
                request = try DefaultAnswers(context: context, console: console).complete(request, missing: missing)
            } else if let first = missing.first {
                if takesBundleID == false, first.name == "<folder>" {
                    usageLine = "Usage: duo-new \(request.recipe) <AppName> <folder> [options]"
                    throw CommandFailure(code: .usage, message: UsageError.missingProposable(name: first.name, recipeWithoutBundleID: request.recipe).message)
                }
                throw CommandFailure(code: .usage, message: UsageError.missing(first, of: CommandTable.generate.name).message)
            }
        } catch {
            // What nobody asked for is missing (`--defaults` has no proposal for it): a usage error.
            if error.code == .usage, !prompting { throw .usage(error.message, usageLine: usageLine) }
            throw .refused(error)
        }
        do {
            return try ArgumentParser.completed(request, given: given)
        } catch {
            throw .usage(error.message)
        }
    }

    /// `duo-new __complete SHELL WORD...`: what Tab offers, for the scripts to show; nothing on
    /// standard error and exit 0 whatever the words typed, since a shell shows neither (only a
    /// shell it does not know is refused, as a usage error).
    private static func complete(_ arguments: [String], context: CommandContext, output: (any Console.Output)?) -> ExitCode {
        let console = Console(json: false, quiet: false, environment: context.environment, output: output)
        guard let shell = arguments.first.flatMap(CompletionScripts.Shell.init(rawValue:)) else {
            console.error("error:", .red, "'\(CompletionReply.commandWord)' is asked by the scripts of 'duo-new completions', with a shell (bash, zsh or fish) and the words typed")
            return .usage
        }
        let reply = CompletionReply.reply(to: Array(arguments.dropFirst()), shell: shell, recipes: RecipesOfTheLine(context: context))
        console.result(reply.rendered)
        return .success
    }
}
