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

    /// The templates folder from `--templates`, `DUO_NEW_TEMPLATES` or the bundled one (exit 66).
    func catalog(option: String?) throws(Failure) -> TemplateCatalog {
        do {
            return try TemplateCatalog.locate(
                option: option,
                environment: environment,
                executablePath: executablePath,
                workingDirectory: workingDirectory
            )
        } catch {
            throw Failure(code: .noRecipe, message: error.message)
        }
    }
}
