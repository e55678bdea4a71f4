/// Options every command accepts.
struct CommonOptions: Equatable {
    var templates: String?
    var json = false
    var quiet = false
    /// `list --names`: recipe names only, one a line, for shell completion.
    var names = false
    /// `--offline`: recipes from git come from the cache only.
    var offline = false
}
