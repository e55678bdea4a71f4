#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import DuoNewKit

/// The recipe's `--set` values on the terminal, each as its type asks: a choice as a numbered
/// list (its number or its value), a bool as y/n, anything else as text; each answer read by
/// the placeholder's own rules, so what passes here passes generation.
extension Prompter {
    /// A setting for every value `request` does not give (with `onlyRequired`, for those
    /// without a default alone); a question its `ask-if` leaves out is not asked, and a
    /// `default-from` is proposed as worked out from the answers so far.
    func askSettings(_ manifest: Manifest, request: GenerateRequest, config: UserConfig, onlyRequired: Bool = false) throws(CommandFailure) -> [GenerateRequest.Setting] {
        var settings: [GenerateRequest.Setting] = []
        let given = Set(request.settings.map(\.key))
        let defaults = Dictionary(config.settings.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        // A config value that breaks its placeholder's rule is refused as generation refuses it.
        let taken = config.defaultSettings(for: manifest, given: Array(given))
        try CommandFailure.from { () throws(GenerationFailure) in try GenerationPipeline.checkDefaults(taken, of: config, manifest: manifest) }
        for placeholder in PlaceholderOrder.sorted(manifest.placeholders) {
            guard let key = placeholder.settingKey, !given.contains(key) else { continue }
            // A secret given in its environment variable is not asked for.
            if placeholder.secret, let variable = placeholder.environment, context.environment[variable] != nil { continue }
            let known = PlaceholderValues.known(
                manifest: manifest, appName: request.appName, bundleID: request.bundleID,
                settings: (request.settings + settings).map { ($0.key, $0.value) }
            )
            if let askIf = placeholder.askIf, !askIf.condition.holds(for: known) { continue }
            let label = key + (placeholder.description.map { " (\($0.trimmingCharacters(in: .whitespacesAndNewlines)))" } ?? "")
            let proposal = defaults[key].flatMap { try? placeholder.read($0) }
                ?? placeholder.defaultFrom.flatMap { $0.evaluate(known) } ?? placeholder.defaultValue
            if onlyRequired, proposal != nil { continue }
            let value: String
            switch placeholder.type {
            case _ where placeholder.secret:
                value = try askSecret(placeholder, label: label + " (secret, not shown)")
            case .choice(let choices): value = try askChoice(placeholder, label: label, choices: choices, proposal: proposal)
            case .bool:
                value = try ask(label + " (y/n)", proposal: proposal.map { $0 == "true" ? "y" : "n" }) { answer throws(CommandFailure) in
                    try Self.read(answer, by: placeholder)
                }
            default:
                value = try ask(label, proposal: proposal) { answer throws(CommandFailure) in
                    try Self.read(answer, by: placeholder)
                }
            }
            settings.append(.init(key: key, value: value))
        }
        return settings
    }

    /// The choices numbered, with their descriptions; the answer is a number or a value.
    private func askChoice(_ placeholder: Placeholder, label: String, choices: [ValueType.Choice], proposal: String?) throws(CommandFailure) -> String {
        write("\(DisplayPath.escaped(label)):\n")
        let width = choices.map { DisplayPath.escaped($0.value).count }.max() ?? 0
        for (index, choice) in choices.enumerated() {
            let described = choice.description.map { "  " + DisplayPath.escaped($0) } ?? ""
            write("  \(index + 1)  \(DisplayPath.escaped(choice.value).padding(toLength: width, withPad: " ", startingAt: 0))\(described)\n")
        }
        let values = choices.map(\.value)
        func chosen(_ answer: String) -> String {
            if let number = Int(answer), values.indices.contains(number - 1) { return values[number - 1] }
            return answer
        }
        return try ask("Choice (number or value)", proposal: proposal) { answer throws(CommandFailure) in
            try Self.read(chosen(answer), by: placeholder)
        }
    }

    /// Asks for a secret with the terminal's echo off, until its placeholder's rules take it.
    func askSecret(_ placeholder: Placeholder, label: String) throws(CommandFailure) -> String {
        try QuestionInterrupt.withoutEcho { () throws(CommandFailure) -> String in
            try ask(label, proposal: nil) { answer throws(CommandFailure) in
                _ = try Self.read(answer, by: placeholder)
                return answer
            }
        }
    }

    private static func read(_ answer: String, by placeholder: Placeholder) throws(CommandFailure) -> String {
        try CommandFailure.from { () throws(GenerationFailure) in try PromptAnswers.read(answer, by: placeholder) }
    }
}
