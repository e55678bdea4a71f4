import DuoNewCore
import DuoNewKit

/// Parses duo-new's command line the way swift-argument-parser would: `--opt value` and
/// `--opt=value`, `--` ends options, and a misspelt option gets a suggestion.
enum ArgumentParser {
    static let valueOptions = ["--templates", "--set", "--check-timeout", "--with", "--pictures"]
    static let flagOptions = ["--dry-run", "--no-test", "--require-all", "--json", "--quiet", "--help", "--version", "--names", "--offline", "--no-input", "--trust"]
    static let shortFlags = ["-h": "--help", "-q": "--quiet"]
    static let commands = ["list", "lint", "schema", "help", "completions", "config", "check", "update"]
    /// Options that only make sense when generating.
    static let generationOnly = ["--dry-run", "--no-test", "--set", "--check-timeout", "--with", "--require-all", "--pictures", "--trust"]
    /// The options that choose and limit checks: generation's, and `check`'s too.
    static let checkOptions = ["--check-timeout", "--with", "--require-all", "--pictures", "--trust"]

    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        // Like swift-argument-parser, --help and --version win over everything else, errors included.
        let options = arguments.prefix { $0 != "--" }
        if options.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help(command: command(in: arguments)) }
        if options.contains("--version") { return .version }

        var positionals: [String] = []
        var given: [(name: String, value: String?)] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            name = shortFlags[name] ?? name
            if valueOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw .missingValue(option: name)
                }
                // `--templates ""` would otherwise fall back to the bundled recipes without a word.
                guard !value.isEmpty else { throw .missingValue(option: name) }
                given.append((name, value))
            } else if flagOptions.contains(name) {
                guard inlineValue == nil else { throw .unexpectedValue(option: name) }
                given.append((name, nil))
            } else {
                let known = valueOptions + flagOptions
                throw .unknownOption(name, suggestion: NameSuggestion.closest(to: name, among: known))
            }
        }

        var common = CommonOptions()
        var request = GenerateRequest(recipe: "", appName: "", bundleID: "", folder: "")
        for option in given {
            switch option.name {
            case "--templates": common.templates = option.value
            case "--json": common.json = true
            case "--quiet": common.quiet = true
            case "--names": common.names = true
            case "--offline": common.offline = true
            case "--trust": common.trust = true
            case "--no-input": common.noInput = true
            case "--dry-run": request.dryRun = true
            case "--no-test": request.noTest = true
            case "--require-all": request.requireAll = true
            case "--pictures": request.picturesFolder = option.value
            case "--with": request.optInChecks.append(option.value ?? "")
            case "--check-timeout":
                let text = option.value ?? ""
                guard let seconds = Int(text), (1...Check.maximumTimeout).contains(seconds) else { throw .badTimeout(text) }
                request.checkTimeout = seconds
            case "--set":
                let text = option.value ?? ""
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw .malformedSetting(text)
                }
                request.settings.append(.init(key: String(text[..<equals]), value: String(text[text.index(after: equals)...])))
            default: break
            }
        }

        switch positionals.first {
        case "help":
            try refuseGenerationOptions(given, command: "help")
            if positionals.count > 2 { throw .unexpectedArgument(positionals[2]) }
            guard positionals.count == 2 else { return .help(command: nil) }
            let topic = positionals[1]
            guard Help.topics.contains(topic) else {
                throw .unknownHelpTopic(topic, suggestion: NameSuggestion.closest(to: topic, among: Help.topics))
            }
            return .help(command: topic == "generate" ? nil : topic)
        case "completions":
            if let option = given.first { throw .optionNotApplicable(option: option.name, command: "completions") }
            guard positionals.count > 1 else { throw .missingArgument(name: "<shell>") }
            if positionals.count > 2 { throw .unexpectedArgument(positionals[2]) }
            guard let shell = Completions.Shell(rawValue: positionals[1]) else {
                throw .unknownShell(positionals[1], suggestion: NameSuggestion.closest(to: positionals[1], among: Completions.Shell.allCases.map(\.rawValue)))
            }
            return .completions(shell)
        case "config":
            if let option = given.first { throw .optionNotApplicable(option: option.name, command: "config") }
            if positionals.count > 1 { throw .unexpectedArgument(positionals[1]) }
            return .config
        case "schema":
            if let option = given.first { throw .optionNotApplicable(option: option.name, command: "schema") }
            if positionals.count > 1 { throw .unexpectedArgument(positionals[1]) }
            return .schema
        case "list":
            try refuseGenerationOptions(given, command: "list")
            if positionals.count > 1 { throw .unexpectedArgument(positionals[1]) }
            return .list(common)
        case "check":
            try refuseGenerationOptions(given.filter { !checkOptions.contains($0.name) }, command: "check")
            if positionals.count > 2 { throw .unexpectedArgument(positionals[2]) }
            return .check(CheckRequest(
                folder: positionals.count == 2 ? positionals[1] : ".", common: common,
                checkTimeout: request.checkTimeout, optInChecks: request.optInChecks, requireAll: request.requireAll,
                picturesFolder: request.picturesFolder
            ))
        case "update":
            // An update runs none of the recipe's commands, so there is nothing to trust.
            if let option = given.first(where: { ["--no-test", "--names", "--trust"].contains($0.name) }) {
                throw .optionNotApplicable(option: option.name, command: "update")
            }
            if positionals.count > 2 { throw .unexpectedArgument(positionals[2]) }
            return .update(UpdateRequest(
                folder: positionals.count == 2 ? positionals[1] : ".", common: common, dryRun: request.dryRun, settings: request.settings
            ))
        case "lint":
            try refuseGenerationOptions(given, command: "lint")
            let folders = Array(positionals.dropFirst())
            guard !folders.isEmpty else { throw .noFoldersToLint }
            return .lint(folders: folders, options: common)
        default:
            let names = ["<recipe>", "<AppName>", "<bundle-id>", "<folder>"]
            if positionals.count < names.count {
                if let first = positionals.first, let command = NameSuggestion.closest(to: first, among: commands) {
                    throw .unknownCommand(first, suggestion: command)
                }
                throw .missingArgument(name: names[positionals.count])
            }
            if positionals.count > names.count { throw .unexpectedArgument(positionals[names.count]) }
            try refuseGenerationOptions(given.filter { !generationOnly.contains($0.name) }, command: "generate")
            if let empty = positionals.firstIndex(where: \.isEmpty), empty != 1, empty != 2 {
                // An empty AppName or bundle id breaks a naming rule (65); an empty recipe or folder names nothing.
                throw .emptyArgument(name: names[empty])
            }
            request.recipe = positionals[0]
            request.appName = positionals[1]
            request.bundleID = positionals[2]
            request.folder = positionals[3]
            request.common = common
            return .generate(request)
        }
    }

    /// The command word of a command line (`list`, `lint`, `schema`, `help`), or nil when it
    /// generates a project: the first argument that is not an option or an option's value.
    static func command(in arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return arguments.dropFirst(index).first.flatMap { commands.contains($0) ? $0 : nil } }
            if argument.hasPrefix("-") && argument != "-" {
                if valueOptions.contains(argument) { index += 1 }
                continue
            }
            return commands.contains(argument) ? argument : nil
        }
        return nil
    }

    private static func refuseGenerationOptions(_ given: [(name: String, value: String?)], command: String) throws(UsageError) {
        if command != "list", given.contains(where: { $0.name == "--names" }) {
            throw .optionNotApplicable(option: "--names", command: command)
        }
        if let option = given.first(where: { generationOnly.contains($0.name) }) {
            throw .optionNotApplicable(option: option.name, command: command)
        }
    }
}
