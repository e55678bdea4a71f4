import DuoNewCore
import DuoNewKit
import Foundation

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
        let options = command.usage.compactMap { item -> String? in
            switch item {
            case .option(let name): table.option(named: name)?.usageItem ?? name
            case .oneOf(let names): "[" + names.map { name in table.option(named: name).map { String($0.usageItem.dropFirst().dropLast()) } ?? name }.joined(separator: " | ") + "]"
            case .exclusive: nil
            case .text(let text): text
            }
        }
        return (["duo-new"] + word + command.positionals.map(\.usageItem) + options).joined(separator: " ")
    }

    /// The help of `command` as this executable shows it: fitted to `width`, naming the installed
    /// docs' real folder when they are found.
    /// The folder goes in before the text is wrapped, so a long prefix still fits the width.
    static func text(for command: String?, width: Int, executablePath: String?) -> String {
        let naming = { (text: String) in InstalledDocs.naming(in: text, besideExecutable: executablePath) }
        return naming(text(of: command.flatMap(table.command(named:)) ?? table.generation, width: width, naming: naming))
    }

    /// Where a usage error sends the reader for more: the command's own help.
    static func seeMore(for command: String?) -> String {
        "  See 'duo-new \(command.flatMap { $0 == "help" ? nil : "\($0) " } ?? "")--help' for more information."
    }

    /// The help of a command (`nil` or `generate`: the whole tool's), fitted to `width` columns.
    static func text(for command: String?, width: Int = TextWrapping.defaultWidth) -> String {
        text(of: command.flatMap(table.command(named:)) ?? table.generation, width: width)
    }

    /// A command's own help; generation's is the whole tool's, with every command's usage line
    /// and the COMMANDS. `naming` rewrites the closing paragraph (which names the docs' folder)
    /// before it is wrapped.
    static func text(of spec: CommandSpec, width: Int = TextWrapping.defaultWidth, naming: (String) -> String = { $0 }) -> String {
        let whole = spec.name == CommandTable.defaultCommand
        let usages = whole ? table.commands.filter { $0.name != "help" }.map(usage(of:)) + ["duo-new help [command | recipe] | --help | -h | --version"] : [usage(of: spec)]
        let commands = whole ? table.commands.map { entry($0.name == CommandTable.defaultCommand ? $0.name : $0.term, $0.summary, width: width) } : []
        let options = whole ? table.options(of: spec) : (spec.options + ["--help"]).compactMap(table.option(named:))
        return sections([
            overview(of: spec, width: width),
            usageSection(usages, width: width),
            section("ARGUMENTS:", spec.positionals.compactMap { positional in positional.help.map { entry(positional.name, $0, width: width) } }),
            section("COMMANDS:", commands),
            section("OPTIONS:", options.map { entry($0.helpTerm, table.help(of: $0, in: spec), width: width) }),
            spec.exitCodes.isEmpty ? "" : "EXIT CODES:\n" + TextWrapping.reflow(indented(spec.exitCodes), width: width),
            TextWrapping.reflow(naming(spec.closing), width: width),
        ])
    }

    // MARK: - Layout

    /// `OVERVIEW: line`, then the description's paragraphs, filled to the width.
    private static func overview(of spec: CommandSpec, width: Int) -> String {
        TextWrapping.fill("OVERVIEW: " + spec.overview, width: max(width, TextWrapping.minimumWidth)).joined(separator: "\n")
            + (spec.description.isEmpty ? "" : "\n\n" + TextWrapping.reflow(spec.description, width: width))
    }

    /// `USAGE: ` and one usage line under another, each broken between its items where it is too
    /// long and continued a little further in.
    private static func usageSection(_ usages: [String], width: Int) -> String {
        let margin = String(repeating: " ", count: 7)
        return usages.enumerated().flatMap { index, line in
            TextWrapping.fill(line, width: max(width, TextWrapping.minimumWidth), lead: index == 0 ? "USAGE: " : margin, indent: margin + "    ")
        }.joined(separator: "\n")
    }

    /// `  term                  text`, the text filled to the width under its first line (a term
    /// wider than the column: the text starts on the line below it). On a terminal too narrow
    /// to leave the text a readable column, the text goes under the term, a little in.
    private static func entry(_ term: String, _ text: String, width: Int) -> String {
        let width = max(width, TextWrapping.minimumWidth)
        guard width - (termWidth + 2) >= narrowestTextColumn else {
            // `  term` on its line, the text filled under it from column 6.
            return (["  " + term] + TextWrapping.fill(text, width: width, lead: "      ", indent: "      ")).joined(separator: "\n")
        }
        let padding = String(repeating: " ", count: termWidth + 2)
        guard term.count + 2 <= termWidth else {
            // Beside it, the text's first line would start further in than the lines under it.
            return (["  " + term] + TextWrapping.fill(text, width: width, lead: padding, indent: padding)).joined(separator: "\n")
        }
        let lead = "  " + term + String(repeating: " ", count: termWidth - term.count)
        return TextWrapping.fill(text, width: width, lead: lead, indent: padding).joined(separator: "\n")
    }

    /// The fewest columns an entry's text is filled to beside its term.
    static let narrowestTextColumn = 30

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }

    /// The parts one after another, a blank line between; an empty part is left out.
    static func sections(_ parts: [String]) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// A heading with its rows under it, or nothing when there are none (the section is left out).
    static func section(_ heading: String, _ rows: [String]) -> String {
        rows.isEmpty ? "" : heading + "\n" + rows.joined(separator: "\n")
    }
}
