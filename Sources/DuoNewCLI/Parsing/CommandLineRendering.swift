import DuoNewCore

/// A generation's request as the command line that makes it, read back through the same
/// bindings the parser sets (`OptionBinding`): its options in the help's order, then the
/// positionals, after `--` when one of them starts with `-`.
enum CommandLineRendering {
    static func words(of request: GenerateRequest, table: CommandTable = .duoNew) -> [String] {
        let options = table.options(of: table.generation).flatMap { $0.binding.words(of: $0.name, in: request) }
        // A recipe without a bundle id takes `<recipe> <AppName> <folder>`: no empty '' for it.
        let positionals = [request.recipe, request.appName] + (request.bundleID.isEmpty ? [] : [request.bundleID]) + [request.folder]
        return options + (positionals.contains { $0.hasPrefix("-") } ? ["--"] : []) + positionals
    }

    /// `duo-new --set 'greeting=Hi' example-hello Sitter com.example.sitter ./Sitter`, quoted for a shell.
    static func shown(_ request: GenerateRequest) -> String {
        (["duo-new"] + words(of: request).map(ShellQuoting.quoted)).joined(separator: " ")
    }

    /// The prompt's closing line, `Without questions: duo-new …`, then `note` (what it leaves out).
    /// Too long for the terminal, the command goes under the heading in lines that each end in
    /// ` \`, so that it pastes into zsh or bash as one command, and the note after it: a line the
    /// terminal wrapped would part a word, and would not paste back as typed.
    static func withoutQuestions(_ request: GenerateRequest, note: String, width: Int) -> String {
        let heading = "Without questions:"
        let whole = heading + " " + shown(request) + note
        let width = max(width, TextWrapping.minimumWidth)
        guard TextWrapping.columns(whole) > width else { return whole }
        // An option and its value stay on one line: `--set 'style=plain'`.
        var units: [String] = ["duo-new"]
        var takesValue = false
        for word in words(of: request) {
            if takesValue, let option = units.popLast() { units.append(option + " " + ShellQuoting.quoted(word)) } else { units.append(ShellQuoting.quoted(word)) }
            takesValue = !takesValue && CommandTable.duoNew.option(named: word)?.takesValue == true
        }
        let lines = ShellQuoting.continued(words: units, width: width, indent: "  ")
        let notes = note.isEmpty ? [] : TextWrapping.fill(note.trimmingCharacters(in: .whitespaces), width: width, lead: "  ", indent: "   ")
        return ([heading] + lines + notes).joined(separator: "\n")
    }
}
