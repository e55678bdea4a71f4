/// The texts of `--help`, `--version` and usage errors.
enum Help {
    static let version = "0.1.0"
    static let usageLine = "Usage: duo-new <recipe> <AppName> <bundle-id> <folder> [options]"

    static let text = """
    OVERVIEW: Create an iPhone Duo app project from a recipe.

    Copies the recipe's template into <folder>, stamping the AppName, the bundle id and any
    '--set' values into file names and contents, then runs the recipe's checks in the new
    project and prints the next steps. Nothing is created when an argument is refused, and
    nothing is left behind when generation fails or is interrupted.

    USAGE: duo-new <recipe> <AppName> <bundle-id> <folder> [options]
           duo-new list [--templates DIR] [--json]
           duo-new lint <template-dir>... [--json]
           duo-new --help | -h | --version

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

    OPTIONS:
      --templates <dir>     Folder holding recipe folders (default: DUO_NEW_TEMPLATES, else
                            the bundled Templates/).
      --set <key=value>     A value the recipe declares (repeatable), e.g. --set team-id=ABCDE12345.
      --dry-run             Check everything and list the files that would be written; write nothing.
      --no-test             Skip the recipe's after-generation checks.
      --check-timeout <s>   Stop and fail a check still running after <s> seconds (default:
                            the check's 'timeout' in the manifest, else 1200).
      --json                Print one JSON object describing the result on standard output.
      -q, --quiet           Print nothing but errors (and the JSON object with --json).
      --version             Show the version.
      -h, --help            Show help information.

    EXIT CODES:
      0    generated (and the checks passed, unless --no-test)
      1    generated, but a check failed or could not run; the project is kept
      64   usage error
      65   bad AppName, bundle id or --set value
      66   no such recipe, or no templates folder
      73   destination exists and is not empty, is a file, or cannot be created
      74   I/O error while writing
      78   broken template (manifest or tree), or a token left after stamping
      129  hung up (SIGHUP), 130 interrupted (SIGINT), 143 terminated (SIGTERM): while
           writing, nothing is left behind; while a check runs, it is stopped and the
           project is kept

    ENVIRONMENT:
      DUO_NEW_TEMPLATES     Folder holding recipe folders, when --templates is not given.
      NO_COLOR              When set, no colour in the output.

    See docs/cli.md for more.
    """
}
