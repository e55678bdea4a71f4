import DuoNewCore

/// What Tab offers after a recipe's `--set` and `--with`, and `list --set-keys` and
/// `list --opt-in-checks` print.
extension Manifest {
    /// What `--set` takes: `KEY=` for each value, then `KEY=VALUE` for each value a choice or a
    /// bool may take.
    public var settingWords: [String] {
        let keys = placeholders.compactMap { placeholder in placeholder.settingKey.map { ($0, placeholder.type) } }
        return keys.map { "\($0.0)=" } + keys.flatMap { key, type -> [String] in
            switch type {
            case .choice(let choices): choices.map { "\(key)=\($0.value)" }
            case .bool: ["\(key)=true", "\(key)=false"]
            case .string, .integer: []
            }
        }
    }

    /// What `--with` takes: the names of the opt-in checks.
    public var optInCheckNames: [String] {
        checks.filter(\.optIn).map(\.name)
    }
}
