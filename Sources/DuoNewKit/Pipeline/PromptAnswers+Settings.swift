import DuoNewCore

/// One `--set` value the prompt asks for: which placeholder, and what Enter takes.
public struct SettingQuestion: Sendable {
    public let placeholder: Placeholder
    /// The `--set` key the answer is given under.
    public let key: String
    /// The key with the placeholder's description, as the question shows it.
    public let label: String
    /// What Enter takes: the config's value, else the `default-from` worked out from the answers
    /// so far, else the default; nil when an answer must be typed.
    public let proposal: String?
}

/// Which `--set` values the prompt asks for, by the rules generation reads them with: the
/// command line's values are not asked again, nor a secret its `env` variable gives, nor a
/// question `ask-if` leaves out. The command line only asks what it is told and shows refusals.
extension PromptAnswers {
    /// The placeholders that may be asked, in the order generation reads them, after checking the
    /// config's values this recipe takes (a bad one is refused as generation refuses it, 65, not
    /// proposed and dropped in silence).
    public func settingCandidates(given: [String], config: UserConfig, environment: [String: String]) throws(GenerationFailure) -> [Placeholder] {
        try GenerationPipeline.checkDefaults(of: config, manifest: manifest, given: given)
        let secretsGiven = Set(try GenerationPipeline.secretSettings(manifest, environment: environment, given: given).map(\.key))
        return PlaceholderOrder.sorted(manifest.placeholders).filter { placeholder in
            guard let key = placeholder.settingKey else { return false }
            return !given.contains(key) && !secretsGiven.contains(key)
        }
    }

    /// The question for `placeholder` once `settings` (the command line's and the answers so far)
    /// are known, or nil when it is not asked: its `ask-if` does not hold, or `onlyRequired`
    /// asks only for values with nothing to propose.
    public func question(
        for placeholder: Placeholder, appName: String, bundleID: String,
        settings: [(key: String, value: String)], config: UserConfig, onlyRequired: Bool = false
    ) -> SettingQuestion? {
        guard let key = placeholder.settingKey else { return nil }
        let known = PlaceholderValues.known(manifest: manifest, appName: appName, bundleID: bundleID, settings: settings)
        if let askIf = placeholder.askIf, !askIf.condition.holds(for: known) { return nil }
        let configured = config.settings.first { $0.key == key }.flatMap { try? placeholder.read($0.value) }
        let proposal = configured ?? placeholder.defaultFrom.flatMap { $0.evaluate(known) } ?? placeholder.defaultValue
        if onlyRequired, proposal != nil { return nil }
        let described = placeholder.description.map { " (\($0.trimmingCharacters(in: .whitespacesAndNewlines)))" } ?? ""
        return SettingQuestion(placeholder: placeholder, key: key, label: key + described, proposal: proposal)
    }
}
