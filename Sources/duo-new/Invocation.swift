/// What the command line asks for, after parsing.
enum Invocation: Equatable {
    /// `--help`, or `help [command]`; nil for the whole tool's help.
    case help(command: String?)
    case schema
    case version
    case list(CommonOptions)
    case lint(folders: [String], options: CommonOptions)
    case generate(GenerateRequest)
}
