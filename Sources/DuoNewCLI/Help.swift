import DuoNewCore

/// The texts of `--help`, `help [command]`, `--version` and usage errors, rendered from the
/// command table. scripts/make-man-page.py makes the man page from these texts.
enum Help {
    static let version = "0.1.0"
    /// What `--version` prints: the tool's name and version, as `git --version` and swift-format do.
    static var versionLine: String { "duo-new \(version)" }
    static let table = CommandTable.duoNew

    /// What `help` can be asked about: every command word, generation's and `help` included.
    static let topics = table.commandWords

    /// Where a help entry's text starts: two spaces, the term, padding to this column.
    private static let termWidth = 22

    /// The one usage line of a command (`nil`: generating a project), shown after a usage error.
    static func usageLine(for command: String?) -> String {
        "Usage: " + usage(of: table.command(named: command ?? CommandTable.defaultCommand) ?? table.generation)
    }

    /// `duo-new check [folder] [--templates DIR] …`: the command, its positionals, its options.
    static func usage(of command: CommandSpec) -> String {
        let word = command.name == CommandTable.defaultCommand ? [] : [command.name]
        let options = command.usage.map { item in
            switch item {
            case .option(let name): table.option(named: name)?.usageItem ?? name
            case .oneOf(let names): "[" + names.map { name in table.option(named: name).map { String($0.usageItem.dropFirst().dropLast()) } ?? name }.joined(separator: " | ") + "]"
            case .text(let text): text
            }
        }
        return (["duo-new"] + word + command.positionals.map(\.usageItem) + options).joined(separator: " ")
    }

    /// Where a usage error sends the reader for more: the command's own help.
    static func seeMore(for command: String?) -> String {
        "  See 'duo-new \(command.flatMap { $0 == "help" ? nil : "\($0) " } ?? "")--help' for more information."
    }

    /// The help of a command (`nil` or `generate`: the whole tool's).
    static func text(for command: String?) -> String {
        let spec = command.flatMap(table.command(named:)) ?? table.generation
        return spec.name == CommandTable.defaultCommand ? mainText : text(of: spec)
    }

    /// The whole tool's help: generation's, with every command's usage line and the COMMANDS.
    static var mainText: String {
        let spec = table.generation
        let usages = table.commands.filter { $0.name != "help" }.map(usage(of:)) + ["duo-new help [command] | --help | -h | --version"]
        let commands = table.commands.map { entry($0.name == CommandTable.defaultCommand ? $0.name : $0.term, $0.summary) }
        let options = table.options(of: spec).map { entry($0.helpTerm, table.help(of: $0, in: spec)) }
        return sections([
            "OVERVIEW: " + spec.overview + paragraph(spec.description),
            "USAGE: " + usages.joined(separator: "\n       "),
            "ARGUMENTS:\n" + arguments(of: spec),
            "COMMANDS:\n" + commands.joined(separator: "\n"),
            "OPTIONS:\n" + options.joined(separator: "\n"),
            "EXIT CODES:\n" + indented(spec.exitCodes),
            spec.closing,
        ])
    }

    /// A command's own help.
    static func text(of spec: CommandSpec) -> String {
        let options = (spec.options + ["--help"]).compactMap(table.option(named:)).map { entry($0.helpTerm, table.help(of: $0, in: spec)) }
        let listed = arguments(of: spec)
        return sections([
            "OVERVIEW: " + spec.overview + paragraph(spec.description),
            "USAGE: " + usage(of: spec),
            listed.isEmpty ? "" : "ARGUMENTS:\n" + listed,
            "OPTIONS:\n" + options.joined(separator: "\n"),
            spec.exitCodes.isEmpty ? "" : "EXIT CODES:\n" + indented(spec.exitCodes),
            spec.closing,
        ])
    }

    // MARK: - Layout

    private static func arguments(of spec: CommandSpec) -> String {
        spec.positionals.compactMap { positional in positional.help.map { entry(positional.name, $0) } }.joined(separator: "\n")
    }

    /// `  term                  text`, the text's further lines under its first.
    private static func entry(_ term: String, _ text: String) -> String {
        let padding = String(repeating: " ", count: termWidth + 2)
        let lead = "  " + term + String(repeating: " ", count: max(2, termWidth - term.count))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return ([lead + (lines.first ?? "")] + lines.dropFirst().map { padding + $0 }).joined(separator: "\n")
    }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }

    private static func paragraph(_ text: String) -> String {
        text.isEmpty ? "" : "\n\n" + text
    }

    private static func sections(_ parts: [String]) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}
