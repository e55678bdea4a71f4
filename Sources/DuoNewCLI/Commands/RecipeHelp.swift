import DuoNewCore
import DuoNewKit
import Foundation

/// `duo-new help <recipe>` and `duo-new <recipe> --help`: what a user can learn before generating: the recipe's values (each
/// `--set` key with its type, choices, default, pattern and hint), the paths its values choose,
/// and its checks. A word that is neither a command nor a recipe is a usage error (64), as before.
struct RecipeHelp {
    let recipe: String
    let options: CommonOptions
    let console: Console
    let context: CommandContext
    /// Asked by `--help` after the word (`duo-new nope -h`): help wins over everything, so a word
    /// that is no recipe gets duo-new's own help (exit 0) with a note, not a usage error.
    var helpWins = false

    func run() -> ExitCode {
        do {
            console.result(console.wrapped(try text()))
            return .success
        } catch where error.code == .usage && helpWins {
            console.notice("note:", .dim, error.message + "; here is duo-new's own help")
            console.result(Help.text(for: nil, width: console.width, executablePath: context.executablePath))
            return .success
        } catch where error.code == .usage {
            UsageError.report(error.message, command: "help", on: console)
            return error.code
        } catch {
            console.report(error)
            return error.code
        }
    }

    private func text() throws(CommandFailure) -> String {
        let catalog = try context.catalog(option: options.templates, offline: options.offline)
        if let refusal = catalog.layerHelpRefusal(recipe) {
            throw CommandFailure(code: .usage, message: refusal)
        }
        // As generation reads it: a part of one recipe's name alone (`camera`) stands for that
        // recipe, said on standard error.
        let name = Prompter.recipeName(recipe, in: catalog, console: console)
        guard let folder = try? catalog.recipeFolder(for: name, workingDirectory: context.workingDirectory) else {
            // Neither a command nor a recipe: the closest of either, as the usage error always said.
            throw CommandFailure(code: .usage, message: catalog.noHelpMessage(on: recipe, commands: Help.topics))
        }
        let manifest = try CommandFailure.from { () throws(GenerationFailure) in try PromptAnswers.load(folder, workingDirectory: context.workingDirectory) }.manifest
        // What the config's `set` gives is what generation and the prompt take: shown beside the default.
        let configured = (try? context.userConfig())?.helpSettings(for: manifest) ?? [:]
        return Self.text(of: manifest, width: console.width, configured: configured)
    }

    /// The help of a loaded recipe (its effective manifest: the layers' conditions included),
    /// laid out for `width` columns (the console wraps what is still too long).
    /// `configured`: the config's `set` values by key (`UserConfig.helpSettings`, which leaves
    /// out a secret's), each shown under its value's entry.
    static func text(of manifest: Manifest, width: Int = TextWrapping.defaultWidth, configured: [String: String] = [:]) -> String {
        let summaries = manifest.placeholders.map(PlaceholderSummary.init)
        let entries = summaries.map { $0.helpEntry(configured: $0.key.flatMap { configured[$0] }) }
        let settings = zip(summaries, entries).filter { $0.0.key != nil }.map { "[\($0.1.term)]" }
        // The descriptions start in one column: 24, or past the longest term; on a terminal too
        // narrow to leave them a readable column, under their terms.
        let termWidth = max(24, (entries.map(\.term.count).max() ?? 0) + 2)
        // Under them too when a word of theirs (a pattern, kept whole) would not fit beside.
        let longestWord = entries.flatMap(\.lines).flatMap { line in line.matches(of: /'[^']*'\S*|\S+/).map { $0.output.count } }.max() ?? 0
        let under = max(width, TextWrapping.minimumWidth) - (termWidth + 2) < max(Help.narrowestTextColumn, longestWord)
        let usage = "duo-new \(manifest.name) <AppName> \(manifest.takesBundleID ? "<bundle-id> " : "")<folder> " + (settings + ["[options]"]).joined(separator: " ")
        let pathWidth = max(20, manifest.includeIf.map { TextWrapping.columns(DisplayPath.escaped($0.path)) }.max() ?? 0)
        let text = Help.sections([
            "RECIPE: \(manifest.name) \(manifest.version)\n  \(manifest.summary)",
            TextWrapping.fill(usage, width: max(width, TextWrapping.minimumWidth), lead: "USAGE: ", indent: String(repeating: " ", count: 11)).joined(separator: "\n"),
            "VALUES:\n" + entries.map { entry($0.term, $0.lines, column: under ? nil : termWidth) }.joined(separator: "\n"),
            Help.section("FILES CHOSEN BY VALUES (include-if):", manifest.includeIf.map { entry in
                "  \(TextWrapping.padded(DisplayPath.escaped(entry.path), toColumns: pathWidth))  only if \(entry.text)"
            }),
            Help.section("FILES WRITTEN UNDER ANOTHER NAME (rename):", manifest.rename.keys.sorted().map { path in
                "  \(DisplayPath.escaped(path)) -> \(DisplayPath.escaped(manifest.rename[path] ?? path))"
            }),
            Help.section("TASKS (run after writing, before the checks; --no-tasks skips them):", manifest.tasks.map { task in
                "  \(task.name): \(task.run)" + Self.moment(of: task)
            }),
            Help.section("CHECKS (run after generation; --no-test skips them):", manifest.checks.map { check in
                "  \(check.name)" + (check.optIn ? " (opt-in: --with '\(check.name)')" : "")
            }),
            "'duo-new --help' shows every option; 'duo-new list --json' gives these values as JSON.",
        ])
        // The manifest's text (a summary, descriptions, hints, choices, check names) may come
        // from anyone's git repository: nothing in it reaches the terminal as a control character.
        return DisplayPath.escaped(text, keepingNewlines: true)
    }

    /// When a task runs besides once after writing: an `on: [update]` task never runs at generation.
    private static func moment(of task: SetupTask) -> String {
        guard task.on.contains(.update) else { return "" }
        return task.on.contains(.generate) ? " (also after update)" : " (only after update, never at generation)"
    }

    /// `  term` with its lines beside it, from `column` on; without a column, the lines under
    /// the term from column 6.
    private static func entry(_ term: String, _ lines: [String], column: Int?) -> String {
        guard let column else { return (["  " + term] + lines.map { "      " + $0 }).joined(separator: "\n") }
        let lead = "  " + term + String(repeating: " ", count: max(2, column - term.count))
        let padding = String(repeating: " ", count: column + 2)
        return ([lead + (lines.first ?? "")] + lines.dropFirst().map { padding + $0 }).joined(separator: "\n")
    }
}
