import DuoNewCore

/// The texts of `--help`, `help [command]`, `--version` and usage errors.
enum Help {
    static let version = "0.1.0"

    /// What `help` can be asked about: generation (no command word) and each command.
    static let topics = ["generate", "list", "lint", "schema", "completions", "config", "check", "update", "help"]

    /// The one usage line of a command (`nil`: generating a project), shown after a usage error.
    static func usageLine(for command: String?) -> String {
        switch command {
        case "list": "Usage: duo-new list [--templates DIR] [--json | --names]"
        case "lint": "Usage: duo-new lint <template-dir>... [--json] [--quiet]"
        case "schema": "Usage: duo-new schema"
        case "completions": "Usage: duo-new completions bash|zsh|fish"
        case "config": "Usage: duo-new config"
        case "check": "Usage: duo-new check [folder] [--templates DIR] [--with NAME]... [--require-all] [--check-timeout SECONDS] [--pictures DIR] [--trust] [--json]"
        case "update": "Usage: duo-new update [folder] [--templates DIR] [--set KEY=VALUE]... [--dry-run] [--json]"
        case "help": "Usage: duo-new help [generate|list|lint|schema|completions|config|check|update]"
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
        case "completions": completions
        case "config": config
        case "check": check
        case "update": update
        case "help": helpCommand
        default: text
        }
    }

    static let text = """
    OVERVIEW: Create an iPhone Duo app project from a recipe.

    Copies the recipe's template into <folder>, stamping the AppName, the bundle id and any
    '--set' values into file names and contents, then runs the recipe's checks in the new
    project and prints the next steps. Nothing is created when an argument is refused, and
    nothing is left behind when generation fails or is interrupted. On a terminal, missing
    arguments and the recipe's '--set' values are asked for, each checked as it is typed.

    USAGE: duo-new <recipe> <AppName> <bundle-id> <folder> [options]
           duo-new list [--templates DIR] [--json | --names]
           duo-new lint <template-dir>... [--json] [--quiet]
           duo-new schema
           duo-new completions bash|zsh|fish
           duo-new config
           duo-new check [folder] [--templates DIR] [--with NAME]... [--require-all] [--check-timeout SECONDS] [--pictures DIR] [--trust] [--json]
           duo-new update [folder] [--templates DIR] [--set KEY=VALUE]... [--dry-run] [--json]
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
      completions <shell>   Print a Tab-completion script for bash, zsh or fish.
      config                Show where your defaults are read from, and what they hold.
      check [folder]        Run the recorded recipe's checks in a generated project.
      update [folder]       Bring a generated project to the recipe's current version, keeping
                            your edits (conflicts are written beside as NAME.duo-new).
      help [command]        Show this help, or a command's.

    OPTIONS:
      --templates <dir>     Folder holding recipe folders (default: DUO_NEW_TEMPLATES, else
                            the bundled Templates/), or a git repository of them,
                            git+https://…, git+ssh://… or git+file://… with an optional
                            #branch or #tag, cloned once into the cache and reused.
      --offline             Take recipes from git from the cache only; never clone.
      --set <key=value>     A value the recipe declares (repeatable), e.g. --set greeting=Hi
                            for example-hello; 'duo-new list' names the recipes.
      --dry-run             Check everything and list the files that would be written; write nothing.
      --no-test             Skip the recipe's after-generation checks.
      --check-timeout <s>   Stop and fail a check still running after <s> seconds (default:
                            the check's 'timeout' in the manifest, else 1200).
      --with <check>        Also run an opt-in check by name (repeatable), e.g. --with 'UI tests',
                            which takes over the iPhone Duo simulator while it runs.
      --pictures <dir>      Have the checks draw every pose's layout as SVG into <dir> and
                            say where (both bundled recipes' model tests do).
      --require-all         Fail (exit 1) when a check is skipped because this machine lacks
                            what it needs (xcodebuild on Linux): for CI that must run them all.
      --trust               Run the checks of a recipe from git without asking: they are its
                            commands, run with your rights. Without it (or a 'trusted' entry
                            in the config, or a yes at the terminal) they are skipped.
      --no-input            Never ask for a missing argument, nor whether to trust a recipe
                            (nor when CI is set, or standard input or output is not a terminal).
      --json                Print one JSON object describing the result on standard output.
      -q, --quiet           Print nothing but errors (and the JSON object with --json); with
                            lint, only the errors and, when there are any, the tally.
      --version             Show the version.
      -h, --help            Show help information.

    EXIT CODES:
      0    generated (and the checks passed, unless --no-test)
      1    generated, but a check failed or could not run (or, with --require-all, was
           skipped); the project is kept. A skipped check alone leaves the code at 0
      64   usage error
      65   bad AppName, bundle id or --set value (or config set default), or an
           argument that is not UTF-8
      66   no such recipe, no templates folder, or recipes from git not to be had
      73   destination exists and is not empty, is a file, or cannot be created
      74   I/O error while reading the template or writing the project
      78   broken template (manifest or tree), a token left after stamping, or a
           broken config file
      129  hung up (SIGHUP), 130 interrupted (SIGINT), 143 terminated (SIGTERM): while
           writing, nothing is left behind; while a check runs, it is stopped and the
           project is kept

    ENVIRONMENT:
      DUO_NEW_TEMPLATES     Folder holding recipe folders, when --templates is not given.
      XDG_CONFIG_HOME       Holds duo-new/config.yaml, your defaults (else ~/.config).
      XDG_CACHE_HOME        Holds duo-new/git/, the clones of recipes from git (else ~/.cache).
      NO_COLOR              When set to a non-empty value, no colour in the output.
      TERM                  'dumb': no colour and no live progress line.

    See 'duo-new help <command>' for a command, and cli.md for more: installed in
    <prefix>/share/doc/duo-new/ (scripts/install.sh), and in docs/ in duo-new's sources.
    """

