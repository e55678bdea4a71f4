/// The texts of `--help`, `help [command]`, `--version` and usage errors.
enum Help {
    static let version = "0.1.0"

    /// What `help` can be asked about: generation (no command word) and each command.
    static let topics = ["generate", "list", "lint", "schema", "help"]

    /// The one usage line of a command (`nil`: generating a project), shown after a usage error.
    static func usageLine(for command: String?) -> String {
        switch command {
        case "list": "Usage: duo-new list [--templates DIR] [--json]"
        case "lint": "Usage: duo-new lint <template-dir>... [--json] [--quiet]"
        case "schema": "Usage: duo-new schema"
        case "help": "Usage: duo-new help [generate|list|lint|schema]"
        default: "Usage: duo-new <recipe> <AppName> <bundle-id> <folder> [options]"
        }
    }

    /// Where a usage error sends the reader for more: the command's own help.
    static func seeMore(for command: String?) -> String {
        "  See 'duo-new \(command.flatMap { $0 == "help" ? nil : "\($0) " } ?? "")--help' for more information."
    }

    /// The help of a command (`nil` or `generate`: the whole tool's).
    static func text(for command: String?) -> String {
        switch command {
        case "list": list
        case "lint": lint
        case "schema": schema
        case "help": helpCommand
        default: text
        }
    }

    static let text = """
    OVERVIEW: Create an iPhone Duo app project from a recipe.

    Copies the recipe's template into <folder>, stamping the AppName, the bundle id and any
    '--set' values into file names and contents, then runs the recipe's checks in the new
    project and prints the next steps. Nothing is created when an argument is refused, and
    nothing is left behind when generation fails or is interrupted.

    USAGE: duo-new <recipe> <AppName> <bundle-id> <folder> [options]
           duo-new list [--templates DIR] [--json]
           duo-new lint <template-dir>... [--json] [--quiet]
           duo-new schema
           duo-new help [command] | --help | -h | --version

    ARGUMENTS:
      <recipe>              A recipe name from 'duo-new list', or a path to a recipe folder
                            (anything holding a '/', such as ./my-recipe).
      <AppName>             ASCII letters and digits, starting with a letter (e.g. Sitter).
      <bundle-id>           Reverse-DNS id: letters, digits, '-' and '.' (e.g. com.example.sitter).
      <folder>              Where the project goes: a new folder (parents are created) or an
                            empty one.

    COMMANDS:
      list                  List the recipes found: name, version, summary.
      lint <template-dir>   Check recipe folders for their authors; errors name file:line:column.
      schema                Print the JSON Schema of template.yaml, for editors.
      help [command]        Show this help, or a command's.

    OPTIONS:
      --templates <dir>     Folder holding recipe folders (default: DUO_NEW_TEMPLATES, else
                            the bundled Templates/).
      --set <key=value>     A value the recipe declares (repeatable), e.g. --set greeting=Hi
                            for example-hello; 'duo-new list' names the recipes.
      --dry-run             Check everything and list the files that would be written; write nothing.
      --no-test             Skip the recipe's after-generation checks.
      --json                Print one JSON object describing the result on standard output.
      -q, --quiet           Print nothing but errors (and the JSON object with --json); with
                            lint, only the errors and, when there are any, the tally.
      --version             Show the version.
      -h, --help            Show help information.

    EXIT CODES:
      0    generated (and the checks passed, unless --no-test)
      1    generated, but a check failed or could not run; the project is kept
      64   usage error
      65   bad AppName, bundle id or --set value
      66   no such recipe, or no templates folder
      73   destination exists and is not empty, is a file, or cannot be created
      74   I/O error while reading the template or writing the project
      78   broken template (manifest or tree), or a token left after stamping
      129  hung up (SIGHUP), 130 interrupted (SIGINT), 143 terminated (SIGTERM) while
           writing; nothing is left behind

    ENVIRONMENT:
      DUO_NEW_TEMPLATES     Folder holding recipe folders, when --templates is not given.
      NO_COLOR              When set to a non-empty value, no colour in the output.
      TERM                  'dumb': no colour and no live progress line.

    See 'duo-new help <command>' for a command, and docs/cli.md in duo-new's sources for more.
    """

    static let list = """
    OVERVIEW: List the recipes found: name, version and summary, one line each.

    A recipe whose manifest does not load is listed as 'broken', with its first problem and
    the 'duo-new lint' command that shows them all.

    USAGE: duo-new list [--templates DIR] [--json]

    OPTIONS:
      --templates <dir>     Folder holding recipe folders (default: DUO_NEW_TEMPLATES, else
                            the bundled Templates/).
      --json                Print {"templates", "recipes": [{"name", "version", "summary",
                            "folder", "problems"}]} on standard output.
      -h, --help            Show help information.

    EXIT CODES:
      0    listed (broken recipes included)
      64   usage error
      66   no templates folder
    """

    static let lint = """
    OVERVIEW: Check recipe folders for their authors.

    Reports every problem of each recipe's manifest, its tree and a trial generation with
    sample values, as 'path:line:column: error|warning: message', then a tally such as
    '0 errors, 1 warning in 1 template'.

    USAGE: duo-new lint <template-dir>... [--json] [--quiet]

    ARGUMENTS:
      <template-dir>        A recipe folder: its template.yaml and its template/ tree.

    OPTIONS:
      --json                Print {"exitCode", "errors", "warnings", "templates",
                            "diagnostics"} on standard output instead.
      -q, --quiet           Print only the errors, and the tally only when there is one.
      -h, --help            Show help information.

    EXIT CODES:
      0    no errors (warnings allowed)
      64   usage error
      78   at least one error
    """

    static let schema = """
    OVERVIEW: Print the JSON Schema of template.yaml on standard output.

    Save it beside your recipes and point your editor at it from the manifest's first line,
    '# yaml-language-server: $schema=<path to the saved schema>', to have keys completed and
    mistakes underlined as you type.

    USAGE: duo-new schema

    OPTIONS:
      -h, --help            Show help information.
    """

    static let helpCommand = """
    OVERVIEW: Show duo-new's help, or a command's.

    USAGE: duo-new help [generate|list|lint|schema]

    'duo-new help' is 'duo-new --help'; 'duo-new help lint' is 'duo-new lint --help'.
    """
}
