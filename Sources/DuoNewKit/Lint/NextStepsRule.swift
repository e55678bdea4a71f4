import DuoNewCore
import Foundation

/// A `next-steps` line that changes into a folder named by a value (`cd __APP_NAME__`, as a
/// cookiecutter template's `cd {{cookiecutter.project_slug}}` ports): the project is written to
/// the folder the command line names (`./Sitter`, `~/Apps/Cam`, `.`), which carries a value's
/// name only by chance, so the line can send the user to a folder that is not there.
/// `__DESTINATION__` is that folder, as the user gave it.
enum NextStepsRule {
    /// The lines (numbered from 0) that change into a folder a value names, with that folder as
    /// written and the one to write: `__SLUG__/Sources` is `__DESTINATION__/Sources`.
    static func changesIntoAValue(_ nextSteps: String, declared: [String], words: TokenLikeWords) -> [(line: Int, folder: String, fix: String)] {
        let destination = TokenGrammar.token(named: ManifestDecoder.destinationToken)
        let holdsAValue = { (text: Substring) in !TokenScanner.scan(text, declared: declared, leaving: words).used.isEmpty }
        return nextSteps.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let parts = line.split(whereSeparator: \.isWhitespace)
            guard parts.count >= 2, parts[0] == "cd" else { return nil }
            let folder = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            guard !folder.hasPrefix(destination), holdsAValue(Substring(folder)) else { return nil }
            let components = folder.split(separator: "/", omittingEmptySubsequences: false)
            let fix = holdsAValue(components[0]) ? ([Substring(destination)] + components.dropFirst()).joined(separator: "/") : destination
            return (index, String(parts[1]), fix)
        }
    }
}
