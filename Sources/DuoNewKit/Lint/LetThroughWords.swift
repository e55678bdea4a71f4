import DuoNewCore

/// The words shaped like a token that lint let through (`TokenLikeWords`), with the files each
/// was found in, so its report can say what it did not refuse and why.
struct LetThroughWords {
    /// Each word, with the paths of the files (or names) it was found in.
    private(set) var files: [String: Set<String>] = [:]

    mutating func add(_ words: Set<String>, in path: String) {
        for word in words { files[word, default: []].insert(path) }
    }

    /// One sentence listing every word let through, with its reason and how many files hold it;
    /// nil when there were none.
    func note(words: TokenLikeWords) -> String? {
        guard !files.isEmpty else { return nil }
        let listed = files.keys.sorted().map { word in
            let count = files[word]?.count ?? 0
            return "'\(word)' (\(words.reason(for: word) ?? "left alone"), in \(count) \(count == 1 ? "file" : "files"))"
        }
        return "let through \(listed.count) \(listed.count == 1 ? "word" : "words") shaped like a token: " + listed.joined(separator: ", ")
    }
}
