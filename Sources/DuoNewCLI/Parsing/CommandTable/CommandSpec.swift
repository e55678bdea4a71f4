import DuoNewCore

/// One command of duo-new, as the command table declares it: its word, the positionals and
/// options it takes, and the texts of its help.
struct CommandSpec: Equatable, Sendable {
    /// A piece of the command's usage line after its positionals.
    enum UsageItem: Equatable, Sendable {
        /// An option by its long name: `[--templates DIR]`.
        case option(String)
        /// Options of which at most one may be given: `[--json | --names]`.
        case oneOf([String])
        /// The same rule for options the usage line leaves out (those for scripts): not shown.
        case exclusive([String])
        /// Literal text: `[options]`.
        case text(String)
    }

    /// `list`; `generate` for generation, which is also the command when no word is given.
    let command: Command
    /// The COMMANDS entry, pre-wrapped.
    let summary: String
    let positionals: [PositionalSpec]
    /// The long names of the options it takes, in the order its help lists them.
    let options: [String]
    /// Help entries that say more (or less) for this command than the option's own help.
    let optionHelp: [String: String]
    let usage: [UsageItem]
    /// OVERVIEW's line, then the paragraphs before USAGE.
    let overview: String
    let description: String
    /// The EXIT CODES section's body; empty: none.
    let exitCodes: String
    /// Text after everything else (ARGUMENTS-less commands say how to use them here).
    let closing: String

    init(
        _ command: Command, summary: String, positionals: [PositionalSpec] = [], options: [String] = [],
        optionHelp: [String: String] = [:], usage: [UsageItem]? = nil, overview: String, description: String = "",
        exitCodes: String = "", closing: String = ""
    ) {
        self.command = command
        self.summary = summary
        self.positionals = positionals
        self.options = options
        self.optionHelp = optionHelp
        self.usage = usage ?? options.map(UsageItem.option)
        self.overview = overview
        self.description = description
        self.exitCodes = exitCodes
        self.closing = closing
    }

    /// The word typed for it: `list`.
    var name: String { command.rawValue }

    func takes(_ option: String) -> Bool { options.contains(option) }

    /// `list <template-dir>`, `check [folder]`, `help [command]`: the COMMANDS entry's term.
    var term: String {
        ([name] + positionals.map(\.name)).joined(separator: " ")
    }
}