    static let list = """
    OVERVIEW: List the recipes found: name, version and summary, one line each.

    A recipe whose manifest does not load is listed as 'broken', with its first problem and
    the 'duo-new lint' command that shows them all.

    USAGE: duo-new list [--templates DIR] [--json | --names]

    OPTIONS:
      --templates <dir>     Folder holding recipe folders (default: DUO_NEW_TEMPLATES, else
                            the bundled Templates/), or a git URL (see 'duo-new --help').
      --offline             Take recipes from git from the cache only; never clone.
      --json                Print {"templates", "recipes": [{"name", "version", "summary",
                            "folder", "problems"}]} on standard output.
      --names               Print only the recipes' names, one a line (what the
                            completion scripts ask for).
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

    static let completions = """
    OVERVIEW: Print a script that completes duo-new's commands, options, recipe names and folders.

    Recipe names are asked of 'duo-new list --names' as you press Tab, so recipes added
    later (or chosen with --templates) are offered too. scripts/install.sh installs the
    three scripts where the shells look for them; to load one by hand:

      bash    source <(duo-new completions bash)            (in ~/.bashrc)
      zsh     duo-new completions zsh > ~/.zfunc/_duo-new   (with ~/.zfunc in fpath)
      fish    duo-new completions fish > ~/.config/fish/completions/duo-new.fish

    USAGE: duo-new completions bash|zsh|fish

    OPTIONS:
      -h, --help            Show help information.
    """

    static let config = """
    OVERVIEW: Show where your defaults are read from, and what they hold.

    Your defaults live in $XDG_CONFIG_HOME/duo-new/config.yaml (~/.config/duo-new/config.yaml
    when XDG_CONFIG_HOME is unset), a YAML mapping with any of these keys:

