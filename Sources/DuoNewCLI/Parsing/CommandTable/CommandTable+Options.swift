import DuoNewCore

extension CommandTable {
    /// Every option, with the help the main help (generation's) gives it.
    static let allOptions: [OptionSpec] = [
        OptionSpec("--templates", value: .folder, binding: .text(\.common.templates), brief: "folder holding recipe folders", help: """
            Folder holding recipe folders (default: DUO_NEW_TEMPLATES, else
            the bundled Templates/), or a git repository of them,
            git+https://…, git+ssh://… or git+file://… with an optional
            #branch, #tag or commit id, cloned into the cache (a branch is
            fetched again on each run, a tag or commit id reused).
            """),
        OptionSpec("--offline", binding: .flag(\.common.offline), brief: "recipes from git: the cache only", help: "Take recipes from git from the cache only; never clone nor fetch."),
        OptionSpec("--set", value: .keyValue, repeats: true, binding: .settings(\.settings), brief: "a value the recipe declares, KEY=VALUE", help: """
            A value the recipe declares (repeatable), e.g. '--set greeting=Hi'
            for example-hello; 'duo-new list' names the recipes.
            """),
        OptionSpec("--dry-run", binding: .flag(\.dryRun), brief: "list the files that would be written", help: "Check everything and list the files that would be written; write nothing."),
        OptionSpec("--no-test", binding: .flag(\.noTest), brief: "skip the recipe's checks", help: "Skip the recipe's after-generation checks."),
        OptionSpec("--no-tasks", binding: .flag(\.noTasks), brief: "skip the recipe's one-time tasks", help: """
            Skip the recipe's one-time tasks (its 'tasks', such as 'git init'),
            which otherwise run once the project is written, before the checks.
            """),
        OptionSpec("--replace", binding: .flag(\.replace), brief: "generate over a project duo-new made", help: """
            Generate into a folder that holds a project duo-new generated (one
            whose checks failed, say): the old project is kept beside it as
            FOLDER.replaced, never removed.
            """),
        OptionSpec("--into-existing", binding: .flag(\.intoExisting), brief: "generate beside the files a folder holds", help: """
            Generate into a folder that already holds files (a clone with a
            README or LICENSE), leaving them as they are; refused when the
            project writes any of them.
            """),
        OptionSpec("--allow-downgrade", binding: .flag(\.allowDowngrade), brief: "update: allow an older recipe version", help: """
            Let 'update' take the project to an older version of its recipe
            (or to a recipe of another name), which it otherwise refuses.
            """),
        OptionSpec("--conflicts-beside", binding: .flag(\.conflictsBeside), brief: "update: NAME.duo-new instead of markers", help: """
            Where your edits and the recipe's change the same lines, keep your
            file as it is and write the recipe's version beside it as
            NAME.duo-new, instead of conflict markers in the file.
            """),
        OptionSpec("--check-timeout", value: .seconds, binding: .seconds(\.checkTimeout), brief: "seconds a check may run", help: """
            Stop and fail a check still running after <s> seconds (default:
            the check's 'timeout' in the manifest, else 1200).
            """),
        OptionSpec("--with", value: .checkName, repeats: true, binding: .texts(\.optInChecks), brief: "also run this opt-in check", help: """
            Also run an opt-in check by name (repeatable), e.g. "--with 'UI tests'",
            which takes over the iPhone Duo simulator while it runs.
            """),
        OptionSpec("--pictures", value: .folder, binding: .text(\.picturesFolder), brief: "folder for the layout pictures", help: """
            Have the checks draw every pose's layout as SVG into <dir> and
            say where (both bundled recipes' model tests do).
            """),
        OptionSpec("--require-all", binding: .flag(\.requireAll), brief: "a check skipped for what this machine lacks fails", help: """
            Fail (exit 1) when a check is skipped because this machine lacks
            what it needs (xcodebuild on Linux): for CI that must run them all.
            """),
        OptionSpec("--trust", binding: .flag(\.common.trust), brief: "run a git recipe's checks without asking", help: """
            Run the checks of a recipe from git without asking: they are its
            commands, run with your rights. Without it (or a 'trusted' entry
            in the config, or a yes at the terminal) they are skipped.
            """),
        OptionSpec("--no-input", binding: .flag(\.common.noInput), brief: "never ask for a missing argument", help: """
            Never ask for a missing argument, nor whether to trust a recipe
            (nor with --json, when CI is set, or when standard input or output
            is not a terminal).
            """),
        OptionSpec("--defaults", short: "-y", binding: .flag(\.useDefaults), brief: "take every proposal for what is missing", help: """
            Take the proposal for every missing value, never asking: the
            bundle id from the config's bundle-id-prefix (else com.example) and
            the AppName, the folder ./<AppName>, each --set value its default.
            The values used are printed and recorded; one with no proposal is
            still missing (64).
            """),
        OptionSpec("--json", binding: .flag(\.common.json), brief: "one JSON object on standard output", help: """
            Print one JSON object describing the result on standard output;
            nothing is asked.
            """),
        OptionSpec("--names", binding: .flag(\.common.names), brief: "list: recipe names only", help: """
            Print only the recipes' names, one a line (what the
            completion scripts ask for).
            """),
        OptionSpec("--set-keys", value: .recipeName, binding: .text(\.common.setKeysOf), brief: "list: the --set keys of a recipe", help: """
            Print the '--set' keys the recipe declares, one a line as KEY=,
            then KEY=VALUE for each value a choice or bool may take (what the
            completion scripts ask for).
            """),
        OptionSpec("--opt-in-checks", value: .recipeName, binding: .text(\.common.optInChecksOf), brief: "list: the opt-in checks of a recipe", help: """
            Print the names of the recipe's opt-in checks, one a line (what
            the completion scripts offer after --with).
            """),
        OptionSpec("--layer", binding: .flag(\.common.layerSchema), brief: "schema: of layer.yaml instead", help: """
            Print the schema of a layer's layer.yaml instead of a
            recipe's template.yaml.
            """),
        OptionSpec("--quiet", short: "-q", binding: .flag(\.common.quiet), brief: "print nothing but errors", help: """
            Print nothing but errors (and the JSON object with --json); with
            lint, only the errors and, when there are any, the tally.
            """),
        OptionSpec("--version", binding: .invocation, brief: "show the version", help: "Show the version."),
        OptionSpec("--help", short: "-h", binding: .invocation, brief: "show help", help: "Show help information."),
    ]
}
