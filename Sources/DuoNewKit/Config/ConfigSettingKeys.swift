import DuoNewCore

/// Keys under the config's `set:` that no recipe declares: a misspelling there would otherwise
/// be ignored without a word, since one config serves every recipe and each takes only the keys
/// it declares. The config cannot say which recipe a key is meant for, so a key is known when
/// the recipe being generated or any recipe the catalog finds declares it; any other is warned
/// about at its place, with the nearest declared key.
public enum ConfigSettingKeys {
    public static func warnings(_ config: UserConfig, recipe manifest: Manifest, catalog: TemplateCatalog) -> [Diagnostic] {
        let own = Set(manifest.placeholders.compactMap(\.settingKey))
        let unknown = config.settings.map(\.key).filter { !own.contains($0) }
        // Every recipe's manifest is read only when the recipe at hand does not know a key.
        guard !unknown.isEmpty else { return [] }
        var known = own
        for entry in catalog.entries() {
            if case .success(let other) = entry.manifest { known.formUnion(other.placeholders.compactMap(\.settingKey)) }
        }
        return unknown.filter { !known.contains($0) }.map { key in
            let suggestion = NameSuggestion.closest(to: key, among: known.sorted())
            return .warning(
                at: config.settingKeyPlaces[key],
                "'\(key)' under 'set' is a value no recipe found declares, so it is never used"
                    + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'duo-new help RECIPE' lists a recipe's values")
            )
        }
    }
}
