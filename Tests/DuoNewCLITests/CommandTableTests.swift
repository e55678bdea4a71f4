import Foundation
import Testing
@testable import DuoNewCLI
import TestSupport

/// The command table is whole (every name it uses is declared), and docs/cli.md agrees with it:
/// its "Options by command" table lists every option with the commands that take it, and no
/// command line in its examples uses an option the table lacks or its command does not take.
@Suite("Command table: whole, and docs/cli.md agrees")
struct CommandTableTests {
    let table = CommandTable.duoNew

    @Test func everyNameTheTableUsesIsDeclared() {
        for command in table.commands {
            for name in command.options + Array(command.optionHelp.keys) {
                #expect(table.option(named: name) != nil, "\(command.name) names '\(name)', which the table lacks")
            }
            for item in command.usage {
                let names: [String] = switch item {
                case .option(let name): [name]
                case .oneOf(let names), .exclusive(let names): names
                case .text: []
                }
                for name in names { #expect(command.takes(name), "\(command.name)'s usage shows '\(name)', which it does not take") }
            }
            #expect(Set(command.options).count == command.options.count, "\(command.name) lists an option twice")
        }
        #expect(Set(table.commandWords).count == table.commandWords.count)
        #expect(table.commands.first?.name == CommandTable.defaultCommand)
        let topic = table.command(named: "help")?.positionals.first
        #expect(topic?.completion == .topic && topic?.choices == [], "help's topics are the commands and the recipes, offered as both")
    }

    @Test func helpIsMadeFromTheTable() {
        for command in table.commands where command.name != CommandTable.defaultCommand {
            let text = Help.text(for: command.name, width: 1000)
            #expect(text.contains("USAGE: " + Help.usage(of: command)))
            // A term is followed by its text, or by a line break when too wide for the column.
            func lists(_ term: String) -> Bool { text.contains("\n  " + term + " ") || text.contains("\n  " + term + "\n") }
            for option in command.options {
                #expect(lists(table.option(named: option)?.helpTerm ?? option), "\(command.name)'s help lacks \(option)")
            }
            for option in table.options where !command.takes(option.name) && !table.globalOptions.contains(option.name) {
                #expect(!lists(option.helpTerm), "\(command.name)'s help offers \(option.name), which it does not take")
            }
        }
        #expect(Help.text(for: "update").contains("--offline"))
        #expect(Help.usageLine(for: nil) == "Usage: duo-new <recipe> <AppName> <bundle-id> <folder> [options]")
    }

    // MARK: - docs/cli.md

    static let cliPage = SchemaValidator.repository.appendingPathComponent("docs/cli.md")

    /// `--templates DIR` → `["generate", "list", …]`, from the rows of "## Options by command".
    static func documentedOptions(in text: String) -> [String: [String]] {
        guard let start = text.range(of: "\n## Options by command\n") else { return [:] }
        let section = String(text[start.upperBound...]).components(separatedBy: "\n## ").first ?? ""
        var rows: [String: [String]] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `-") {
            let cells: [String] = line.split(separator: "|").map { String($0).trimmingCharacters(in: CharacterSet.whitespaces) }
            guard cells.count >= 2 else { continue }
            let names = cells[0].split(separator: "`").filter { $0.hasPrefix("--") }.map { String($0.split(separator: " ")[0]) }
            let commands: [String] = cells[1].split(separator: ",").map { String($0).trimmingCharacters(in: CharacterSet.whitespaces) }
            for name in names { rows[name] = commands }
        }
        return rows
    }

    @Test func cliPageListsEveryOptionWithItsCommands() throws {
        let text = try String(contentsOf: Self.cliPage, encoding: .utf8)
        let documented = Self.documentedOptions(in: text)
        #expect(!documented.isEmpty, "docs/cli.md has no '## Options by command' table")
        #expect(Set(documented.keys) == Set(table.optionNames), "options in docs/cli.md's table: \(documented.keys.sorted())")
        for option in table.options {
            let commands = table.globalOptions.contains(option.name) ? ["every command"] : table.commands(taking: option.name)
            #expect(documented[option.name] == commands, "docs/cli.md: \(option.name) is taken by \(commands.joined(separator: ", "))")
        }
        for command in table.commands {
            #expect(text.contains("duo-new \(command.name)"), "docs/cli.md never shows 'duo-new \(command.name)'")
        }
    }

    /// Every `duo-new …` line in docs/cli.md's code blocks uses only options its command takes.
    @Test func cliPageExamplesUseOnlyTheTablesOptions() throws {
        let text = try String(contentsOf: Self.cliPage, encoding: .utf8)
        var inBlock = false
        var checked = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            guard inBlock, line.hasPrefix("duo-new ") else { continue }
            let words = line.split(separator: " ").map(String.init)
            let command = ArgumentParser.parse(Array(words.dropFirst())).usageCommand ?? CommandTable.defaultCommand
            let spec = try #require(table.command(named: command))
            let options = line.matches(of: /(?:^|[^A-Za-z0-9])(--?[a-z][a-z-]*)/).map { String($0.output.1) }
            for option in options where option != "--" {
                let long = table.longName(of: option)
                #expect(long != nil, "docs/cli.md: '\(line)' uses \(option), which the table lacks")
                if let long {
                    #expect(spec.takes(long) || table.globalOptions.contains(long), "docs/cli.md: '\(line)': \(command) does not take \(long)")
                }
            }
            checked += 1
        }
        #expect(checked >= 10, "\(checked) command lines checked")
    }
}
