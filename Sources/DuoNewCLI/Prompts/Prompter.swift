import DuoNewKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Asks on the terminal for what a generation's command line left out: the recipe (from the
/// list), the AppName, the bundle id, the folder and each `--set` value the recipe declares. Each
/// answer is checked as it is typed, with generation's own messages, and asked again until it
/// passes. The answers fill in the request the command line began, so generation then runs
/// exactly as if they had been typed, with every check it always makes.
///
/// Never used unless standard input and output are both terminals, `--no-input` and `--defaults`
/// are absent and `CI` is unset: scripts keep getting the usage error (64) for a missing argument. Ctrl-C at a
/// prompt ends duo-new with 130 and a line saying nothing was created; end of input ends it with
/// 64; either way nothing has been created yet.
struct Prompter {
    let context: CommandContext
    let console: Console

    /// Whether a generation's missing arguments may be asked for here: as every question, only
    /// of a person at a terminal (`CommandContext.canAsk`), and not with `--defaults`.
    static func applies(to request: GenerateRequest, context: CommandContext) -> Bool {
        context.canAsk(request.common) && !request.useDefaults
    }

    /// `request` with the answers filled in: the positionals `missing`, then each `--set` value
    /// the recipe declares and the command line did not give; with none missing (a whole line),
    /// only the `--set` values it needs and lacks.
    func complete(_ request: GenerateRequest, missing: [PositionalSpec]) throws(CommandFailure) -> GenerateRequest {
        try QuestionInterrupt.asking(saying: Self.nothingCreated) { () throws(CommandFailure) in
            missing.isEmpty ? try askingRequired(request) : try asking(request, missing: missing)
        }
    }

    /// What Ctrl-C at a generation's question says: it comes before anything is written.
    static let nothingCreated = "interrupted at a question; nothing was created"

    private func asking(_ request: GenerateRequest, missing: [PositionalSpec]) throws(CommandFailure) -> GenerateRequest {
        var request = request
        let asked = Set(missing.map(\.name))
        let config = try context.userConfig()
        let catalog = try context.catalog(option: request.common.templates, offline: request.common.offline)

        if asked.contains("<recipe>") {
            request.recipe = try askRecipe(catalog)
        } else {
            request.recipe = Self.recipeName(request.recipe, in: catalog, console: console)
        }
        let answers = try loadRecipe(request.recipe, in: catalog)
        if asked.contains("<AppName>") {
            request.appName = try ask("AppName (letters and digits, such as Sitter)", proposal: nil) { name throws(CommandFailure) in
                try CommandFailure.from { () throws(GenerationFailure) in try answers.checkAppName(name) }
            }
        }
        if asked.contains("<bundle-id>"), answers.manifest.takesBundleID {
            let proposal = config.bundleIDProposal(for: request.appName)
            write(console.wrapped("  proposed bundle id: \(proposal.origin)") + "\n")
            request.bundleID = try ask("Bundle id", proposal: proposal.id) { id throws(CommandFailure) in
                try CommandFailure.from { () throws(GenerationFailure) in try answers.checkBundleID(id) }
            }
        }
        if asked.contains("<folder>") {
            // `~/Apps/Sitter` is the home's, as a shell would read it, not a folder named `~`.
            request.folder = try ask("Folder", proposal: PromptAnswers.folderProposal(for: request.appName)) { [context, request] answer throws(CommandFailure) in
                try CommandFailure.from { () throws(GenerationFailure) in
                    try answers.checkFolder(context.expandingHome(answer), replace: request.replace, intoExisting: request.intoExisting)
                }
            }
        }

        request.settings += try askSettings(answers, request: request, config: config)
        sayWithoutQuestions(request, answers: answers)
        return request
    }

    /// The same command without questions, for a script or the next time. A secret is never
    /// printed, however it was given (typed at a question or on the command line): the line
    /// leaves it out (`PromptAnswers.secretsLeftOut`), to be given again.
    private func sayWithoutQuestions(_ request: GenerateRequest, answers: PromptAnswers) {
        var shown = request
        shown.settings.removeAll { answers.secretKeys.contains($0.key) }
        let leftOut = answers.secretsLeftOut(given: request.settings.map(\.key), environment: context.environment)
        write(CommandLineRendering.withoutQuestions(shown, note: leftOut, width: console.width) + "\n")
    }

    /// `request`, whole on the command line, with the `--set` values it needs and lacks (no
    /// default) asked for, rather than refused one by one.
    private func askingRequired(_ request: GenerateRequest) throws(CommandFailure) -> GenerateRequest {
        var request = request
        let catalog = try context.catalog(option: request.common.templates, offline: request.common.offline)
        request.recipe = Self.recipeName(request.recipe, in: catalog, console: console)
        let answers = try loadRecipe(request.recipe, in: catalog)
        let asked = try askSettings(answers, request: request, config: try context.userConfig(), onlyRequired: true)
        guard !asked.isEmpty else { return request }
        request.settings += asked
        sayWithoutQuestions(request, answers: answers)
        return request
    }

    /// Whether the recipe `request` names declares a bundle id (a part of one recipe's name
    /// stands for it, as in generation). A recipe not found is refused (66, with a suggestion)
    /// before any argument is said to be missing, and one found but broken (78, with its
    /// diagnostics), as generation would; the catalog's own refusal is left to generation.
    func takesBundleID(_ request: GenerateRequest) throws(CommandFailure) -> Bool {
        guard let catalog = try? context.catalog(option: request.common.templates, offline: request.common.offline) else { return true }
        let named = catalog.recipe(standingFor: request.recipe) ?? request.recipe
        return try loadRecipe(named, in: catalog).manifest.takesBundleID
    }

