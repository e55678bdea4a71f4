import DuoNewKit
import Foundation

/// What the commands read from the process: environment, working directory, executable path.
struct CommandContext {
    var environment: [String: String]
    var workingDirectory: String
    var executablePath: String?
    let interruption = Interruption()

    static var current: CommandContext {
        CommandContext(
            environment: ProcessInfo.processInfo.environment,
            workingDirectory: FileManager.default.currentDirectoryPath,
            executablePath: Bundle.main.executableURL?.path ?? CommandLine.arguments.first
        )
    }

    /// The templates folder from `--templates`, `DUO_NEW_TEMPLATES` or the bundled one (exit 66);
    /// with the bundled one, the user's config adds its `templates` folders.
    func catalog(option: String?) throws(Failure) -> TemplateCatalog {
        var catalog: TemplateCatalog
        do {
            catalog = try TemplateCatalog.locate(
                option: option,
                environment: environment,
                executablePath: executablePath,
                workingDirectory: workingDirectory
            )
        } catch {
            throw Failure(code: .noRecipe, message: error.message)
        }
        let config = try userConfig()
        if catalog.origin == .bundled {
            catalog.extraRoots = try config.templates.map { folder throws(Failure) in try configuredFolder(folder, config: config) }
        }
        return catalog
    }

    /// The user's defaults (`duo-new config`); a broken file is refused (78), never ignored.
    func userConfig() throws(Failure) -> UserConfig {
        do {
            return try UserConfig.load(environment: environment)
        } catch {
            throw Failure(
                code: .brokenTemplate,
                message: "the config file '\(error.path)' is broken; fix it, or move it away to use no defaults",
                details: error.diagnostics.map(\.rendered)
            )
        }
    }

    /// A folder of recipes the config names, which must exist (66).
    private func configuredFolder(_ path: String, config: UserConfig) throws(Failure) -> URL {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(code: .noRecipe, message: "the templates folder '\(path)' named in '\(config.path)' does not exist; create it or remove it from 'templates'")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
