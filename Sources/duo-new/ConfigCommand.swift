import DuoNewKit

/// `duo-new config`: where the user's defaults are read from and what they hold.
struct ConfigCommand {
    let console: Console
    let context: CommandContext

    func run() -> ExitCode {
        let config: UserConfig
        do {
            config = try context.userConfig()
        } catch {
            for line in error.details { console.error(line) }
            console.error(console.errorStyle("error:", .red) + " " + error.message)
            return error.code
        }
        guard !config.path.isEmpty else {
            console.result("config file: none (neither XDG_CONFIG_HOME nor HOME is set)")
            return .success
        }
        console.result("config file: \(config.path)\(config.exists ? "" : " (not there; no defaults)")")
        guard config.exists else { return .success }
        console.result("bundle-id-prefix: \(config.bundleIDPrefix ?? "(not set)")")
        if config.settings.isEmpty {
            console.result("set: (none)")
        } else {
            console.result("set:")
            for setting in config.settings { console.result("  \(setting.key): \(setting.value)") }
        }
        if config.templates.isEmpty {
            console.result("templates: (none)")
        } else {
            console.result("templates:")
            for folder in config.templates { console.result("  - \(folder)") }
        }
        return .success
    }
}
