/// Works out the value of every placeholder from the arguments and `--set` pairs.
public enum PlaceholderValues {
    /// The longest value, in bytes (`Placeholder.read` holds every value to it, typed or kept):
    /// enough for any name, identifier or sentence a recipe stamps, and short enough that a value
    /// can never be a way to fill a disk or the memory.
    public static let maximumValueBytes = 1024

    /// Token names (`APP_NAME`) to values. `settings` are the `--set` pairs in the order given.
    /// The AppName and bundle id are checked separately (they need the template's name context).
    /// Each value is read by its placeholder's type, and kept in the form stamped (`yes` → `true`).
    ///
    /// `fallbacks` (token names to values: the record's on `update`, the config's `set` values
    /// on generation) stand in for a `--set` not given; unlike `--set`, one for a question its
    /// `ask-if` leaves out is ignored. `today` is the day `from: year` and `from: date` stamp
    /// when no fallback records it. Values are worked out in `PlaceholderOrder`, so a derived
    /// value and a `default-from` see the values they start from; every required `--set` left
    /// out is named in one error.
    public static func resolve(
        manifest: Manifest,
        appName: String,
        bundleID: String,
        settings: [(key: String, value: String)],
        fallbacks: [String: String] = [:],
        today: CalendarDay? = nil
    ) throws(PlaceholderValueError) -> [String: String] {
        let given = try checked(settings, manifest: manifest)
        var resolution = Resolution(given: given, fallbacks: fallbacks, today: today)
        resolution.chosen = chosenValues(manifest, given: given, fallbacks: fallbacks)
        try resolution.run(manifest, appName: appName, bundleID: bundleID)
        return resolution.values
    }

