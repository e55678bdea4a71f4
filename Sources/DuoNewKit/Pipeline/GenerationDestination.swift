import DuoNewCore
import Foundation

/// Where a generated project goes, by the one rule generation and the prompt's folder question
/// share: a new or empty folder, or a fresh clone; a folder holding a project duo-new generated
/// only with `--replace`; a folder holding other files only with `--into-existing`, and then only
/// when the project writes none of them.
public enum GenerationDestination {
    /// The destination for `folder`, and the project it replaces (`--replace`); nothing is created.
    /// `forbiddenRoots` are the templates folder and the recipe's, which the project must stay out of.
    static func inspect(
        _ folder: String, workingDirectory: String, forbiddenRoots: [String], replace: Bool, intoExisting: Bool
    ) throws(GenerationFailure) -> (Destination, ProjectReplacement?) {
        if let refusal = UserConfig.unexpandedHomeRefusal("the folder '\(DisplayPath.escaped(folder))'", path: folder) {
            throw GenerationFailure(.destination, refusal)
        }
        do {
            return (try Destination.inspect(folder, workingDirectory: workingDirectory, forbiddenRoots: forbiddenRoots), nil)
        } catch {
            guard case .destinationNotEmpty = error,
                  let path = try? PathResolver.resolve(folder, workingDirectory: workingDirectory).path else {
                throw GenerationFailure(.destination, error.message)
            }
            // A project duo-new made is replaced, or named; never written beside.
            if let replacement = ProjectReplacement.of(path) {
                guard replace else {
                    let check = ShellQuoting.inSentence("duo-new check " + ShellQuoting.argument(folder))
                    throw GenerationFailure(.destination, "\(error.message); it holds a project duo-new generated from \(DisplayPath.escaped(replacement.recipe)) \(DisplayPath.escaped(replacement.version)): \(check) runs its checks again, and '--replace' generates it anew, keeping the old one as '\((replacement.aside as NSString).lastPathComponent)'")
                }
                // Its place is taken as if empty: what a killed run left beside it goes too.
                return (Destination(path: path, state: .missing(missingParents: []), staleTemporaries: StaleTemporaries.beside(path)), replacement)
            }
            let beside = try? Destination.inspect(folder, workingDirectory: workingDirectory, forbiddenRoots: forbiddenRoots, keepingEntries: true)
            guard let beside, !beside.kept.isEmpty else { throw GenerationFailure(.destination, error.message) }
            guard intoExisting else {
                throw GenerationFailure(
                    .destination,
                    "the folder '\(DisplayPath.escaped(folder))' exists and is not empty (it holds \(Self.listed(beside.kept))); choose a new folder or empty this one, or give '--into-existing' to write the project beside what it holds"
                )
            }
            return (beside, nil)
        }
    }

    /// The names the project would write over in a folder it shares (`--into-existing`): its own
    /// top-level entries, its record, and what duo-new writes there later (the checks' report,
    /// an update's work folder). Compared without case, as a Mac's file system does.
    public static func refuseOverlap(_ destination: Destination, plan: Plan, shownAs folder: String) throws(GenerationFailure) {
        guard !destination.kept.isEmpty else { return }
        let written = Set(
            plan.writes.map { String($0.destination.prefix { $0 != "/" }).lowercased() }
                + [Planner.recordFileName, ReservedProjectName.checksReport, ReservedProjectName.updateWorkFolder].map { $0.lowercased() }
        )
        let overlap = destination.kept.filter { written.contains($0.lowercased()) }
        guard !overlap.isEmpty else { return }
        let them = overlap.count == 1 ? "it" : "them"
        throw GenerationFailure(
            .destination,
            "the folder '\(DisplayPath.escaped(folder))' already holds \(Self.listed(overlap)), which the project writes too; nothing was written: move \(them) out of the folder, or choose another folder"
        )
    }

    /// `'README.md', 'LICENSE' and 2 more`: a few names, escaped, for a sentence.
    public static func listed(_ names: [String]) -> String {
        let shown = names.prefix(3).map { "'\(DisplayPath.escaped($0))'" }
        let more = names.count - shown.count
        return SentenceList.joined(shown + (more > 0 ? ["\(more) more"] : []))
    }
}
