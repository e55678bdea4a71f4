import DuoNewCore

/// Options every command accepts.
struct CommonOptions: Equatable {
    var templates: String?
    var json = false
    var quiet = false
    /// `list --names`: recipe names only, one a line, for shell completion.
    var names = false
    /// `schema --layer`: the schema of `layer.yaml`.
    var layerSchema = false
    /// `--offline`: recipes from git come from the cache only.
    var offline = false
    /// `--trust`: the checks of a recipe from git run without asking (`CheckConsent`).
    var trust = false
    /// `--no-input`: never ask, neither for a missing argument nor for consent.
    var noInput = false
    /// `list --set-keys RECIPE`: the recipe's `--set` keys, for shell completion.
    var setKeysOf: String?
    /// `list --opt-in-checks RECIPE`: the recipe's opt-in checks, for shell completion.
    var optInChecksOf: String?
}