    /// The values known so far, for the prompt's proposals and its `ask-if` questions: what
    /// `resolve` would work out from what is given, leaving out what it cannot (a value missing,
    /// or one that breaks its rules), never refusing.
    public static func known(
        manifest: Manifest, appName: String, bundleID: String, settings: [(key: String, value: String)],
        fallbacks: [String: String] = [:], today: CalendarDay? = nil
    ) -> [String: String] {
        let given = Dictionary(settings.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        var resolution = Resolution(given: given, fallbacks: fallbacks, today: today, lenient: true)
        try? resolution.run(manifest, appName: appName, bundleID: bundleID)
        return resolution.values
    }

    /// Why a key that reads as a placeholder's token (`org-slug` for `ORG_SLUG`, `year`) takes no
    /// `--set`: a user who sees the token in the record or the help tries it first, and "no
    /// setting" alone would not tell them which value to give instead.
    private static func notSettable(_ key: String, manifest: Manifest) -> String? {
        let token = key.uppercased().replacingOccurrences(of: "-", with: "_")
        guard let placeholder = manifest.placeholders.first(where: { $0.name == token }) else { return nil }
        switch placeholder.source {
        case .setting: return nil
        case .appName: return "\(token) is the <AppName> argument; give it there"
        case .bundleID: return "\(token) is the <bundle-id> argument; give it there"
        case .generationDay: return "\(token) is the day of generation, stamped as it is and kept by 'update'; leave it out"
        case .derived(let expression):
            // Every value it reads that a `--set` may change, a choice or a bool too.
            let changeable = ChosenValues(manifest: manifest, given: nil, userNamesAreChosen: false, offeredValuesCount: true)
            let keys = changeable.chosenKeys(placeholder).map { "'--set \($0)=…'" }
            let instead = keys.isEmpty ? "leave it out" : "leave it out, and change " + (keys.count == 1 ? keys[0] : "one of " + keys.joined(separator: ", ")) + " instead"
            return "\(token) is worked out by the recipe from other values ('\(expression.text)'); \(instead)"
        }
    }

    /// Whose values these are: the `--set` keys given, and those a fallback (the config's `set`,
    /// a secret's variable, the record) stands in for, each the user's choice.
    private static func chosenValues(_ manifest: Manifest, given: [String: String], fallbacks: [String: String]) -> ChosenValues {
        let kept = manifest.placeholders.filter { fallbacks[$0.name] != nil }.compactMap(\.settingKey)
        return ChosenValues(manifest: manifest, given: Set(given.keys).union(kept), userNamesAreChosen: false)
    }

    /// The `--set` pairs by key: each key declared, given once (its value is read, its length
    /// among its rules, by `Placeholder.read`).
    private static func checked(_ settings: [(key: String, value: String)], manifest: Manifest) throws(PlaceholderValueError) -> [String: String] {
        let knownKeys = manifest.placeholders.compactMap(\.settingKey)
        var given: [String: String] = [:]
        for setting in settings {
            guard knownKeys.contains(setting.key) else {
                if let reason = notSettable(setting.key, manifest: manifest) { throw .notSettable(setting.key, reason: reason) }
                throw .unknownKey(setting.key, suggestion: NameSuggestion.closest(to: setting.key, among: knownKeys), known: knownKeys)
            }
            guard given[setting.key] == nil else { throw .repeatedKey(setting.key) }
            given[setting.key] = setting.value
        }
        return given
    }

    /// One working-out of the values, placeholder by placeholder in dependency order.
    private struct Resolution {
        var given: [String: String]
        var fallbacks: [String: String]
        var today: CalendarDay?
        var lenient = false
        /// Which values the user chose, so that a derived value one of them spoils is theirs to mend.
        var chosen: ChosenValues?
        var manifest: Manifest?
        var values: [String: String] = [:]
        /// Token names with no value, so what starts from them is not reported again.
        var unknown: Set<String> = []
        var missing: [PlaceholderValueError.MissingSetting] = []

        /// The day used when none is handed in: only a caller whose recipe has no date omits it.
        static let epoch = CalendarDay(year: 1970, month: 1, day: 1)

        mutating func run(_ manifest: Manifest, appName: String, bundleID: String) throws(PlaceholderValueError) {
            self.manifest = manifest
            for placeholder in PlaceholderOrder.sorted(manifest.placeholders) {
                switch placeholder.source {
                case .appName: values[placeholder.name] = appName
                case .bundleID: values[placeholder.name] = bundleID
                case .generationDay(let form):
                    // A recorded day is stamped again in the form this placeholder stamps now: a
                    // recipe that went from `date` to `year` gets the day's year, and one that went
                    // from `year` to `date` today's day, as a date it added would (a year cannot say
                    // which day). Neither is the user's to mend, and no `--set` could.
                    guard let recorded = fallbacks[placeholder.name], !(form == .date && CalendarDay.isStamped(recorded, as: .year)) else {
                        values[placeholder.name] = (today ?? Self.epoch).text(form)
                        continue
                    }
                    let stamped = form == .year && CalendarDay.isStamped(recorded, as: .date) ? String(recorded.prefix(4)) : recorded
                    try keep(stamped, for: placeholder, kept: true, recordedDay: true) { recorded throws(NameError) in
                        guard CalendarDay.isStamped(recorded, as: form) else {
                            let shape = form == .year ? "a year of four digits, such as 2026" : "a day as YYYY-MM-DD, such as 2026-12-05"
                            throw NameError(rule: "day.form", message: "the day '\(placeholder.name)' is '\(recorded)', which is not \(shape)")
                        }
                        return recorded
                    }
                case .derived(let expression):
                    guard let value = expression.evaluate(values) else {
                        unknown.insert(placeholder.name)
                        continue
                    }
                    try keep(value, for: placeholder, derived: true) { value throws(NameError) in
                        try NameRules.checkSetting(value, key: placeholder.name, pattern: nil)
                        return value
                    }
                case .setting(let key, let defaultValue, _):
                    try setting(placeholder, key: key, defaultValue: defaultValue)
                }
            }
            if !missing.isEmpty, !lenient { throw .missingKeys(missing) }
        }

        private mutating func setting(_ placeholder: Placeholder, key: String, defaultValue: String?) throws(PlaceholderValueError) {
            let asked = placeholder.askIf.map { $0.condition.holds(for: values) } ?? true
            if !asked, given[key] != nil, !lenient {
                throw .notAsked(key, condition: placeholder.askIf?.text ?? "")
            }
            let proposal = placeholder.defaultFrom.map { $0.evaluate(values) } ?? defaultValue
            guard let value = asked ? given[key] ?? fallbacks[placeholder.name] ?? proposal : proposal else {
                // A `default-from` whose source is missing is named by that source's entry.
                if let sources = placeholder.defaultFrom?.names.map(\.name), sources.contains(where: { unknown.contains($0) || values[$0] == nil }) {
                    unknown.insert(placeholder.name)
                    return
                }
                unknown.insert(placeholder.name)
                missing.append(.init(key: key, description: placeholder.description, variable: placeholder.secret ? placeholder.environment : nil))
                return
            }
            let kept = asked && given[key] == nil && fallbacks[placeholder.name] != nil
            let proposed = !(asked && (given[key] != nil || fallbacks[placeholder.name] != nil)) && placeholder.defaultFrom != nil
            try keep(value, for: placeholder, kept: kept, proposedAs: proposed ? (key, asked) : nil) { value throws(NameError) in try placeholder.read(value) }
        }

        /// The `--set` keys of the user's values a derived value that breaks its rules is made
        /// from, when another value for them mends it: worked out again with `sample` in their place
        /// (`ChosenValues.sampled`), it passes. Empty when it reads none of theirs, or when the
        /// recipe's own text breaks it whatever they give (`'a\tb' + ORG`): the recipe's fault.
        private func usersKeys(for placeholder: Placeholder, manifest: Manifest) -> [String] {
            guard let chosen, case let keys = chosen.chosenKeys(placeholder), !keys.isEmpty else { return [] }
            let redone = chosen.sampled(values)[placeholder.name] ?? ""
            let mendable = (try? NameRules.checkSetting(redone, key: placeholder.name, pattern: nil)) != nil
            return mendable ? keys : []
        }

        /// `kept`: the value is a fallback, not given, which the error says; `proposedAs`: the key
        /// of a value the recipe's `default-from` proposed, whose fault is the recipe's, and whether
        /// it was asked (else no `--set` may replace it).
        private mutating func keep(
            _ value: String, for placeholder: Placeholder, kept: Bool = false, proposedAs proposal: (key: String, asked: Bool)? = nil, derived: Bool = false, recordedDay: Bool = false,
            reading: (String) throws(NameError) -> String
        ) throws(PlaceholderValueError) {
            do {
                values[placeholder.name] = try reading(value)
            } catch {
                unknown.insert(placeholder.name)
                guard !lenient else { return }
                if derived, let manifest { throw .invalidDerived(error, from: usersKeys(for: placeholder, manifest: manifest)) }
                if let proposal { throw .invalidProposal(error, key: proposal.key, asked: proposal.asked) }
                if recordedDay { throw .invalidRecordedDay(error) }
                throw kept ? .invalidKeptValue(error, key: placeholder.settingKey) : .invalidValue(error)
            }
        }
    }
}

extension PlaceholderValues {
    /// `values` with every `from: derived` value worked out again from them, and each setting
    /// they lack that has a `default-from` proposed from them, in `PlaceholderOrder`: lint's
    /// samples and trials, whose other values are set by hand.
    /// The text that stands in for a value nobody gave: lint's trial, and the test of whether
    /// another value would mend a problem (`sampled`).
    public static let sample = "sample"

    /// `values` with each `--set` value the user gave (`given`: their keys; nil, every one) as
    /// `sample`, except a choice's or a bool's, which is one the recipe offers, and the derived
    /// values worked out again: a problem still there is the recipe's, whatever the user gives.
    public static func sampled(_ values: [String: String], manifest: Manifest, given: Set<String>?) -> [String: String] {
        ChosenValues(manifest: manifest, given: given, userNamesAreChosen: false).sampled(values)
    }

    public static func derived(_ values: [String: String], manifest: Manifest) -> [String: String] {
        var values = values
        for placeholder in PlaceholderOrder.sorted(manifest.placeholders) {
            switch placeholder.source {
            case .derived(let expression): values[placeholder.name] = expression.evaluate(values) ?? ""
            case .setting where values[placeholder.name] == nil:
                values[placeholder.name] = placeholder.defaultFrom.flatMap { $0.evaluate(values) } ?? sample
            default: break
            }
        }
        return values
    }
}
