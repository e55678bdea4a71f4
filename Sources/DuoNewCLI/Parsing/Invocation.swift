import DuoNewCore

/// What the command line asks for, after parsing.
enum Invocation: Equatable {
    /// `--help`, or `help [command]`; nil for the whole tool's help.
    case help(command: String?)
    /// `help <recipe>`: the recipe's values, the files they choose, its checks.
    case recipeHelp(String, CommonOptions)
    /// `layer`: the schema of `layer.yaml` rather than `template.yaml`.
    case schema(layer: Bool)
    /// `config`: where the user's defaults are read from and what they hold.
    case config
    /// `completions bash|zsh|fish`.
    case completions(CompletionScripts.Shell)
    case version
    case list(CommonOptions)
    case lint(folders: [String], options: CommonOptions)
    case generate(GenerateRequest)
    /// `check [folder]`: the recorded recipe's checks in an existing project.
    case check(CheckRequest)
    case update(UpdateRequest)
}
