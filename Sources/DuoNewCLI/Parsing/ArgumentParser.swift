import DuoNewCore
import DuoNewKit

/// Parses duo-new's command line by the command table (`CommandTable.duoNew`), the way
/// swift-argument-parser would: `--opt value` and `--opt=value`, `--` ends options, a misspelt
/// option gets a suggestion, and `--help` and `--version` win over everything else.
///
/// Each option lands in the field its table entry binds (`OptionBinding`); nothing reads the
/// arguments again. A generation that lacks positionals comes back as its request and what it
/// lacks, for the prompt or `--defaults` to fill in (`completed(_:given:)`).
enum ArgumentParser {
    static let table = CommandTable.duoNew

    /// A command line parsed as far as it goes: a whole invocation, or a generation that lacks
    /// positionals (what a prompter may ask for).
    enum Outcome: Equatable {
        case invocation(Invocation)
        /// What was given (missing positionals empty), and the positionals missing, in order.
        case incomplete(GenerateRequest, missing: [PositionalSpec])
    }

    /// What one parse of the arguments yields: the outcome, and, whatever it is, the options read
    /// (`--json`, `--quiet` say how even a usage error is shown) and the command word typed.
    struct Parsed {
        /// The command the first word names; nil when none is named (a generation).
        let command: Command?
        /// Every option's field, as given; positionals too when it is a generation.
        let request: GenerateRequest
        let given: [CommandLineScan.GivenOption]
        var outcome: Result<Outcome, UsageError>
        /// When `outcome` is a command-word slip (`duo-new int …`, close to `lint`): the same words
        /// read as a generation, for when a recipe of that name exists (only the catalog can tell).
        var asGeneration: Result<Outcome, UsageError>?

        /// The command a usage error is about, for its usage line: nil for a generation.
        var usageCommand: String? { command == .generate ? nil : command?.rawValue }
    }

    /// Parses `arguments` once: every later step reads the result. `home` stands for a `~` the
    /// shell left in a folder's value (`--templates=~/Recipes`).
    static func parse(_ arguments: [String], home: String? = nil) -> Parsed {
        let scan = CommandLineScan(arguments, table: table, home: home)
        var request = GenerateRequest(recipe: "", appName: "", bundleID: "", folder: "")
        var problem = scan.error
        // Every value is checked here (`--check-timeout`, `--set`), whichever command it was given to.
        for option in scan.given {
            do {
                try option.spec.binding.apply(option.value, option: option.name, to: &request)
            } catch {
                if problem == nil { problem = error }
            }
        }
        let command = scan.words.first.flatMap(Command.init(rawValue:))
        let outcome: Result<Outcome, UsageError>
        // Like swift-argument-parser, --help and --version win over everything else, errors included.
        if scan.given.contains(where: { $0.name == "--help" }) {
            // `duo-new RECIPE --help` (or `generate RECIPE --help`) is the recipe's help, as `help RECIPE`.
            let words = command == .generate ? Array(scan.words.dropFirst()) : command == nil ? scan.words : []
            let help = Invocation.help(command: command == .generate ? nil : command?.rawValue)
            outcome = .success(.invocation(words.first.map { .recipeHelp($0, request.common) } ?? help))
        } else if scan.given.contains(where: { $0.name == "--version" }) {
            outcome = .success(.invocation(.version))
        } else if let problem {
            outcome = .failure(problem)
        } else {
            let words = Array(scan.words.dropFirst(command == nil ? 0 : 1))
            outcome = Result { () throws(UsageError) in
                try self.outcome(command ?? .generate, named: command != nil, words: words, request: request, given: scan.given)
            }
        }
        var parsed = Parsed(command: command, request: request, given: scan.given, outcome: outcome)
        if command == nil, case .failure(.unknownCommand) = outcome {
            parsed.asGeneration = Result { () throws(UsageError) in try generation(scan.words, request: request, given: scan.given, named: true) }
        }
        return parsed
    }

    /// A generation whose missing positionals the prompt or `--defaults` filled in, checked by
    /// the rules a whole command line meets: the options it takes, no empty recipe or folder.
    static func completed(_ request: GenerateRequest, given: [CommandLineScan.GivenOption]) throws(UsageError) -> Invocation {
        try refuseOptions(given, command: table.generation)
        // An empty AppName or bundle id breaks a naming rule (65); an empty recipe or folder names nothing.
        let values = [request.recipe, request.appName, request.bundleID, request.folder]
        if let empty = values.firstIndex(where: \.isEmpty), empty != 1, empty != 2 {
            throw .emptyArgument(name: table.generation.positionals[empty].name)
        }
        return .generate(request)
    }

