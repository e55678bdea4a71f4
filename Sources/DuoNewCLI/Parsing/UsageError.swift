import DuoNewCore

/// A command line duo-new cannot make sense of (exit 64). Each message is defined here once.
enum UsageError: Error, Equatable {
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case malformedSetting(String)
    case missingArgument(name: String)
    /// A generation's <bundle-id> or <folder>, which `--defaults` can propose; `recipe`: the
    /// recipe's name when it is known to take no bundle id, so neither word nor usage names one.
    case missingProposable(name: String, recipeWithoutBundleID: String? = nil)
    /// Too few arguments, and the first looks like a misspelt command (`duo-new lsit`).
    case unknownCommand(String, suggestion: String)
    case emptyArgument(name: String)
    case unexpectedArgument(String)
    case optionNotApplicable(option: String, command: String)
    case noFoldersToLint
    case unknownHelpTopic(String, suggestion: String?)
    case unknownShell(String, suggestion: String?)
    case badTimeout(String)
    case notTogether(String, String)

    var message: String {
        switch self {
        case .unknownOption(let option, let suggestion):
            "unknown option '\(option)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missingValue(let option):
            "missing value for '\(option)'"
        case .unexpectedValue(let option):
            "'\(option)' takes no value"
        case .malformedSetting(let text):
            "'--set \(text)' is not KEY=VALUE; write it as '--set KEY=VALUE', such as '--set greeting=Hi' for example-hello"
        case .missingArgument(let name):
            // Said with what to give, as every usage error is.
            switch name {
            case "<recipe>": "missing <recipe>; name one of the recipes 'duo-new list' shows, or a recipe folder"
            case "<AppName>": "missing <AppName>; give the app's name, letters and digits such as Sitter"
            case "<shell>": "missing <shell>; choose 'bash', 'zsh' or 'fish'"
            default: "missing \(name)"
            }
        case .missingProposable(let name, nil):
            "missing \(name); give it, or pass '--defaults' ('-y') to take the proposal (the folder from the AppName, the bundle id from the config's 'bundle-id-prefix', else com.example)"
        case .missingProposable(let name, _?):
            "missing \(name); give it, or pass '--defaults' ('-y') to take the proposal (the folder from the AppName)"
        case .unknownCommand(let command, let suggestion):
            "unknown command '\(command)'; did you mean '\(suggestion)'?"
        case .emptyArgument(let name):
            "\(name) is empty"
        case .unexpectedArgument(let argument):
            "unexpected argument '\(argument)'"
        case .optionNotApplicable(let option, let command):
            "'\(option)' does not apply to '\(command)'"
        case .noFoldersToLint:
            "missing <template-dir>; name at least one recipe folder to lint"
        case .unknownShell(let shell, let suggestion):
            "no completions for the shell '\(shell)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; choose 'bash', 'zsh' or 'fish'")
        case .unknownHelpTopic(let topic, let suggestion):
            "no help on '\(topic)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; ask about \(Help.topics.map { "'\($0)'" }.joined(separator: ", "))")
        case .notTogether(let first, let second):
            "'\(first)' and '\(second)' cannot be given together; choose one"
        case .badTimeout(let text):
            "'--check-timeout \(text)' is not a whole number of seconds from 1 to \(Check.maximumTimeout)"
        }
    }
}

extension UsageError {
    /// A required positional of `command` that is not there.
    static func missing(_ positional: PositionalSpec, of command: String) -> UsageError {
        if command == "lint" { return .noFoldersToLint }
        if command == CommandTable.generate.name, ["<bundle-id>", "<folder>"].contains(positional.name) {
            return .missingProposable(name: positional.name)
        }
        return .missingArgument(name: positional.name)
    }

    /// Prints a usage error the one way every usage error is printed: `Error: …`, the usage line
    /// of the command it is about (`nil`: generating a project), and where to read more.
    /// `usage`: a usage line of its own (a known recipe's), instead of the command's.
    static func report(_ message: String, command: String?, usage line: String? = nil, on console: Console) {
        // The words quoted are the command line's, which a script may have built from file names.
        console.error(console.wrapped("Error: \(DisplayPath.escaped(message))"))
        let usage = TextWrapping.fill(line ?? Help.usageLine(for: command), width: max(console.width, TextWrapping.minimumWidth), indent: String(repeating: " ", count: 11))
        console.error(usage.joined(separator: "\n"))
        console.error(console.wrapped(Help.seeMore(for: command)))
    }
}
