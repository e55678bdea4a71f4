import DuoNewCore
import DuoNewKit

/// The values of the options given, read into the request structs: every value is checked here
/// (`--check-timeout`, `--set`), whichever command it was given to, before the command's rules.
struct ParsedValues {
    let given: [CommandLineScan.GivenOption]
    var common = CommonOptions()
    /// The generation's options; positionals left empty. Other commands copy what they take.
    var request = GenerateRequest(recipe: "", appName: "", bundleID: "", folder: "")

    init(_ given: [CommandLineScan.GivenOption]) throws(UsageError) {
        self.given = given
        for option in given {
            try take(option.name, value: option.value ?? "")
        }
        request.common = common
    }

    private mutating func take(_ name: String, value: String) throws(UsageError) {
        switch name {
        case "--templates": common.templates = value
        case "--json": common.json = true
        case "--quiet": common.quiet = true
        case "--names": common.names = true
        case "--layer": common.layerSchema = true
        case "--offline": common.offline = true
        case "--trust": common.trust = true
        case "--no-input": common.noInput = true
        case "--set-keys": common.setKeysOf = value
        case "--opt-in-checks": common.optInChecksOf = value
        case "--defaults": request.useDefaults = true
        case "--dry-run": request.dryRun = true
        case "--no-test": request.noTest = true
        case "--replace": request.replace = true
        case "--allow-downgrade": request.allowDowngrade = true
        case "--conflicts-beside": request.conflictsBeside = true
        case "--require-all": request.requireAll = true
        case "--pictures": request.picturesFolder = value
        case "--with": request.optInChecks.append(value)
        case "--check-timeout":
            guard let seconds = Int(value), (1...Check.maximumTimeout).contains(seconds) else { throw .badTimeout(value) }
            request.checkTimeout = seconds
        case "--set":
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else { throw .malformedSetting(value) }
            request.settings.append(.init(key: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
        default: break
        }
    }
}
