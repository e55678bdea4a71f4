import DuoNewCore

/// One option of duo-new's command line, as the command table declares it: everything the
/// parser, the help, the completion scripts and the man page need to know about it.
struct OptionSpec: Equatable, Sendable {
    /// What an option's value is: how it is shown in usage and help, and how a shell completes it.
    enum ValueKind: Equatable, Sendable {
        case folder, file, recipeName, keyValue, checkName, seconds

        /// The value in a usage line: `--templates DIR`.
        var usageName: String {
            switch self {
            case .folder: "DIR"
            case .file: "FILE"
            case .recipeName: "RECIPE"
            case .keyValue: "KEY=VALUE"
            case .checkName: "NAME"
            case .seconds: "SECONDS"
            }
        }

        /// The value in a help entry: `--templates <dir>`.
        var helpName: String {
            switch self {
            case .folder: "<dir>"
            case .file: "<file>"
            case .recipeName: "<recipe>"
            case .keyValue: "<key=value>"
            case .checkName: "<check>"
            case .seconds: "<s>"
            }
        }
    }

    /// `--templates`: the long form, dashes included.
    let name: String
    /// `-q`: the short form, when there is one.
    let short: String?
    /// nil for a switch.
    let value: ValueKind?
    /// May be given more than once (`--set`, `--with`).
    let repeats: Bool
    /// Shown in the help, pre-wrapped to the help's width (continuation lines unindented).
    let help: String
    /// A few words for the fish completion menu.
    let brief: String
    /// The request's field it sets.
    let binding: OptionBinding

    init(
        _ name: String, short: String? = nil, value: ValueKind? = nil, repeats: Bool = false, binding: OptionBinding, brief: String, help: String
    ) {
        self.name = name
        self.binding = binding
        self.short = short
        self.value = value
        self.repeats = repeats
        self.help = help
        self.brief = brief
    }

    var takesValue: Bool { value != nil }

    /// `--templates <dir>`, `-q, --quiet`: the left column of a help entry.
    var helpTerm: String {
        (short.map { "\($0), " } ?? "") + name + (value.map { " \($0.helpName)" } ?? "")
    }

    /// `[--templates DIR]`, `[--with NAME]...`: the option in a usage line.
    var usageItem: String {
        "[" + name + (value.map { " \($0.usageName)" } ?? "") + "]" + (repeats ? "..." : "")
    }
}
