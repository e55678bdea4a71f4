import DuoNewCore
import DuoNewKit

/// `--defaults` (`-y`): what a generation's command line leaves out takes its proposal, the
/// one the prompt would offer, without asking (`PromptAnswers.defaults`); the `--set` values
/// take their defaults in generation itself. A value with no proposal (the recipe, the AppName,
/// a setting without a default) is still missing: a usage error (64) naming it.
struct DefaultAnswers {
    let context: CommandContext
    let console: Console

    /// `request` with the proposals for the positionals `missing` filled in.
    func complete(_ request: GenerateRequest, missing: [PositionalSpec]) throws(CommandFailure) -> GenerateRequest {
        var request = request
        let defaults = try CommandFailure.from { () throws(GenerationFailure) in
            try PromptAnswers.defaults(missing: missing.map(\.name), appName: request.appName, config: context.recipes.config)
        }
        request.bundleID = defaults.bundleID ?? request.bundleID
        request.folder = defaults.folder ?? request.folder
        if !defaults.used.isEmpty { console.say(console.wrapped("Using the proposals (--defaults): " + defaults.used.joined(separator: ", "))) }
        return request
    }
}
