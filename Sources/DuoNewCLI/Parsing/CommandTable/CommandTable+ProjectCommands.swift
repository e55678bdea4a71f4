import DuoNewCore

/// The commands about a project duo-new generated: check and update.
extension CommandTable {
    /// `[folder]`: the project, the current folder when left out.
    private static let projectFolder = PositionalSpec(
        "[folder]", required: false, completion: .folder, help: "The generated project (default: the current folder)."
    )

    static let check = CommandSpec(
        .check,
        summary: "Run the recorded recipe's checks in a generated project.",
        positionals: [projectFolder],
        options: [
            "--templates", "--offline", "--with", "--require-all", "--trust", "--check-timeout", "--pictures", "--no-input",
            "--json", "--quiet",
        ],
        optionHelp: [
            "--templates": "Folder holding recipe folders (default: where the record says).",
            "--with": "Also run an opt-in check by name (repeatable).",
            "--require-all": """
                Fail (exit 1) when a check is skipped because this machine lacks
                what it needs.
                """,
            "--trust": "Run the checks of a recipe from git without asking.",
            "--no-input": "Never ask whether to trust a recipe from git.",
            "--quiet": "Print nothing but errors (and the JSON object with --json).",
        ],
        usage: [
            .option("--templates"), .option("--with"), .option("--require-all"), .option("--check-timeout"), .option("--pictures"),
            .option("--trust"), .option("--json"),
        ],
        overview: "Run the checks of the recipe a project was generated from, in that project.",
        description: """
            Reads the project's .duo-new.json for the recipe's name, finds the recipe (--templates,
            DUO_NEW_TEMPLATES, else where the record says it came from: a folder, a git repository,
            the bundled recipes), and runs its checks with the same live output, skips, counts and
            --json report as after generation. A check that is opt-in and not asked for with --with,
            or whose needs this machine lacks, is skipped: shown with its reason, counted apart, and
            listed at the end with its command. Conflict markers an update left in the project's
            files fail a check of their own, 'conflict markers'.
            """,
        exitCodes: """
            0    every check that ran passed (or the recipe has none); skips alone leave 0
            1    a check failed, timed out or could not run (or, with --require-all, was
                 skipped), or files hold conflict markers
            64   usage error (a --with name the recipe has no check of)
            65   the project's .duo-new.json cannot be read or breaks its rules, or an update
                 of the project did not finish (run 'duo-new update' to undo it)
            66   the folder holds no .duo-new.json, or the recorded recipe is not found (a
                 recorded folder that is gone is named)
            73   --pictures names a file, not a folder
            75   another process is updating the project (it holds the project's lock)
            78   the recipe is broken
            129, 130, 143  interrupted; the running check was stopped
            """
    )

    static let update = CommandSpec(
        .update,
        summary: """
            Bring a generated project to the recipe's current version, keeping
            your edits (merged line by line; conflicts marked in the file).
            """,
        positionals: [projectFolder],
        options: [
            "--templates", "--offline", "--set", "--dry-run", "--allow-downgrade", "--conflicts-beside", "--no-tasks", "--no-input",
            "--json", "--quiet",
        ],
        optionHelp: [
            "--templates": "Folder holding recipe folders (default: where the record says).",
            "--set": """
                A value for a placeholder the recipe added since (else its
                default), or a new value for a recorded one.
                """,
            "--dry-run": "Print the plan; change nothing.",
            "--no-tasks": """
                Skip the recipe's tasks marked 'on: [update]', which otherwise run
                after the update changed the project.
                """,
            "--no-input": """
                Never ask for a secret the record does not keep, nor whether to
                run the update tasks of a recipe from git.
                """,
            "--json": "Print {\"exitCode\", \"steps\", \"conflicts\", \"newValues\", ...}.",
            "--quiet": """
                Print nothing but errors (and the JSON object with --json, or the
                plan with --dry-run, which is what it asks for).
                """,
        ],
        usage: [.option("--templates"), .option("--set"), .option("--dry-run"), .option("--allow-downgrade"), .option("--conflicts-beside"), .option("--json")],
        overview: "Bring a generated project to the current version of its recipe.",
        description: """
            Finds the recipe where the record says it came from (unless --templates or
            DUO_NEW_TEMPLATES), refuses an older version than the project's unless
            --allow-downgrade, generates it again with the recorded values into .duo-new-update/
            inside the project, then decides file by file: a file you never edited is replaced; one
            you edited whose recipe output did not change is kept; a text file both changed is
            merged line by line against the base kept when it was written (edits on the same lines
            marked with <<<<<<< and >>>>>>> in the file, or with --conflicts-beside the new version
            written beside it as NAME.duo-new), a binary one kept and the new version written
            beside it; new recipe files are added; files the recipe dropped are removed only if you
            never edited them; a file you deleted is not brought back. The plan is applied with a
            journal: an interrupted or failed update leaves the project as it was, and the next run
            undoes any half-applied one (--dry-run only says so). The record is replaced last. Nothing outside the project is written. The
            record and any journal are checked first: a path outside the project or below a link is
            refused before anything is touched. One update at a time holds the project's lock.
            """,
        exitCodes: """
            0    updated (or planned, with --dry-run) without conflicts
            1    updated, with conflicts left: marked in files, or as NAME.duo-new files
                 (with --dry-run: the plan would leave conflicts; nothing written); or
                 updated, and a task the update runs failed
            73   something of yours stands where a NAME.duo-new file would go; nothing
                 was changed
            64   usage error
            65   the record cannot be used (an old record without file hashes, a path outside
                 the project or below a link, not JSON), an earlier update's journal cannot be
                 trusted, a bad value, or an older recipe without --allow-downgrade
            66   the folder holds no .duo-new.json, or the recorded recipe is not found
            74   an I/O error; the project is as it was
            75   another process holds the project's lock (it is named); nothing was changed
            78   the recipe is broken
            129, 130, 143  interrupted; the project is as it was (during a task: the
                 update is applied, and the task was stopped)
            """,
        closing: """
            See updating.md for each case: installed in <prefix>/share/doc/duo-new/, and in docs/ in
            duo-new's sources.
            """
    )
}
