/// Whose fault a value's problem with a name is. A value made the name unusable, but when every
/// value in it is one the recipe chose itself (a `--set` value nobody gave, so its default or
/// `default-from`; a choice or a bool, one of the values it offers; or a `from: derived` value
/// reading no value the user chose), no value the user could have chosen otherwise is to blame:
/// the recipe is (78), as lint says.
extension PlanProblem {
    /// The names as written in the tree (or as `rename` targets) whose values made the problem.
    private var namesWithValues: [String] {
        switch self {
        case .stampedLinkLeavesTree(_, let target, _, _): [target]
        case .namesCollide(let first, let second, _): [first, second]
        default: path.map { [$0] } ?? []
        }
    }

    /// The recipe's own values made this problem: no placeholder stamped into its names holds a
    /// value the user chose. `given` holds the `--set` keys the user gave (the command line, the
    /// config, a secret's variable); nil when that is not known (an update's recorded values),
    /// and every `--set` value counts as chosen. The AppName and the bundle id are always the
    /// user's; read by a derived value, they meet name rules of their own, so what that value
    /// adds around them is the recipe's, except where it meets a name the recipe fixed (`Docs`
    /// beside `__APP_FOLDER__`, the AppName's folder): another AppName avoids that, and only the
    /// user can give one. Never true of a template problem, which needs no value.
    public func isMadeByRecipe(_ manifest: Manifest, given: Set<String>?) -> Bool {
        guard !isTemplateProblem else { return false }
        let names = namesWithValues
        let stamped = manifest.placeholders.filter { placeholder in names.contains { $0.contains(placeholder.token) } }
        let withValues = names.filter { name in stamped.contains { name.contains($0.token) } }
        let meetsFixedName: Bool = if case .namesCollide = self { withValues.count == 1 } else { false }
        let chosen = ChosenValues(manifest: manifest, given: given, userNamesAreChosen: meetsFixedName)
        return !stamped.isEmpty && stamped.allSatisfy { placeholder in
            switch placeholder.source {
            case .appName, .bundleID: false
            default: !chosen.holds(placeholder)
            }
        }
    }
}

/// Which placeholders hold a value the user chose: a `--set` value given, or a derived value
/// reading one (through other derived values too). The one rule for whose fault a value's
/// problem is, a name's (`PlanProblem.isMadeByRecipe`) or a derived value's (`PlaceholderValues`).
struct ChosenValues {
    let manifest: Manifest
    let byName: [String: Placeholder]
    let given: Set<String>?
    /// A derived value reading the AppName or the bundle id holds the user's choice.
    let userNamesAreChosen: Bool
    /// Whether a choice or a bool counts too: for what a user may change (`--set`), not for
    /// whose fault a value is.
    let offeredValuesCount: Bool

    init(manifest: Manifest, given: Set<String>?, userNamesAreChosen: Bool, offeredValuesCount: Bool = false) {
        self.manifest = manifest
        byName = Dictionary(manifest.placeholders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.given = given
        self.userNamesAreChosen = userNamesAreChosen
        self.offeredValuesCount = offeredValuesCount
    }

    /// A `--set` value the user gave. A choice or a bool is one of the values the recipe offers:
    /// whichever is taken, what it spoils is the recipe's to mend.
    private func isGiven(_ placeholder: Placeholder, key: String) -> Bool {
        switch placeholder.type {
        case .choice, .bool: offeredValuesCount && (given?.contains(key) ?? true)
        default: given?.contains(key) ?? true
        }
    }

    /// `values` with each value the user chose replaced by `PlaceholderValues.sample` and the
    /// derived values worked out again: what a problem that is still there is not theirs to mend.
    func sampled(_ values: [String: String]) -> [String: String] {
        var samples = values
        for placeholder in manifest.placeholders {
            if case .setting(let key, _, _) = placeholder.source, isGiven(placeholder, key: key) { samples[placeholder.name] = PlaceholderValues.sample }
        }
        return PlaceholderValues.derived(samples, manifest: manifest)
    }

    /// The `--set` keys of the values the user chose that `placeholder`'s value is made from,
    /// sorted; empty when it holds none (the AppName and bundle id are not counted: they meet
    /// rules of their own before anything reads them).
    func chosenKeys(_ placeholder: Placeholder, visiting: Set<String> = []) -> [String] {
        switch placeholder.source {
        case .setting(let key, _, _):
            return isGiven(placeholder, key: key) ? [key] : []
        case .derived(let expression):
            let next = visiting.union([placeholder.name])
            let keys = expression.names.flatMap { name -> [String] in
                guard !next.contains(name.name), let read = byName[name.name] else { return [] }
                return chosenKeys(read, visiting: next)
            }
            return Array(Set(keys)).sorted()
        case .appName, .bundleID, .generationDay:
            return []
        }
    }

    func holds(_ placeholder: Placeholder, visiting: Set<String> = []) -> Bool {
        switch placeholder.source {
        case .setting(let key, _, _):
            return isGiven(placeholder, key: key)
        case .derived(let expression):
            // A ring is refused by the manifest; the visited set only keeps this from looping.
            let next = visiting.union([placeholder.name])
            return expression.names.contains { name in
                guard !next.contains(name.name), let read = byName[name.name] else { return false }
                return holds(read, visiting: next)
            }
        case .appName, .bundleID:
            return userNamesAreChosen
        case .generationDay:
            return false
        }
    }
}

extension PlanError {
    /// Exit 78 when the template is at fault or the recipe's own values made a name unusable,
    /// 65 when a value the user chose did (`PlanProblem.isMadeByRecipe`).
    public func isRecipesFault(_ manifest: Manifest, given: Set<String>?) -> Bool {
        problems.contains { $0.isTemplateProblem || $0.isMadeByRecipe(manifest, given: given) }
    }
}
