import DuoNewCore
import DuoNewKit
import Foundation

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

    /// The templates folder from `--templates`, `DUO_NEW_TEMPLATES` or the bundled one (exit 66);
    /// with the bundled one, the user's config adds its `templates` folders.
    /// A `git+…` value in any of these places is cloned (or found in the cache) first; with
    /// `offline`, only the cache is used.
    func catalog(option: String?, offline: Bool = false) throws(Failure) -> TemplateCatalog {
        var checkouts: [GitCheckout] = []
        var option = option
        var environment = self.environment
        if let value = option, GitTemplates.isGitURL(value) {
            checkouts.append(try checkout(value, offline: offline))
            option = checkouts[checkouts.count - 1].folder
        } else if option == nil, let value = environment[TemplateCatalog.environmentVariable], GitTemplates.isGitURL(value) {
            checkouts.append(try checkout(value, offline: offline))
            environment[TemplateCatalog.environmentVariable] = checkouts[checkouts.count - 1].folder
        }
        var catalog: TemplateCatalog
        do {
            catalog = try TemplateCatalog.locate(
                option: option,
                environment: environment,
                executablePath: executablePath,
                workingDirectory: workingDirectory
            )
        } catch {
            let value = option ?? environment[TemplateCatalog.environmentVariable]
            throw Failure(code: .noRecipe, message: TemplatesURLHint.message(error.message, for: value))
        }
        let config = try userConfig()
        if catalog.origin == .bundled {
            for (index, folder) in config.templates.enumerated() {
                if GitTemplates.isGitURL(folder) {
                    let fetched = try checkout(folder, offline: offline)
                    checkouts.append(fetched)
                    catalog.extraRoots.append(URL(fileURLWithPath: fetched.folder, isDirectory: true))
                } else {
                    catalog.extraRoots.append(try configuredFolder(folder, config: config, index: index))
                }
            }
        }
        catalog.checkouts = checkouts
        return catalog
    }

    /// A git repository of recipes, cloned shallow into the cache or found there (66 when not).
    private func checkout(_ spec: String, offline: Bool) throws(Failure) -> GitCheckout {
        do {
            return try GitTemplates(spec).checkout(environment: environment, offline: offline, interruption: interruption)
        } catch {
            if case .interrupted(let signal) = error { throw Failure(code: .stopped(by: signal), message: error.message) }
            throw Failure(code: .noRecipe, message: error.message)
        }
    }

    /// The user's defaults (`duo-new config`); a broken file is refused (78), never ignored.
    func userConfig() throws(Failure) -> UserConfig {
        try configReading.value { () throws(Failure) -> UserConfig in try readUserConfig() }
    }

    private func readUserConfig() throws(Failure) -> UserConfig {
        do {
            return try UserConfig.load(environment: environment)
        } catch {
            throw Failure(
                code: .brokenTemplate,
                message: "the config file '\(error.path)' is broken; fix it, or move it away to use no defaults",
                details: error.diagnostics
            )
        }
    }

    /// A folder of recipes the config names (the `index`th of `templates`), which must exist (66).
    private func configuredFolder(_ path: String, config: UserConfig, index: Int) throws(Failure) -> URL {
        if let problem = Self.missingTemplatesFolder(path, config: config, index: index) {
            throw Failure(code: .noRecipe, message: problem)
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Why the `index`th `templates` folder of the config cannot be used, naming the file and
    /// line; nil when it is a folder (or a git URL, checked when cloned).
    static func missingTemplatesFolder(_ path: String, config: UserConfig, index: Int) -> String? {
        guard !GitTemplates.isGitURL(path) else { return nil }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return nil }
        let place = index < config.templatePlaces.count ? config.templatePlaces[index].rendered : config.path
        let what = FileManager.default.fileExists(atPath: path) ? "is not a folder" : "does not exist"
        return TemplatesURLHint.message(
            "the templates folder '\(DisplayPath.escaped(path))' named at \(DisplayPath.escaped(place)) \(what); create it or remove it from 'templates'", for: path
        )
    }
}

/// The user's config file read once in a run, its contents or its refusal kept for every later
/// ask (generation, the catalog, the prompt and the checks' consent all need it).
final class ConfigReading {
    private var result: Result<UserConfig, Failure>?
    /// How many times the file was read: at most once (a test holds to it).
    private(set) var reads = 0

    func value(_ read: () throws(Failure) -> UserConfig) throws(Failure) -> UserConfig {
        if let result { return try result.get() }
        reads += 1
        let read = Result { () throws(Failure) -> UserConfig in try read() }
        result = read
        return try read.get()
    }
}
