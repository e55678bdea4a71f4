import DuoNewCore

/// What Tab offers for the word being typed, decided from the command table and the words
/// before it: the one place the line is read for completion. The shells' scripts pass the
/// line to `duo-new __complete SHELL WORD...` and only show the reply, so bash, zsh and fish
/// cannot disagree with each other or with the parser about which command, recipe or option a
/// word is.
struct CompletionReply: Equatable {
    enum Kind: String, Equatable {
        /// The candidates below, already narrowed to what was typed.
        case words
        /// The shell's own folder names.
        case folders
        /// The shell's own file names.
        case files
    }

    struct Candidate: Equatable {
        var word: String
        /// A few words beside it, for the shells that show them (zsh, fish).
        var description: String?
    }

    var kind: Kind
    var candidates: [Candidate] = []
    /// No space after the word (`--set KEY=`, whose value comes next).
    var spaceAfter = true

    static let none = CompletionReply(kind: .words)

    /// The hidden first argument the scripts call duo-new with.
    static let commandWord = "__complete"

    /// The first line names the kind (`words`, `words nospace`, `folders`, `files`); then one
    /// candidate a line, a tab before its description.
    var rendered: String {
        let head = kind.rawValue + (spaceAfter ? "" : " nospace")
        let lines = candidates.map { candidate in candidate.word + (candidate.description.map { "\t" + $0 } ?? "") }
        return ([head] + lines).joined(separator: "\n")
    }
}

/// The recipe facts a reply may need, asked only when the line gets that far.
protocol CompletionRecipes {
    /// The recipes' names (no layers), from the `--templates` on the line, else the usual place.
    func names(templates: String?) -> [String]
    /// The recipe's manifest with its layers, or nil when it cannot be found or read.
    func manifest(of recipe: String, templates: String?) -> Manifest?
}

extension CompletionReply {
    /// The reply for `words`, the command line after `duo-new`, the last being the word typed so
    /// far (empty when Tab is pressed after a space). bash splits words at `=` and `:` (its
    /// COMP_WORDBREAKS: `style=plain`, `git+file:///x`, `--templates=DIR`) and replaces only the
    /// piece after the last one: the pieces are read joined, and the reply is the part after.
    static func reply(to words: [String], shell: CompletionScripts.Shell, table: CommandTable = .duoNew, recipes: any CompletionRecipes) -> CompletionReply {
        let joined = shell == .bash ? bashWordsJoined(words) : (words: words, lastPieceStart: 0)
        let before = Array(joined.words.dropLast())
        let typed = joined.words.last ?? ""
        let shownFrom = String(typed.prefix(joined.lastPieceStart))
        var reply = LineReading(before, table: table, recipes: recipes).reply(typed: typed)
        // A word holding a control character (a recipe folder named so) cannot be typed, and
        // would break the reply's lines or reach the terminal: it is not offered.
        reply.candidates = reply.candidates.filter { $0.word.hasPrefix(typed) && !DisplayPath.needsEscaping($0.word) }.map { candidate in
            Candidate(word: String(candidate.word.dropFirst(shownFrom.count)), description: candidate.description)
        }
        return reply
    }

    /// bash's pieces joined back into the words the command gets: a piece that is all `=` and
    /// `:` joins the word before it and the one after; `lastPieceStart` is where, in the last
    /// word, the piece bash replaces begins.
    static func bashWordsJoined(_ pieces: [String]) -> (words: [String], lastPieceStart: Int) {
        var words: [String] = []
        var glued = false
        var lastPieceStart = 0
        for piece in pieces {
            let isBreak = !piece.isEmpty && piece.allSatisfy { $0 == "=" || $0 == ":" }
            if !words.isEmpty, isBreak || glued {
                lastPieceStart = words[words.count - 1].count + (isBreak ? piece.count : 0)
                words[words.count - 1] += piece
                glued = isBreak
            } else {
                words.append(piece)
                lastPieceStart = 0
                glued = false
            }
        }
        return (words, lastPieceStart)
    }
}

/// The words before the one typed, read as the parser reads them (`CommandLineScan`): the
/// command, the recipe, how many positionals are given, and the `--templates` to ask.
private struct LineReading {
    let before: [String]
    let table: CommandTable
    let recipes: any CompletionRecipes
    let command: CommandSpec
    /// Positionals after the command word (after `generate`, when it was typed).
    let positionals: [String]
    /// Whether the command word was typed (`generate` may be, or not).
    let commandTyped: Bool
    let templates: String?

