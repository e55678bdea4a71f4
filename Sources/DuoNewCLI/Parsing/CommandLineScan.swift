import DuoNewCore

/// A command line split by the command table's options alone, before any command's rules: the
/// words (positionals, the command word first when there is one) and the options given, in order.
/// `--opt value` and `--opt=value` are the same, `--` ends the options, `-q` is `--quiet`.
///
/// The one walk over the arguments of a run. It goes on past the first error, which it keeps,
/// so that what follows is still known: `--help` wins over the error, and `--json` asks for the
/// error as JSON.
struct CommandLineScan {
    struct GivenOption: Equatable {
        let spec: OptionSpec
        let value: String?

        /// The long name, whatever form was typed.
        var name: String { spec.name }
    }

    var words: [String] = []
    var given: [GivenOption] = []
    /// The first problem met, in the order of the arguments.
    var error: UsageError?

    /// Told of each command line scanned; tests count the scans of a run with it.
    @TaskLocal static var observer: (@Sendable () -> Void)?

    /// `home`: what a `~` starting a folder's value after `=` stands for (`--templates=~/Recipes`),
    /// since no shell expands it there; nil leaves it as typed.
    init(_ arguments: [String], table: CommandTable, home: String? = nil) {
        Self.observer?()
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
            // Short switches written together, as `ls -la` takes them: `-qy` is `-q -y`.
            if let switches = Self.shortSwitches(argument, table: table) {
                given += switches.map { GivenOption(spec: $0, value: nil) }
                continue
            }
            var typed = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                typed = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = table.option(named: typed) else {
                refuse(.unknownOption(typed, suggestion: Self.suggestion(for: typed, table: table)))
                continue
            }
            guard option.takesValue else {
                guard inlineValue == nil else {
                    refuse(.unexpectedValue(option: option.name))
                    continue
                }
                given.append(GivenOption(spec: option, value: nil))
                continue
            }
            var value = inlineValue
            if value == nil, index < arguments.count, !Self.namesOption(arguments[index], table: table) {
                value = arguments[index]
                index += 1
            }
            // `--templates ""` would otherwise fall back to the bundled recipes without a word.
            guard let value, !value.isEmpty else {
                refuse(.missingValue(option: option.name))
                continue
            }
            given.append(GivenOption(spec: option, value: inlineValue != nil ? Self.expandingHome(value, of: option, home: home) : value))
        }
    }

    /// A folder's or file's value given after `=` with `~` or `~/` first, in the home folder, as
    /// the shell would have read it after a space (zsh and bash leave `--opt=~/x` alone).
    private static func expandingHome(_ value: String, of option: OptionSpec, home: String?) -> String {
        guard let home, !home.isEmpty, option.value == .folder || option.value == .file, value == "~" || value.hasPrefix("~/") else { return value }
        return home + value.dropFirst()
    }

    /// Whether the word after an option that takes a value is itself an option of the table, as
    /// in `--templates --help`: like swift-argument-parser, it is not taken as the value, so the
    /// value is missing and `--help` still wins (`--templates=-x` gives a value that starts with '-').
    private static func namesOption(_ argument: String, table: CommandTable) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        let typed = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
        return table.option(named: typed) != nil
    }

    /// The switches of `-qy`, when each of its letters is a short switch taking no value; nil for
    /// anything else (`-q` alone, `--quiet`, `-odd`).
    private static func shortSwitches(_ argument: String, table: CommandTable) -> [OptionSpec]? {
        guard !argument.hasPrefix("--"), argument.count > 2 else { return nil }
        let options = argument.dropFirst().map { table.option(named: "-\($0)") }
        guard options.allSatisfy({ $0.map { !$0.takesValue } == true }) else { return nil }
        return options.compactMap { $0 }
    }

    /// The option an unknown one is a slip from: a misspelt name (`--dry-rn`), or for one letter
    /// (`-Q`, `-v`) its short option in the other case, else the one long option it starts.
    private static func suggestion(for typed: String, table: CommandTable) -> String? {
        if let close = NameSuggestion.closest(to: typed, among: table.optionNames) { return close }
        guard typed.count == 2, typed.hasPrefix("-"), let letter = typed.last else { return nil }
        if let short = table.options.compactMap(\.short).first(where: { $0.lowercased() == typed.lowercased() }) { return short }
        let starting = table.optionNames.filter { $0.hasPrefix("--" + letter.lowercased()) }
        return starting.count == 1 ? starting[0] : nil
    }

    private mutating func refuse(_ problem: UsageError) {
        if error == nil { error = problem }
    }
}
