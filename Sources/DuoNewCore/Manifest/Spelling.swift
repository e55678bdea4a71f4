/// Finds the word a misspelling probably meant, for "did you mean" suggestions.
public enum Spelling {
    /// The candidate closest to `word`, if it is close enough to be a likely typo.
    ///
    /// Case, `-` and `_` are ignored first (`next_steps` means `next-steps`); otherwise the
    /// edit distance may be at most a third of the word's length, and at least 1, at most 3.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let folded = fold(word)
        if let same = candidates.first(where: { fold($0) == folded }) { return same }
        let limit = min(3, max(1, word.count / 3))
        let scored = candidates.map { (candidate: $0, distance: editDistance(folded, fold($0))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= limit else { return nil }
        return best.candidate
    }

    /// Edit distance over Unicode scalars, counting a swap of two neighbours as one edit
    /// (`form` is one slip from `from`), as people mistype.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }

    private static func fold(_ word: String) -> String {
        String(word.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" })
    }
}
