/// What the command line asks for, after parsing.
enum Invocation: Equatable {
    case help
    case version
    case list(CommonOptions)
    case lint(folders: [String], options: CommonOptions)
    case generate(GenerateRequest)
}

/// Options every command accepts.
struct CommonOptions: Equatable {
    var templates: String?
    var json = false
    var quiet = false
}

/// `duo-new <recipe> <AppName> <bundle-id> <folder> [options]`.
struct GenerateRequest: Equatable {
    var recipe: String
    var appName: String
    var bundleID: String
    var folder: String
    var common = CommonOptions()
    var dryRun = false
    var noTest = false
    var settings: [Setting] = []

    struct Setting: Equatable {
        var key: String
        var value: String
    }
}
