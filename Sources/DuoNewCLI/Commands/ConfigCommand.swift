import DuoNewCore
import DuoNewKit

/// `duo-new config`: where the user's defaults are read from and what they hold, after the
/// same checks a generation makes of them: a bad value, or a templates folder that is not
/// there, exits 78 naming the file and line.
struct ConfigCommand {
    let console: Console
    let context: CommandContext

    func run() -> ExitCode {
        let config: UserConfig
        do {
            config = try context.userConfig()
        } catch {
            console.report(error)
            return error.code
        }
        guard !config.path.isEmpty else {
            console.result("config file: none (neither XDG_CONFIG_HOME nor HOME is set)")
            return .success
        }
        // The path comes from XDG_CONFIG_HOME or HOME, anyone's to set: escaped, and wrapped
        // as a sentence (a path too long for the line stays whole).
        console.result(console.wrapped("config file: \(DisplayPath.escaped(config.path))\(config.exists ? "" : " (not there; no defaults)")"))
        guard config.exists else { return .success }
        let missing = config.templates.indices.compactMap { CatalogFinder.missingTemplatesFolder(config.templates[$0], config: config, index: $0) }
        if !missing.isEmpty {
            for problem in missing { console.error("error:", .red, problem) }
            return .brokenTemplate
        }
        console.result("bundle-id-prefix: \(config.bundleIDPrefix ?? "(not set)")")
        printList("set", config.settings.map { "  \(DisplayPath.escaped($0.key)): \(DisplayPath.escaped($0.value))" })
        printList("templates", config.templates.map { "  - \(DisplayPath.escaped($0))" })
        printList("trusted", config.trusted.map { "  - \(DisplayPath.escaped($0.spec))" })
        return .success
    }

    /// `NAME: (none)`, or `NAME:` with its entries under it, one a line.
    private func printList(_ name: String, _ entries: [String]) {
        console.result(entries.isEmpty ? "\(name): (none)" : "\(name):")
        for entry in entries { console.result(entry) }
    }
}
