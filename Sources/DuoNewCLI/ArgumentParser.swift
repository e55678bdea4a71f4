import DuoNewCore
import DuoNewKit

/// Parses duo-new's command line by the command table (`CommandTable.duoNew`), the way
/// swift-argument-parser would: `--opt value` and `--opt=value`, `--` ends options, a misspelt
/// option gets a suggestion, and `--help` and `--version` win over everything else.
enum ArgumentParser {
    static let table = CommandTable.duoNew

    /// A command line parsed as far as it goes: a whole invocation, or a generation that lacks
    /// positionals (what a prompter may ask for).
    enum Outcome: Equatable {
        case invocation(Invocation)
        /// What was given (missing positionals empty), and the positionals missing, in order.
        case incomplete(GenerateRequest, missing: [PositionalSpec])
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        switch try parseReportingMissing(arguments) {
        case .invocation(let invocation): return invocation
        case .incomplete(_, let missing):
            throw missing.first.map { UsageError.missing($0, of: CommandTable.generate.name) } ?? .missingArgument(name: "")
        }
    }

    /// Parses `arguments`; a generation that lacks positionals is reported as such, not refused.
    static func parseReportingMissing(_ arguments: [String]) throws(UsageError) -> Outcome {
        // Like swift-argument-parser, --help and --version win over everything else, errors included.
        let options = arguments.prefix { $0 != "--" }
        if options.contains(where: { table.longName(of: $0) == "--help" }) { return .invocation(.help(command: command(in: arguments))) }
        if options.contains("--version") { return .invocation(.version) }

        let scan = try CommandLineScan(arguments, table: table)
        let values = try ParsedValues(scan.given)
        var words = scan.words
        let explicit = words.first.flatMap { table.command(named: $0) }
        if explicit != nil { words.removeFirst() }
        let spec = explicit ?? table.generation
        if spec.name == CommandTable.defaultCommand {
            return try generation(words, values: values, named: explicit != nil)
        }
        try refuseOptions(scan.given, command: spec)
        try checkCount(words, command: spec)
        return .invocation(try invocation(spec, words: words, values: values))
    }

    /// The command word of a command line (`list`, `lint`, `schema`, `help`), or nil when it
    /// generates a project (`generate`, or no command word).
    static func command(in arguments: [String]) -> String? {
        CommandLineScan.commandWord(in: arguments, table: table).flatMap { $0 == CommandTable.defaultCommand ? nil : $0 }
    }

    // MARK: - Commands

    /// A generation: too few positionals are reported first (the first word may be a misspelt
    /// command word: `duo-new lsit`), then too many, then options it does not take.
    private static func generation(_ words: [String], values: ParsedValues, named: Bool) throws(UsageError) -> Outcome {
        let positionals = table.generation.positionals
        var request = values.request
        let given = words + Array(repeating: "", count: max(0, positionals.count - words.count))
        request.recipe = given[0]
        request.appName = given[1]
        request.bundleID = given[2]
        request.folder = given[3]
        if words.count < positionals.count {
            if !named, let first = words.first, let command = NameSuggestion.closest(to: first, among: table.commandWords) {
                throw .unknownCommand(first, suggestion: command)
            }
            return .incomplete(request, missing: Array(positionals[words.count...]))
        }
        if words.count > positionals.count { throw .unexpectedArgument(words[positionals.count]) }
        try refuseOptions(values.given, command: table.generation)
        if let empty = words.firstIndex(where: \.isEmpty), empty != 1, empty != 2 {
            // An empty AppName or bundle id breaks a naming rule (65); an empty recipe or folder names nothing.
            throw .emptyArgument(name: positionals[empty].name)
        }
        return .invocation(.generate(request))
    }

    /// The invocation of a command other than generation, its options and counts already checked.
    private static func invocation(_ command: CommandSpec, words: [String], values: ParsedValues) throws(UsageError) -> Invocation {
        let request = values.request
        switch command.name {
        case "help":
            guard let topic = words.first else { return .help(command: nil) }
            guard Help.topics.contains(topic) else {
                // A slip from a command word is that command; anything else may be a recipe,
                // which only the catalog can tell (`RecipeHelp`).
                if let command = NameSuggestion.closest(to: topic, among: Help.topics) { throw .unknownHelpTopic(topic, suggestion: command) }
                return .recipeHelp(topic, values.common)
            }
            return .help(command: topic == CommandTable.defaultCommand ? nil : topic)
        case "completions":
            let names = Completions.Shell.allCases.map(\.rawValue)
            guard let shell = Completions.Shell(rawValue: words[0]) else {
                throw .unknownShell(words[0], suggestion: NameSuggestion.closest(to: words[0], among: names))
            }
            return .completions(shell)
        case "config": return .config
        case "schema": return .schema(layer: values.common.layerSchema)
        case "list": return .list(values.common)
        case "lint": return .lint(folders: words, options: values.common)
        case "check":
            return .check(CheckRequest(
                folder: words.first ?? ".", common: values.common, checkTimeout: request.checkTimeout,
                optInChecks: request.optInChecks, requireAll: request.requireAll, picturesFolder: request.picturesFolder
            ))
        default:
            return .update(UpdateRequest(
                folder: words.first ?? ".", common: values.common, dryRun: request.dryRun, settings: request.settings,
                allowDowngrade: request.allowDowngrade, conflictsBeside: request.conflictsBeside
            ))
        }
    }

    // MARK: - The table's rules

    /// The first option given that `command` does not take.
    private static func refuseOptions(_ given: [CommandLineScan.GivenOption], command: CommandSpec) throws(UsageError) {
        if let option = given.first(where: { !command.takes($0.name) && !table.globalOptions.contains($0.name) }) {
            throw .optionNotApplicable(option: option.name, command: command.name)
        }
    }

    /// As many words as `command`'s positionals take: none missing, none left over.
    private static func checkCount(_ words: [String], command: CommandSpec) throws(UsageError) {
        let takesRest = command.positionals.last?.repeats == true
        if !takesRest, words.count > command.positionals.count { throw .unexpectedArgument(words[command.positionals.count]) }
        if let missing = command.positionals.dropFirst(words.count).first(where: \.required) {
            throw .missing(missing, of: command.name)
        }
    }
}
