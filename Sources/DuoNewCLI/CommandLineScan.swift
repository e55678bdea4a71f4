import DuoNewCore

/// A command line split by the command table's options alone, before any command's rules: the
/// words (positionals, the command word first when there is one) and the options given, in order.
/// `--opt value` and `--opt=value` are the same, `--` ends the options, `-q` is `--quiet`.
struct CommandLineScan: Equatable {
    struct GivenOption: Equatable {
        /// The long name, whatever form was typed.
        let name: String
        let value: String?
    }

    var words: [String] = []
    var given: [GivenOption] = []

    init(_ arguments: [String], table: CommandTable) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                words.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var typed = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                typed = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = table.option(named: typed) else {
                throw .unknownOption(typed, suggestion: NameSuggestion.closest(to: typed, among: table.optionNames))
            }
            guard option.takesValue else {
                guard inlineValue == nil else { throw .unexpectedValue(option: option.name) }
                given.append(GivenOption(name: option.name, value: nil))
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw .missingValue(option: option.name)
            }
            // `--templates ""` would otherwise fall back to the bundled recipes without a word.
            guard !value.isEmpty else { throw .missingValue(option: option.name) }
            given.append(GivenOption(name: option.name, value: value))
        }
    }

    /// The command word of `arguments` (`list`, `lint`, `generate`, …), or nil when the first
    /// word names none: the first argument that is not an option or an option's value. Unlike
    /// the scan itself this never fails, so a usage error can still name its command.
    static func commandWord(in arguments: [String], table: CommandTable) -> String? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return arguments.dropFirst(index).first.flatMap { table.commandWords.contains($0) ? $0 : nil } }
            if argument.hasPrefix("-") && argument != "-" {
                if !argument.contains("="), table.option(named: argument)?.takesValue == true { index += 1 }
                continue
            }
            return table.commandWords.contains(argument) ? argument : nil
        }
        return nil
    }
}
