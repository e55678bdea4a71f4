import DuoNewCore
import Foundation

/// Finds the recipes a run may use: the folder `--templates` or `DUO_NEW_TEMPLATES` names (a
/// `git+…` value cloned, or found in the cache, first) or the bundled recipes, to which the
/// user's config adds its `templates` folders and repositories.
public struct CatalogFinder {
    public var environment: [String: String]
    public var workingDirectory: String
    public var executablePath: String?
    /// Signals caught while git clones.
    public var interruption: Interruption
    /// The user's config, read at most once by whoever provides it (a broken one is refused).
    public var config: () throws(GenerationFailure) -> UserConfig

    public init(
        environment: [String: String], workingDirectory: String, executablePath: String?, interruption: Interruption,
        config: @escaping () throws(GenerationFailure) -> UserConfig
    ) {
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.executablePath = executablePath
        self.interruption = interruption
        self.config = config
    }

    /// The templates folder from `option`, `DUO_NEW_TEMPLATES` or the bundled one (66); with
    /// the bundled one, the config adds its `templates` folders. With `offline`, git's cache alone.
    public func catalog(option: String?, offline: Bool = false) throws(GenerationFailure) -> TemplateCatalog {
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
            throw GenerationFailure(.noRecipe, TemplatesURLHint.message(error.message, for: value))
        }
        let config = try config()
        if catalog.origin == .bundled {
            for (index, folder) in config.templates.enumerated() {
                if GitTemplates.isGitURL(folder) {
                    let fetched = try checkout(folder, offline: offline)
                    checkouts.append(fetched)
                    catalog.extraRoots.append(URL(fileURLWithPath: fetched.folder, isDirectory: true))
                } else if let problem = Self.missingTemplatesFolder(folder, config: config, index: index) {
                    throw GenerationFailure(.noRecipe, problem)
                } else {
                    catalog.extraRoots.append(URL(fileURLWithPath: folder, isDirectory: true))
                }
            }
        }
        catalog.checkouts = checkouts
        return catalog
    }

    /// A git repository of recipes, cloned shallow into the cache or found there (66 when not).
    private func checkout(_ spec: String, offline: Bool) throws(GenerationFailure) -> GitCheckout {
        do {
            return try GitTemplates(spec).checkout(environment: environment, offline: offline, interruption: interruption)
        } catch {
            if case .interrupted(let signal) = error { throw GenerationFailure(.interrupted(signal: signal), error.message) }
            throw GenerationFailure(.noRecipe, error.message)
        }
    }

    /// Why the `index`th `templates` folder of the config cannot be used, naming the file and
    /// line; nil when it is a folder (or a git URL, checked when cloned).
    public static func missingTemplatesFolder(_ path: String, config: UserConfig, index: Int) -> String? {
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
