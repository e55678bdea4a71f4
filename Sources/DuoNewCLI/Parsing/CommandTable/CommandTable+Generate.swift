import DuoNewCore

extension CommandTable {
    /// Generating a project: the default command, whose help is the whole tool's.
    static let generate = CommandSpec(
        .generate,
        summary: """
            Create a project from a recipe (the default command: 'duo-new
            generate <recipe> …' is 'duo-new <recipe> …').
            """,
        positionals: [
            PositionalSpec("<recipe>", completion: .recipe, help: """
                A recipe name from 'duo-new list', or a path to a recipe folder
                (anything holding a '/', such as ./my-recipe).
                """),
            PositionalSpec("<AppName>", help: "ASCII letters and digits, starting with a letter (e.g. Sitter)."),
            PositionalSpec("<bundle-id>", help: "Reverse-DNS id: letters, digits, '-' and '.' (e.g. com.example.sitter)."),
            PositionalSpec("<folder>", completion: .folder, help: """
                Where the project goes: a new folder (parents are created), an
                empty one, or a fresh clone (a folder holding only .git; with
                --into-existing, other files too).
                """),
        ],
        options: [
            "--templates", "--offline", "--set", "--dry-run", "--no-test", "--no-tasks", "--replace", "--into-existing", "--check-timeout", "--with", "--pictures",
            "--require-all", "--trust", "--no-input", "--defaults", "--json", "--quiet",
        ],
        usage: [.text("[options]")],
        overview: "Create an iPhone Duo app project from a recipe.",
        description: """
            Copies the recipe's template into <folder>, stamping the AppName, the bundle id and any
            '--set' values into file names and contents, then runs the recipe's checks in the new
            project and prints the next steps. Nothing is created when an argument is refused, and
            nothing is left behind when generation fails or is interrupted. On a terminal, missing
            arguments and the recipe's '--set' values are asked for, each checked as it is typed;
            with --defaults (-y), for scripts and CI, each missing value takes its proposal instead.
            The command word 'generate' may be written first, or left out.
            """,
        exitCodes: """
            0    generated (and the tasks and checks passed, unless --no-tasks or --no-test)
            1    generated, but a task or a check failed or could not run (or, with
                 --require-all, a check was skipped); the project is kept. A skipped check
                 alone leaves the code at 0
            64   usage error
            65   bad AppName, bundle id or --set value (or config set default), or an
                 argument that is not UTF-8
            66   no such recipe, no templates folder, or recipes from git not to be had
            73   destination holds more than .git (with --into-existing: a file the
                 project writes), is a file, or cannot be created (or --pictures names a
                 file)
            74   I/O error while reading the template or writing the project
            75   with --replace, another duo-new is updating or checking the project in the
                 folder; nothing was changed
            78   broken template (manifest or tree), a token left after stamping, or a
                 broken config file
            129  hung up (SIGHUP), 130 interrupted (SIGINT), 143 terminated (SIGTERM): while
                 writing, nothing is left behind; while a check runs, it is stopped and the
                 project is kept
            """,
        closing: """
            ENVIRONMENT:
              DUO_NEW_TEMPLATES     Folder holding recipe folders, when --templates is not given.
              XDG_CONFIG_HOME       Holds duo-new/config.yaml, your defaults (else ~/.config).
              XDG_CACHE_HOME        Holds duo-new/git/, the clones of recipes from git (else ~/.cache).
              NO_COLOR              When set to a non-empty value, no colour in the output.
              CLICOLOR_FORCE        Not 0: colour even when not on a terminal (also FORCE_COLOR).
              TERM                  'dumb': no colour and no live progress line.
              COLUMNS               The width text is wrapped to (else the terminal's, else 80).
              CI                    When set, nothing is asked (as with --no-input).
              DUO_NEW_GIT_TIMEOUT   Seconds git may take to clone or fetch recipes (else 300).

            See 'duo-new help <command>' for a command, and cli.md for more: installed in
            <prefix>/share/doc/duo-new/ (scripts/install.sh), and in docs/ in duo-new's sources.
            """
    )
}
