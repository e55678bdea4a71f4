/// Works out the value of every placeholder from the arguments and `--set` pairs.
public enum PlaceholderValues {
    /// The longest `--set` value, in bytes: enough for any name, identifier or sentence a recipe
    /// stamps, and short enough that a value can never be a way to fill a disk or the memory.
    public static let maximumValueBytes = 1024

    /// Token names (`APP_NAME`) to values. `settings` are the `--set` pairs in the order given.
    /// The AppName and bundle id are checked separately (they need the template's name context).
    /// Each value is read by its placeholder's type, and kept in the form stamped (`yes` → `true`).
    public static func resolve(
        manifest: Manifest,
        appName: String,
        bundleID: String,
        settings: [(key: String, value: String)]
    ) throws(PlaceholderValueError) -> [String: String] {
        let knownKeys = manifest.placeholders.compactMap { placeholder -> String? in
            if case .setting(let key, _, _) = placeholder.source { key } else { nil }
        }
        var given: [String: String] = [:]
        for setting in settings {
            guard knownKeys.contains(setting.key) else {
                throw .unknownKey(setting.key, suggestion: NameSuggestion.closest(to: setting.key, among: knownKeys), known: knownKeys)
            }
            guard given[setting.key] == nil else { throw .repeatedKey(setting.key) }
            guard setting.value.utf8.count <= maximumValueBytes else {
                throw .valueTooLong(setting.key, bytes: setting.value.utf8.count)
            }
            given[setting.key] = setting.value
        }
        var values: [String: String] = [:]
        for placeholder in manifest.placeholders {
            switch placeholder.source {
            case .appName:
                values[placeholder.name] = appName
            case .bundleID:
                values[placeholder.name] = bundleID
            case .setting(let key, let defaultValue, _):
                guard let value = given[key] ?? defaultValue else {
                    throw .missingKey(key, description: placeholder.description)
                }
                do {
                    values[placeholder.name] = try placeholder.read(value)
                } catch {
                    throw .invalidValue(error)
                }
            }
        }
        return values
    }
}