      bundle-id-prefix: com.example     proposed bundle ids start with it
      set:                              default --set values; a recipe takes those it declares
        greeting: Howdy
      templates:                        more folders of recipes, searched before the bundled
        - ~/Recipes                     ones (relative paths from the config's folder)
      trusted:                          git URLs whose recipes' checks run unasked: the same
        - git+https://github.com/acme   URL, or one below it ('/' by '/'); a #ref, that ref only

    Values on the command line win over the file. --templates and DUO_NEW_TEMPLATES replace
    the bundled recipes and the config's folders alike. A file that does not decode, or holds
    a bad value (a bundle-id-prefix against the bundle-id rules, a 'trusted' entry that is no
    git URL), stops every command with its errors at their line and column (exit 78); this
    command also reports a templates folder that is not there (exit 78).

    USAGE: duo-new config

    OPTIONS:
      -h, --help            Show help information.

    EXIT CODES:
      0    shown (a missing file is no defaults)
      64   usage error
      78   the config file is broken, holds a bad value, or names a templates folder that
           is not there
    """

    static let check = """
    OVERVIEW: Run the checks of the recipe a project was generated from, in that project.

    Reads the project's .duo-new.json for the recipe's name, finds the recipe (as generation
    does: --templates, DUO_NEW_TEMPLATES, the bundled Templates/), and runs its checks with
    the same live output, skips, counts and --json report as after generation. A check that
    is opt-in and not asked for with --with, or whose needs this machine lacks, is skipped:
    shown with its reason, counted apart, and listed at the end with its command.

    USAGE: duo-new check [folder] [--templates DIR] [--with NAME]... [--require-all] [--check-timeout SECONDS] [--pictures DIR] [--trust] [--json]

    ARGUMENTS:
      [folder]              The generated project (default: the current folder).

    OPTIONS:
      --templates <dir>     Folder holding recipe folders.
      --with <check>        Also run an opt-in check by name (repeatable).
      --require-all         Fail (exit 1) when a check is skipped because this machine lacks
                            what it needs.
      --trust               Run the checks of a recipe from git without asking.
      --check-timeout <s>   Stop and fail a check still running after <s> seconds (default:
                            the check's 'timeout' in the manifest, else 1200).
      --pictures <dir>      Have the checks draw every pose's layout as SVG into <dir> and
                            say where (both bundled recipes' model tests do).
      --json                Print one JSON object describing the result on standard output.
      -q, --quiet           Print nothing but errors (and the JSON object with --json).
      -h, --help            Show help information.

    EXIT CODES:
      0    every check that ran passed (or the recipe has none); skips alone leave 0
      1    a check failed, timed out or could not run (or, with --require-all, was skipped)
      64   usage error (a --with name the recipe has no check of)
      65   the project's .duo-new.json cannot be read or breaks its rules, or an update
           of the project did not finish (run 'duo-new update' to undo it)
      66   the folder holds no .duo-new.json, or the recorded recipe is not found
      75   another process is updating the project (it holds the project's lock)
      78   the recipe is broken
      129, 130, 143  interrupted; the running check was stopped
    """

    static let update = """
    OVERVIEW: Bring a generated project to the current version of its recipe.

    Generates the recorded recipe again with the recorded values into .duo-new-update/ inside
    the project, then decides file by file: a file you never edited is replaced; one you
    edited whose recipe output did not change is kept; one both changed is kept and the new
    version written beside it as NAME.duo-new (a conflict); new recipe files are added;
    files the recipe dropped are removed only if you never edited them; a file you deleted
    is not brought back. The plan is applied with a journal: an interrupted or failed update
    leaves the project as it was, and the next run undoes any half-applied one (--dry-run
    only says so). The record is replaced last. Nothing outside the project is written. The
    record and any journal are checked first: a path outside the project or below a link is
    refused before anything is touched. One update at a time holds the project's lock.

    USAGE: duo-new update [folder] [--templates DIR] [--set KEY=VALUE]... [--dry-run] [--json]

    ARGUMENTS:
      [folder]              The generated project (default: the current folder).

    OPTIONS:
      --templates <dir>     Folder holding recipe folders.
      --set <key=value>     A value for a placeholder the recipe added since (else its
                            default), or a new value for a recorded one.
      --dry-run             Print the plan; change nothing.
      --json                Print {"exitCode", "steps", "conflicts", "newValues", ...}.
      -q, --quiet           Print nothing but errors (and the JSON object with --json).
      -h, --help            Show help information.

    EXIT CODES:
      0    updated (or planned, with --dry-run) without conflicts
      1    updated, with conflicts left as NAME.duo-new files to merge
      64   usage error
      65   the record cannot be used (an old record without file hashes, a path outside
           the project or below a link, not JSON), an earlier update's journal cannot be
           trusted, or a bad value
      66   the folder holds no .duo-new.json, or the recorded recipe is not found
      74   an I/O error; the project is as it was
      75   another process holds the project's lock (it is named); nothing was changed
      78   the recipe is broken
      129, 130, 143  interrupted; the project is as it was

    See updating.md for each case: installed in <prefix>/share/doc/duo-new/, and in docs/ in
    duo-new's sources.
    """

    static let helpCommand = """
    OVERVIEW: Show duo-new's help, or a command's.

    USAGE: duo-new help [generate|list|lint|schema|completions|config|check|update]

    'duo-new help' is 'duo-new --help'; 'duo-new help lint' is 'duo-new lint --help'.
    """
}
