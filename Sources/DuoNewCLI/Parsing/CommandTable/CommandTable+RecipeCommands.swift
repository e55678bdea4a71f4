import DuoNewCore

/// The commands about recipes and duo-new itself: list, lint, schema, completions, config.
extension CommandTable {
    static let list = CommandSpec(
        .list,
        summary: "List the recipes found: name, version, summary.",
        options: ["--templates", "--offline", "--json", "--names", "--set-keys", "--opt-in-checks", "--quiet"],
        optionHelp: [
            "--templates": """
                Folder holding recipe folders (default: DUO_NEW_TEMPLATES, else
                the bundled Templates/), or a git URL (see 'duo-new --help').
                """,
            "--json": """
                Print {"templates", "recipes": [{"name", "version", "summary",
                "folder", "problems"}]} on standard output.
                """,
            "--quiet": "Print nothing but errors (and the JSON object with --json).",
        ],
        usage: [.option("--templates"), .oneOf(["--json", "--names"]), .exclusive(["--json", "--names", "--set-keys", "--opt-in-checks"])],
        overview: "List the recipes found: name, version and summary, one line each.",
        description: """
            A recipe whose manifest does not load is listed as 'broken', with its first problem and
            the 'duo-new lint' command that shows them all.
            """,
        exitCodes: """
            0    listed (broken recipes included)
            64   usage error
            66   no templates folder (or, with --set-keys or --opt-in-checks, no such recipe)
            78   a broken config file (or, with --set-keys or --opt-in-checks, a broken recipe)
            """
    )

    static let lint = CommandSpec(
        .lint,
        summary: "Check recipe folders for their authors; errors name file:line:column.",
        positionals: [
            PositionalSpec("<template-dir>", repeats: true, completion: .folder, help: "A recipe folder: its template.yaml and its template/ tree."),
        ],
        options: ["--json", "--quiet"],
        optionHelp: [
            "--json": """
                Print {"exitCode", "errors", "warnings", "templates",
                "diagnostics"} on standard output instead.
                """,
            "--quiet": "Print only the errors, and the tally only when there is one.",
        ],
        overview: "Check recipe folders for their authors.",
        description: """
            Reports every problem of each recipe's manifest, its tree and a trial generation with
            sample values, as 'path:line:column: error|warning: message', then a tally such as
            '0 errors, 1 warning in 1 template'.
            """,
        exitCodes: """
            0    no errors (warnings allowed)
            64   usage error
            78   at least one error
            129  hung up (SIGHUP), 130 interrupted (SIGINT), 143 terminated (SIGTERM): the
                 trial generation's temporary folder is removed
            """
    )

    static let schema = CommandSpec(
        .schema,
        summary: "Print the JSON Schema of template.yaml, for editors.",
        options: ["--layer"],
        overview: "Print the JSON Schema of template.yaml (or, with --layer, of layer.yaml) on standard output.",
        description: """
            Save it beside your recipes and point your editor at it from the manifest's first line,
            '# yaml-language-server: $schema=<path to the saved schema>', to have keys completed and
            mistakes underlined as you type.
            """
    )

    static let completions = CommandSpec(
        .completions,
        summary: "Print a Tab-completion script for bash, zsh or fish.",
        positionals: [PositionalSpec("<shell>", choices: CompletionScripts.Shell.allCases.map(\.rawValue))],
        overview: "Print a script that completes duo-new's commands, options, recipe names and folders.",
        description: """
            Each command is offered only the options it takes. The script asks duo-new what to
            offer as you press Tab, so recipes added later (or chosen with --templates) are offered
            too. scripts/install.sh installs the three scripts where the shells look for them; to
            load one by hand:

              bash    'source <(duo-new completions bash)' in ~/.bashrc
              zsh     'duo-new completions zsh > ~/.zfunc/_duo-new', with ~/.zfunc in fpath
              fish    'duo-new completions fish > ~/.config/fish/completions/duo-new.fish'
            """
    )

    static let config = CommandSpec(
        .config,
        summary: "Show where your defaults are read from, and what they hold.",
        overview: "Show where your defaults are read from, and what they hold.",
        description: """
            Your defaults live in $XDG_CONFIG_HOME/duo-new/config.yaml (~/.config/duo-new/config.yaml
            when XDG_CONFIG_HOME is unset), a YAML mapping with any of these keys:

              # proposed bundle ids start with it
              bundle-id-prefix: com.example
              # default --set values; a recipe
              # takes those it declares
              set:
                greeting: Howdy
              # more folders of recipes, searched
              # before the bundled ones (relative
              # to the config's folder)
              templates:
                - ~/Recipes
              # git URLs whose recipes' checks run
              # unasked: the same URL, or one below
              # it ('/' by '/'); #ref: only that ref
              trusted:
                - git+https://github.com/acme

            Values on the command line win over the file. --templates and DUO_NEW_TEMPLATES replace
            the bundled recipes and the config's folders alike. A file that does not decode, or holds
            a bad value (a bundle-id-prefix against the bundle-id rules, a 'trusted' entry that is no
            git URL), stops every command that reads it (all but lint, schema and completions) with
            its errors at their line and column (exit 78); this command also reports a templates
            folder that is not there (exit 78).
            """,
        exitCodes: """
            0    shown (a missing file is no defaults)
            64   usage error
            78   the config file is broken, holds a bad value, or names a templates folder that
                 is not there
            """
    )

    /// `help [command | recipe]`: its topics are the command words and the recipes.
    static let help = CommandSpec(
        .help,
        summary: "Show this help, a command's, or a recipe's values.",
        positionals: [
            PositionalSpec("[command | recipe]", required: false, completion: .topic, help: """
                A command, or a recipe from 'duo-new list': its values (each
                --set key with its type, choices, default, pattern and hint),
                the files its values choose, and its checks.
                """),
        ],
        options: ["--templates", "--offline"],
        overview: "Show duo-new's help, a command's, or a recipe's.",
        closing: "'duo-new help' is 'duo-new --help'; 'duo-new help lint' is 'duo-new lint --help'; 'duo-new help example-hello' lists that recipe's values."
    )
}