    // MARK: - Commands

    private static func outcome(
        _ command: Command, named: Bool, words: [String], request: GenerateRequest, given: [CommandLineScan.GivenOption]
    ) throws(UsageError) -> Outcome {
        let spec = table.spec(for: command)
        if command != .generate {
            try refuseOptions(given, command: spec)
            try checkCount(words, command: spec)
        }
        switch command {
        case .generate:
            return try generation(words, request: request, given: given, named: named)
        case .help:
            guard let topic = words.first else { return .invocation(.help(command: nil)) }
            guard Help.topics.contains(topic) else {
                // A slip from a command word is that command; anything else may be a recipe,
                // which only the catalog can tell (`RecipeHelp`).
                if let command = NameSuggestion.closest(to: topic, among: Help.topics) { throw .unknownHelpTopic(topic, suggestion: command) }
                return .invocation(.recipeHelp(topic, request.common))
            }
            return .invocation(.help(command: topic == Command.generate.rawValue ? nil : topic))
        case .completions:
            guard let shell = CompletionScripts.Shell(rawValue: words[0]) else {
                throw .unknownShell(words[0], suggestion: NameSuggestion.closest(to: words[0], among: CompletionScripts.Shell.allCases.map(\.rawValue)))
            }
            return .invocation(.completions(shell))
        case .config: return .invocation(.config)
        case .schema: return .invocation(.schema(layer: request.common.layerSchema))
        case .list: return .invocation(.list(request.common))
        case .lint: return .invocation(.lint(folders: words, options: request.common))
        case .check:
            return .invocation(.check(CheckRequest(
                folder: words.first ?? ".", common: request.common, checkTimeout: request.checkTimeout,
                optInChecks: request.optInChecks, requireAll: request.requireAll, picturesFolder: request.picturesFolder
            )))
        case .update:
            return .invocation(.update(UpdateRequest(
                folder: words.first ?? ".", common: request.common, dryRun: request.dryRun, settings: request.settings,
                allowDowngrade: request.allowDowngrade, conflictsBeside: request.conflictsBeside,
                noTasks: request.noTasks
            )))
        }
    }

    /// A generation: too few positionals are reported first (the first word may be a misspelt
    /// command word: `duo-new lsit`), then too many, then options it does not take.
    private static func generation(
        _ words: [String], request: GenerateRequest, given: [CommandLineScan.GivenOption], named: Bool
    ) throws(UsageError) -> Outcome {
        let positionals = table.generation.positionals
        var request = request
        let filled = words + Array(repeating: "", count: max(0, positionals.count - words.count))
        request.recipe = filled[0]
        request.appName = filled[1]
        request.bundleID = filled[2]
        request.folder = filled[3]
        // Too few words or too many: the first may be a misspelt command word, before a whole
        // command line too (`duo-new genrate recipe-camera-studio Sitter com.example.sitter ./X`).
        if words.count != positionals.count, !named, let first = words.first,
           let command = NameSuggestion.closest(to: first, among: table.commandWords) {
            throw .unknownCommand(first, suggestion: command)
        }
        if words.count < positionals.count { return .incomplete(request, missing: Array(positionals[words.count...])) }
        if words.count > positionals.count { throw .unexpectedArgument(words[positionals.count]) }
        return .invocation(try completed(request, given: given))
    }

    // MARK: - The table's rules

    /// The first option given that `command` does not take.
    private static func refuseOptions(_ given: [CommandLineScan.GivenOption], command: CommandSpec) throws(UsageError) {
        if let option = given.first(where: { !command.takes($0.name) && !table.globalOptions.contains($0.name) }) {
            throw .optionNotApplicable(option: option.name, command: command.name)
        }
        // A usage line's `[--json | --names]`, or a group it leaves out: at most one of them.
        for item in command.usage {
            let names: [String]
            switch item {
            case .oneOf(let group), .exclusive(let group): names = group
            case .option, .text: continue
            }
            let chosen = names.filter { name in given.contains { $0.name == name } }
            if chosen.count > 1 { throw .notTogether(chosen[0], chosen[1]) }
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
