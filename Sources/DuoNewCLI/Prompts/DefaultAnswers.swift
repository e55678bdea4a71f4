import DuoNewCore
import DuoNewKit

/// `--defaults` (`-y`): what a generation's command line leaves out takes its proposal, the
/// one the prompt would offer, without asking: the bundle id from the config's
/// `bundle-id-prefix` (else `com.example`) and the AppName, the folder `./<AppName>`; the `--set`
/// values take their defaults in generation itself. A value with no proposal (the recipe, the
/// AppName, a setting without a default) is still missing: a usage error (64) naming it.
struct DefaultAnswers {
    let context: CommandContext
    let console: Console

    /// `request` with the proposals for the positionals `missing` filled in.
    func complete(_ request: GenerateRequest, missing: [PositionalSpec]) throws(CommandFailure) -> GenerateRequest {
        var request = request
        let asked = missing.map(\.name)
        if let first = asked.first(where: { $0 == "<recipe>" || $0 == "<AppName>" }) {
            throw CommandFailure(code: .usage, message: "missing \(first); --defaults proposes the bundle id and the folder, not the \(first == "<recipe>" ? "recipe" : "AppName")")
        }
        let config = try context.userConfig()
        var used: [String] = []
        if asked.contains("<bundle-id>") {
            let proposal = config.bundleIDProposal(for: request.appName)
            request.bundleID = proposal.id
            used.append("bundle id '\(proposal.id)' (\(proposal.origin))")
        }
        if asked.contains("<folder>") {
            let folder = "./\(request.appName)"
            request.folder = folder
            used.append("folder '\(folder)'")
        }
        if !used.isEmpty { console.say(console.wrapped("Using the proposals (--defaults): " + used.joined(separator: ", "))) }
        return request
    }
}
