import DuoNewCore

/// duo-new's command line, declared once: every command, the options and positionals each takes,
/// and their help. The parser (`ArgumentParser`), the help (`Help`), the completion scripts
/// (`CompletionReply`), the man page (made from the help by scripts/make-man-page.py) and the test
/// that docs/cli.md agrees are all driven by it, so none can fall out of step with another.
struct CommandTable: Sendable {
    /// Every option, in the order the main help lists them.
    let options: [OptionSpec]
    /// Every command, generation first.
    let commands: [CommandSpec]
    /// Options every command takes, and that win over everything else (`--help`, `--version`).
    let globalOptions: [String]

    /// The command run when no command word is given.
    static let defaultCommand = Command.generate.rawValue

    static let duoNew = CommandTable(
        options: CommandTable.allOptions,
        commands: Command.allCases.map(CommandTable.entry(for:)),
        globalOptions: ["--version", "--help"]
    )

    /// Generation's command: the one run when no command word is given.
    var generation: CommandSpec { spec(for: .generate) }

    /// The table's entry for `command`.
    func spec(for command: Command) -> CommandSpec { Self.entry(for: command) }

    /// Each command's entry: a command without one does not compile.
    static func entry(for command: Command) -> CommandSpec {
        switch command {
        case .generate: generate
        case .list: list
        case .lint: lint
        case .schema: schema
        case .completions: completions
        case .config: config
        case .check: check
        case .update: update
        case .help: help
        }
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.short == name }
    }

    func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// The command words, as typed (generation's included).
    var commandWords: [String] { commands.map(\.name) }

    /// The long names of every option.
    var optionNames: [String] { options.map(\.name) }

    /// An option's long name for what was typed (`-q` is `--quiet`), or nil when there is none.
    func longName(of typed: String) -> String? {
        option(named: typed)?.name
    }

    /// The options `command` takes, in its help's order, the global ones last.
    func options(of command: CommandSpec) -> [OptionSpec] {
        (command.options + globalOptions).compactMap(option(named:))
    }

    /// The commands that take `option` (a global option: every command).
    func commands(taking option: String) -> [String] {
        commands.filter { globalOptions.contains(option) || $0.takes(option) }.map(\.name)
    }

    /// A help entry's text for `option` in `command`'s help: the command's own, else the option's.
    func help(of option: OptionSpec, in command: CommandSpec) -> String {
        command.optionHelp[option.name] ?? option.help
    }
}
