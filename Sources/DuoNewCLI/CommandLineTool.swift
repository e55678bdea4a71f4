import DuoNewCore
import DuoNewKit

/// Parses the arguments, runs the command, and returns its exit code.
public enum CommandLineTool {
    /// `rawArguments` are the same arguments as the bytes they were given as; one that is not
    /// UTF-8 is refused (65) before anything else happens (`ArgumentBytes`).
    /// `output`, when given, takes what would go to standard output and error (tests run the
    /// command line in-process this way).
    static func run(arguments: [String], rawArguments: [[UInt8]] = [], context: CommandContext, output: (any Console.Output)? = nil) -> ExitCode {
        let beforeSeparator = arguments.prefix { $0 != "--" }
        let json = beforeSeparator.contains("--json")
        let quiet = beforeSeparator.contains("--quiet") || beforeSeparator.contains("-q")
        let console = Console(json: json, quiet: quiet, environment: context.environment, output: output)

        if let undecodable = ArgumentBytes.firstUndecodable(rawArguments) {
            let message = ArgumentBytes.message(position: undecodable.position, shown: undecodable.shown)
            console.error(console.errorStyle("error:", .red) + " " + message)
            if json {
                var report = GenerationReport()
                report.exitCode = ExitCode.badValue.rawValue
                report.error = message
                console.result(report.encoded())
            }
            return .badValue
        }

        var arguments = arguments
        do {
            arguments = try completed(arguments, context: context, console: console)
        } catch {
            return refuse(error, arguments: arguments, context: context, console: console)
        }

        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            UsageError.report(error.message, command: ArgumentParser.command(in: arguments), on: console)
            if json {
                var report = GenerationReport()
                report.exitCode = ExitCode.usage.rawValue
                report.error = error.message
                console.result(report.encoded())
            }
            return .usage
        }

        switch invocation {
        case .help(let command):
            console.result(Help.text(for: command))
            return .success
        case .recipeHelp(let recipe, let options):
            return RecipeHelp(recipe: recipe, options: options, console: console, context: context).run()
        case .schema(let layer):
            console.result(layer ? LayerManifestSchema.json : ManifestSchema.json)
            return .success
        case .config:
            return ConfigCommand(console: console, context: context).run()
        case .completions(let shell):
            console.result(Completions.script(for: shell))
            return .success
        case .version:
            console.result(Help.version)
            return .success
        case .list(let options) where options.setKeysOf != nil || options.optInChecksOf != nil:
            return CompletionValues(options: options, console: console, context: context).run()
        case .list(let options):
            return ListCommand(options: options, console: console, context: context).run()
        case .lint(let folders, let options):
            let code = LintCommand(folders: folders, options: options, console: console, context: context).run()
            if code != .success, !options.json { LintFolderHint.show(for: folders, workingDirectory: context.workingDirectory, on: console) }
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

    /// A generation's missing arguments, asked for on a terminal (`Prompter`) or taken from the
    /// proposals with `--defaults` (`DefaultAnswers`); `arguments` as they are otherwise.
    private static func completed(_ arguments: [String], context: CommandContext, console: Console) throws(Failure) -> [String] {
        if Prompter.applies(to: arguments, context: context) {
            return try Prompter(context: context, console: console).complete(arguments)
        }
        return try DefaultAnswers(context: context, console: console).complete(arguments) ?? arguments
    }

    /// A generation that could not be completed: a value `--defaults` has no proposal for is
    /// missing, as without it (a usage error); a prompt's refusal is its own message.
    private static func refuse(_ error: Failure, arguments: [String], context: CommandContext, console: Console) -> ExitCode {
        if error.code == .usage, !Prompter.applies(to: arguments, context: context) {
            UsageError.report(error.message, command: nil, on: console)
        } else {
            for line in error.details { console.error(line.rendered) }
            console.error(console.errorStyle("error:", .red) + " " + error.message)
        }
        if arguments.prefix(while: { $0 != "--" }).contains("--json") {
            var report = GenerationReport()
            report.exitCode = error.code.rawValue
            report.error = error.message
            console.result(report.encoded())
        }
        return error.code
    }
}
