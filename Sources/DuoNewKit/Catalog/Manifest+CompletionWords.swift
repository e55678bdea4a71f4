import DuoNewCore

/// What Tab offers after a recipe's `--set` and `--with`, and `list --set-keys` and
/// `list --opt-in-checks` print.
extension Manifest {
    /// What `--set` takes: `KEY=` for each value, then `KEY=VALUE` for each value a choice or a
    /// bool may take.
    public var settingWords: [String] {
        settingCompletions.map(\.word)
    }

    /// `settingWords`, each with the words zsh and fish show beside it: the value's description
    /// (a choice's own, where it has one), its first line, or nil without one.
    public var settingCompletions: [(word: String, description: String?)] {
        let settings = placeholders.compactMap { placeholder in placeholder.settingKey.map { (key: $0, placeholder: placeholder) } }
        let firstLine = { (text: String?) in text.map { String($0.prefix { !$0.isNewline }) }.flatMap { $0.isEmpty ? nil : $0 } }
        return settings.map { ("\($0.key)=", firstLine($0.placeholder.description)) } + settings.flatMap { key, placeholder -> [(word: String, description: String?)] in
            let described = firstLine(placeholder.description)
            switch placeholder.type {
            case .choice(let choices): return choices.map { ("\(key)=\($0.value)", firstLine($0.description) ?? described) }
            case .bool: return [("\(key)=true", described), ("\(key)=false", described)]
            case .string, .integer: return []
            }
        }
    }

    /// What `--with` takes: the names of the opt-in checks.
    public var optInCheckNames: [String] {
        checks.filter(\.optIn).map(\.name)
    }
}
