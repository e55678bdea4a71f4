import DuoNewCore
import DuoNewKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the commands read from the process: environment, working directory, executable path.
struct CommandContext {
    var environment: [String: String]
    var workingDirectory: String
    var executablePath: String?
    /// Signals caught while writing and checking; an in-process run (tests) passes one that
    /// leaves the process's signal actions alone.
    var interruption = Interruption()
    /// Told of each operation of an update's apply; none in `duo-new` itself (tests pass one).
    var updateObserver: (any UpdateApplyObserver)?
    /// The config as read in this run: read once, by whichever command asks first.
    var configReading = ConfigReading()

    static var current: CommandContext {
        CommandContext(
            environment: ProcessInfo.processInfo.environment,
            workingDirectory: FileManager.default.currentDirectoryPath,
            executablePath: Bundle.main.executableURL?.path ?? CommandLine.arguments.first
        )
    }

    /// Where the recipes of this run are found (the Kit's `CatalogFinder`), with the config
    /// read once in the run.
    var recipes: CatalogFinder {
        let reading = configReading
        let environment = environment
        return CatalogFinder(
            environment: environment, workingDirectory: workingDirectory, executablePath: executablePath, interruption: interruption,
            config: { () throws(GenerationFailure) -> UserConfig in try reading.value { () throws(GenerationFailure) in try UserConfig.read(environment: environment) } }
        )
    }

    /// The templates folder from `--templates`, `DUO_NEW_TEMPLATES` or the bundled one (exit 66);
    /// with the bundled one, the user's config adds its `templates` folders.
    /// A `git+…` value in any of these places is cloned (or found in the cache) first; with
    /// `offline`, only the cache is used.
    func catalog(option: String?, offline: Bool = false) throws(CommandFailure) -> TemplateCatalog {
        try CommandFailure.from { () throws(GenerationFailure) in try recipes.catalog(option: option, offline: offline) }
    }

    /// Whether a question may be asked (an argument, a `--set` value, a secret, consent): only a
    /// person at a terminal can answer, so standard input and output are both terminals, `CI` is
    /// unset, and neither `--no-input` nor `--json` (a script reads the output) is given.
    func canAsk(_ options: CommonOptions) -> Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && environment["CI"] == nil && !options.noInput && !options.json
    }

    /// `path` with a leading `~` (alone, or before `/`) as the user's home, as a shell expands
    /// it on a command line: for a word duo-new reads where no shell did (an answer at a
    /// question, a `--templates` value Tab is asked about). Unchanged without `HOME`.
    func expandingHome(_ path: String) -> String {
        UserConfig.expandingHome(path, home: environment["HOME"])
    }

    /// The user's defaults (`duo-new config`); a broken file is refused (78), never ignored.
    func userConfig() throws(CommandFailure) -> UserConfig {
        try CommandFailure.from { () throws(GenerationFailure) in try recipes.config() }
    }
}