    /// The recipe `typed` names (`TemplateCatalog.recipe(standingFor:)`), with a note on
    /// standard error when a part of one recipe's name stood for it.
    static func recipeName(_ typed: String, in catalog: TemplateCatalog, console: Console) -> String {
        guard let recipe = catalog.recipe(standingFor: typed) else { return typed }
        noteTaking(recipe, for: typed, on: console)
        return recipe
    }

    /// Says that a part of one recipe's name stood for it, so nobody is surprised by the recipe run.
    private static func noteTaking(_ recipe: String, for typed: String, on console: Console) {
        console.notice("note:", .dim, "taking the recipe '\(recipe)' for '\(typed)', the one recipe whose name holds it")
    }

    // MARK: - Questions

    /// The recipe, by its number in the list or its name (or a path to a recipe folder).
    private func askRecipe(_ catalog: TemplateCatalog) throws(CommandFailure) -> String {
        let entries = catalog.entries(displayBase: context.workingDirectory)
        if let none = catalog.noRecipesReason { throw CommandFailure(code: .noRecipe, message: none) }
        let width = entries.map { TextWrapping.columns(DisplayPath.escaped($0.name)) }.max() ?? 0
        write("Recipes:\n")
        for (index, entry) in entries.enumerated() {
            let summary = (try? entry.manifest.get().summary) ?? "broken; 'duo-new lint' says why"
            // The summary filled beside its name's column, or under it when too narrow, as `list` fills it.
            let lead = "  \(String(index + 1).padding(toLength: String(entries.count).count, withPad: " ", startingAt: 0))  \(TextWrapping.padded(DisplayPath.escaped(entry.name), toColumns: width))  "
            let lines = TextWrapping.cell(DisplayPath.escaped(summary), width: max(console.width, TextWrapping.minimumWidth), lead: lead)
            write(lines.joined(separator: "\n") + "\n")
        }
        return try ask("Recipe (number or name)", proposal: entries.count == 1 ? entries[0].name : nil) { [context, console] answer throws(CommandFailure) in
            let recipe = try CommandFailure.from { () throws(GenerationFailure) in
                try PromptAnswers.recipe(answer, listed: entries.map(\.name), in: catalog, workingDirectory: context.workingDirectory)
            }
            if Int(answer) == nil, recipe != answer { Self.noteTaking(recipe, for: answer, on: console) }
            return recipe
        }
    }

    /// Asks until `take` accepts an answer, and returns what it made of it (a number in a list
    /// becomes the value listed; a value as its placeholder reads it); Enter takes the proposal.
    /// End of input stops duo-new (64).
    /// `echoed: false` for an answer read with the terminal's echo off, whose Enter the terminal
    /// did not print either: the line is ended here, so what follows starts on a line of its own.
    func ask(_ question: String, proposal: String?, echoed: Bool = true, take: (String) throws(CommandFailure) -> String) throws(CommandFailure) -> String {
        while true {
            // The question and its proposal quote the manifest (a description, a default);
            // wrapped to the terminal, the answer typed after the last line.
            let asked = DisplayPath.escaped(question + (proposal.map { " [\($0)]" } ?? ""))
            write(TextWrapping.fit(asked, width: max(console.width - 2, TextWrapping.minimumWidth)) + ": ")
            let read = Self.readLineBytes()
            // Without echo the terminal printed no Enter either; at the end of input, nobody did.
            if !echoed || read == nil { write("\n") }
            guard let bytes = read else {
                throw CommandFailure(code: .usage, message: "no answer for '\(question)' (end of input); nothing was created")
            }
            // As for the command line's arguments: bytes that are not UTF-8 would become a different name.
            guard let line = String(validating: bytes, as: UTF8.self) else {
                write(console.errorStyle("error:", .red) + " the answer ('\(ArgumentBytes.shown(bytes))') is not valid UTF-8; type it in UTF-8\n")
                continue
            }
            var answer = line.trimmingCharacters(in: .whitespaces)
            if answer.isEmpty, let proposal { answer = proposal }
            // An empty proposal (a default of "") is an answer Enter takes, as `--set key=` is.
            guard !answer.isEmpty || proposal != nil else {
                write("  an answer is needed here\n")
                continue
            }
            do {
                return try take(answer)
            } catch {
                console.error("error:", .red, error.message)
            }
        }
    }

    /// The recipe with its layers, and its manifest with theirs, loaded as generation loads
    /// them, to check the answers against (`PromptAnswers`): not found (66) or broken (78) is refused.
    private func loadRecipe(_ recipe: String, in catalog: TemplateCatalog) throws(CommandFailure) -> PromptAnswers {
        try CommandFailure.from { () throws(GenerationFailure) in try PromptAnswers.load(recipe, in: catalog, workingDirectory: context.workingDirectory) }
    }

    /// One line of standard input as its bytes, without the newline; nil at end of input.
    /// (`readLine` would have replaced bytes that are not UTF-8 already.) Read a byte at a
    /// time, so nothing after the line is taken from the terminal.
    static func readLineBytes() -> [UInt8]? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                if bytes.isEmpty { return nil }
                break
            }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return bytes
    }

    /// Questions go to standard error, so standard output keeps only results.
    func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

