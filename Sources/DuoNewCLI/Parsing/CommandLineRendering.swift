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
}
