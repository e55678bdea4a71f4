import DuoNewCore

extension GenerationPipeline {
    /// The `--set` values with the AppName and bundle id, the config's `set` values first and the
    /// command line's winning; or why they do not fit the recipe.
    static func resolveValues(_ request: Request, manifest: Manifest) throws(GenerationFailure) -> [String: String] {
        let defaults = request.config.defaultSettings(for: manifest, given: request.settings.map(\.key))
        try checkDefaults(of: request.config, manifest: manifest, given: request.settings.map(\.key))
        // The config's values, and secrets from their `env` variables, stand in for a `--set` not
        // given, but never answer a question `ask-if` leaves out.
        var fallbacks: [String: String] = [:]
        for (key, value) in try defaults + secretSettings(manifest, environment: request.environment, given: request.settings.map(\.key)) {
            for placeholder in manifest.placeholders where placeholder.settingKey == key { fallbacks[placeholder.name] = value }
        }
        do {
            return try PlaceholderValues.resolve(
                manifest: manifest, appName: request.appName, bundleID: request.bundleID, settings: request.settings,
                fallbacks: fallbacks, today: request.today ?? GenerationClock.today(environment: [:])
            )
        } catch {
            throw failure(error)
        }
    }

    /// The `--set` keys the user gave, one way or another: on the command line (or at the
    /// prompt), in the config's `set`, or a secret in its variable. What the recipe proposes
    /// for the others is its own (`PlanProblem.isMadeByRecipe`).
    static func givenKeys(_ request: Request, manifest: Manifest) -> Set<String> {
        let typed = request.settings.map(\.key)
        let configured = request.config.defaultSettings(for: manifest, given: typed).map(\.key)
        let secrets = manifest.placeholders.compactMap { placeholder -> String? in
            secretInVariable(placeholder, environment: request.environment) == nil ? nil : placeholder.settingKey
        }
        return Set(typed + configured + secrets)
    }

    /// A secret's `env` variable and its value, when it is set and not empty: a CI job that
    /// lacks the secret sets the variable to "" (`${{ secrets.X }}`), which is no secret, so it
    /// counts as unset (the secret is asked for, or missing: 64). Nil for any other placeholder.
    public static func secretInVariable(_ placeholder: Placeholder, environment: [String: String]) -> (variable: String, value: String)? {
        guard placeholder.secret, let variable = placeholder.environment, let value = environment[variable], !value.isEmpty else { return nil }
        return (variable, value)
    }

    /// The secrets not given with `--set` whose `env` variable is set, as settings; one that
    /// breaks its rules is refused (65), naming the variable.
    /// A value whose bytes were not UTF-8 reaches duo-new with U+FFFD in their place, and would
    /// be stamped changed without a word: refused (65), as a `--set` value that is not UTF-8 is.
    public static func secretSettings(_ manifest: Manifest, environment: [String: String], given: [String]) throws(GenerationFailure) -> [(key: String, value: String)] {
        var settings: [(key: String, value: String)] = []
        for placeholder in manifest.placeholders {
            guard let key = placeholder.settingKey, !given.contains(key),
                  let (variable, value) = secretInVariable(placeholder, environment: environment) else { continue }
            if value.unicodeScalars.contains("\u{FFFD}") {
                throw GenerationFailure(.badValue, "the variable \(variable), which gives the secret '\(key)', is not valid UTF-8 (or holds U+FFFD), and the secret would be written changed; set it in UTF-8, or give the value with '--set \(key)=…'")
            }
            // Refused here, naming the variable: as a fallback it would be blamed on the record or the config.
            do throws(NameError) {
                _ = try placeholder.read(value)
            } catch {
                throw GenerationFailure(.badValue, "\(error.withRule), as read from the variable \(variable); set it to a value that fits, or give '--set \(key)=…'")
            }
            settings.append((key, value))
        }
        return settings
    }

    /// A value that does not fit, as the kind of fault it is: a rule broken (65, with the rule's
    /// name; 78 when the recipe's own value broke it), or a key the recipe does not declare (64).
    public static func failure(_ error: PlaceholderValueError) -> GenerationFailure {
        switch error {
        case .invalidValue(let nameError), .invalidKeptValue(let nameError, _), .invalidRecordedDay(let nameError), .invalidProposal(let nameError, _, _),
             .invalidDerived(let nameError, _):
            return GenerationFailure(error.isRecipesFault ? .brokenRecipe : .badValue, "\(error.message) [\(nameError.rule)]")
        default: break
        }
        return GenerationFailure(error.isUsageError ? .usage : .badValue, error.message)
    }

    /// The config's `set` values this recipe takes, each read by its placeholder's type and
    /// pattern: a bad one is refused (65) naming the config file and line, not as if it had been
    /// typed, unless `given` (the command line's keys) overrides it; a value for a secret is
    /// refused even then, since the file holds it in plain text either way. The prompt asks it
    /// too before proposing them, so a bad one is never dropped in silence.
    package static func checkDefaults(of config: UserConfig, manifest: Manifest, given: [String]) throws(GenerationFailure) {
        for (key, value) in config.defaultSettings(for: manifest, given: []) {
            for placeholder in manifest.placeholders where placeholder.settingKey == key {
                let place = config.settingPlaces[key]?.rendered ?? config.path
                if placeholder.secret {
                    let variable = placeholder.environment.map { ", the variable \($0)" } ?? ""
                    throw GenerationFailure(.badValue, "'set: \(key)' at \(DisplayPath.escaped(place)) gives the secret '\(key)', which is never read from the config (plain text that 'duo-new config' prints); remove it there, and give the secret with '--set \(key)=…'\(variable) or at the prompt")
                }
                guard !given.contains(key) else { continue }
                do throws(NameError) {
                    _ = try placeholder.read(value)
                } catch {
                    throw GenerationFailure(.badValue, "\(error.withRule); the value is the default of 'set: \(key)' at \(DisplayPath.escaped(place)); change it there, or give '--set \(key)=VALUE'")
                }
            }
        }
    }
}
