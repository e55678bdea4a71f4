/// What the command line asks for, after parsing.
enum Invocation: Equatable {
    case help
    case version
    case list(CommonOptions)
    case lint(folders: [String], options: CommonOptions)
    case generate(GenerateRequest)
}
