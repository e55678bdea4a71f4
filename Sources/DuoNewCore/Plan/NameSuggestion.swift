/// "Did you mean" for names a user types (recipes, commands, options): `Spelling`'s edit
/// distance, then the only candidate the word begins (`recipe-camera` → `recipe-camera-studio`),
/// then one swap of neighbouring letters (`basci` → `basic`), the commonest slip of the fingers,
/// which plain edit distance counts as two edits.
public enum NameSuggestion {
    public static func closest(to word: String, among candidates: [String]) -> String? {
        if let close = Spelling.closest(to: word, among: candidates) { return close }
        let extended = candidates.filter { word.count >= 3 && $0.hasPrefix(word) }
        if extended.count == 1 { return extended[0] }
        let typed = Array(word)
        return candidates.first { candidate in
            let letters = Array(candidate)
            guard letters.count == typed.count else { return false }
            let differing = letters.indices.filter { letters[$0] != typed[$0] }
            return differing.count == 2 && differing[1] == differing[0] + 1
                && letters[differing[0]] == typed[differing[1]] && letters[differing[1]] == typed[differing[0]]
        }
    }
}