    init(_ before: [String], table: CommandTable, recipes: any CompletionRecipes) {
        let scan = CommandLineScan(before, table: table)
        let named = scan.words.first.flatMap(table.command(named:))
        self.before = before
        self.table = table
        self.recipes = recipes
        command = named ?? table.generation
        commandTyped = named != nil
        positionals = Array(scan.words.dropFirst(named == nil ? 0 : 1))
        templates = scan.given.last { $0.name == "--templates" }?.value
    }

    /// The recipe the line generates from, whose `--set` keys and opt-in checks are offered.
    private var recipe: String? {
        command.command == .generate ? positionals.first : nil
    }

    func reply(typed: String) -> CompletionReply {
        // `--templates=DIR`, `--set=KEY=VALUE`: the part after the '=' is the option's value,
        // offered as it is after a space, with the word's start kept.
        if typed.hasPrefix("--"), !before.contains("--"), let equals = typed.firstIndex(of: "="),
           let option = table.option(named: String(typed[..<equals])), let kind = option.value {
            let head = String(typed[...equals])
            var reply = value(kind, of: option, typed: String(typed[typed.index(after: equals)...]))
            reply.candidates = reply.candidates.map { CompletionReply.Candidate(word: head + $0.word, description: $0.description) }
            return reply
        }
        // The value of the option just before (`--option=value` names no option: it is one word).
        if let last = before.last, !before.dropLast().contains("--"), let option = table.option(named: last), let kind = option.value {
            return value(kind, of: option, typed: typed)
        }
        // After `--` every word is a positional, as the parser reads it.
        if typed.hasPrefix("-"), !before.contains("--") {
            return CompletionReply(kind: .words, candidates: table.options(of: command).flatMap { option in
                [option.name, option.short].compactMap { $0 }.map { CompletionReply.Candidate(word: $0, description: option.brief) }
            })
        }
        return positional(typed: typed)
    }

    private func value(_ kind: OptionSpec.ValueKind, of option: OptionSpec, typed: String) -> CompletionReply {
        let described = { (words: [String]) in words.map { CompletionReply.Candidate(word: $0, description: option.brief) } }
        switch kind {
        case .folder: return CompletionReply(kind: .folders)
        case .file: return CompletionReply(kind: .files)
        case .seconds: return .none
        case .recipeName: return CompletionReply(kind: .words, candidates: described(recipes.names(templates: templates)))
        case .keyValue:
            guard let recipe, let manifest = recipes.manifest(of: recipe, templates: templates) else { return .none }
            // `KEY=` first, with no space after it; once the `=` is typed, the values.
            let words = manifest.settingCompletions.filter { typed.contains("=") ? !$0.word.hasSuffix("=") : $0.word.hasSuffix("=") }
            // Each beside its value's own description (escaped: it is the recipe's text, and one
            // reply line a candidate), else the option's brief.
            let candidates = words.map { CompletionReply.Candidate(word: $0.word, description: $0.description.map { DisplayPath.escaped($0) } ?? option.brief) }
            return CompletionReply(kind: .words, candidates: candidates, spaceAfter: typed.contains("="))
        case .checkName:
            guard let recipe, let manifest = recipes.manifest(of: recipe, templates: templates) else { return .none }
            return CompletionReply(kind: .words, candidates: described(manifest.optInCheckNames))
        }
    }

    /// The next positional of the command, as the table declares it.
    private func positional(typed: String) -> CompletionReply {
        let index = positionals.count
        guard let spec = command.positionals.indices.contains(index) ? command.positionals[index] : command.positionals.last.flatMap({ $0.repeats ? $0 : nil }) else {
            return .none
        }
        switch spec.completion {
        case .none: return .none
        case .folder: return CompletionReply(kind: .folders)
        case .choices: return CompletionReply(kind: .words, candidates: spec.choices.map { CompletionReply.Candidate(word: $0) })
        case .topic, .recipe:
            // After `help`, a command or a recipe; where a recipe goes, a path to a recipe folder,
            // or a recipe's name (and, first on the line, a command).
            if spec.completion == .recipe, typed.contains("/") { return CompletionReply(kind: .folders) }
            let commands = spec.completion == .recipe && commandTyped ? [] : table.commandWords
            let names = recipes.names(templates: templates).map { CompletionReply.Candidate(word: $0, description: "recipe") }
            return CompletionReply(kind: .words, candidates: commands.map { CompletionReply.Candidate(word: $0, description: "command") } + names)
        }
    }
}
