import DuoNewCore
import DuoNewKit

/// The recipe's `--set` values on the terminal, each as its type asks: a choice as a numbered
/// list (its number or its value), a bool as y/n, anything else as text; each answer read by
/// the placeholder's own rules, so what passes here passes generation.
extension Prompter {
    /// A setting for every value `request` does not give that the recipe's questions ask for
    /// (`PromptAnswers.question`; with `onlyRequired`, those with nothing to propose alone).
    func askSettings(_ answers: PromptAnswers, request: GenerateRequest, config: UserConfig, onlyRequired: Bool = false) throws(CommandFailure) -> [GenerateRequest.Setting] {
        var settings: [GenerateRequest.Setting] = []
        let candidates = try CommandFailure.from { () throws(GenerationFailure) in
            try answers.settingCandidates(given: request.settings.map(\.key), config: config, environment: context.environment)
        }
        for placeholder in candidates {
            let known = (request.settings + settings).map { ($0.key, $0.value) }
            guard let question = answers.question(
                for: placeholder, appName: request.appName, bundleID: request.bundleID,
                settings: known, config: config, onlyRequired: onlyRequired
            ) else { continue }
            settings.append(.init(key: question.key, value: try ask(question)))
        }
        return settings
    }

    /// One answer to `question`, as its placeholder's type asks for it; at a choice, a number
    /// is the value listed (`SettingQuestion.value(of:)`).
    private func ask(_ question: SettingQuestion) throws(CommandFailure) -> String {
        let placeholder = question.placeholder
        if placeholder.secret { return try askSecret(placeholder, label: question.label + " (secret, not shown)") }
        var label = question.label
        var proposal = question.proposal
        switch placeholder.type {
        case .choice(let choices):
            showChoices(choices, label: label)
            label = "Choice (number or value)"
        case .bool:
            label += " (y/n)"
            proposal = proposal.map { $0 == "true" ? "y" : "n" }
        default:
            break
        }
        return try ask(label, proposal: proposal) { answer throws(CommandFailure) in
            try Self.read(question.value(of: answer), by: placeholder)
        }
    }

    /// The choices numbered, with their descriptions, under the question's label: a table
    /// fitted to the terminal as the recipes' list is (`TextWrapping.cell`).
    private func showChoices(_ choices: [ValueType.Choice], label: String) {
        let terminal = max(console.width, TextWrapping.minimumWidth)
        write(TextWrapping.fill(DisplayPath.escaped(label) + ":", width: terminal).joined(separator: "\n") + "\n")
        let width = choices.map { TextWrapping.columns(DisplayPath.escaped($0.value)) }.max() ?? 0
        let digits = String(choices.count).count
        for (index, choice) in choices.enumerated() {
            let lead = "  \(String(index + 1).padding(toLength: digits, withPad: " ", startingAt: 0))  \(TextWrapping.padded(DisplayPath.escaped(choice.value), toColumns: width))"
            let lines = choice.description.map { TextWrapping.cell(DisplayPath.escaped($0), width: terminal, lead: lead + "  ") } ?? [lead]
            write(lines.joined(separator: "\n") + "\n")
        }
    }

    /// Asks for a secret with the terminal's echo off, until its placeholder's rules take it.
    func askSecret(_ placeholder: Placeholder, label: String) throws(CommandFailure) -> String {
        try QuestionInterrupt.withoutEcho { () throws(CommandFailure) -> String in
            try ask(label, proposal: nil, echoed: false) { answer throws(CommandFailure) in
                _ = try Self.read(answer, by: placeholder)
                return answer
            }
        }
    }

    private static func read(_ answer: String, by placeholder: Placeholder) throws(CommandFailure) -> String {
        try CommandFailure.from { () throws(GenerationFailure) in try PromptAnswers.read(answer, by: placeholder) }
    }
}
