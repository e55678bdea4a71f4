/// The `not-tokens` list: words shaped like a token that the tree holds on purpose.
extension ManifestDecoding {
    /// Each word whole (`__MY_MACRO__`), once, and not a token the recipe declares: a declared
    /// one is stamped, so listing it as left alone would say two things of one word.
    mutating func decodeNotTokens(_ node: YAMLNode, declared: [Placeholder]?) -> [(word: String, location: SourceLocation)] {
        var words: [(word: String, location: SourceLocation)] = []
        for (word, mark, path) in stringList(node, path: "not-tokens") {
            if word.isEmpty {
                report(.emptyValue(path: path), at: mark)
            } else if !TokenLikeWords.isShapedLikeToken(word) {
                report(.notTokenShape(word), at: mark)
            } else if let placeholder = declared?.first(where: { $0.token == word }) {
                report(.notTokenDeclared(word, placeholder: placeholder.name), at: mark)
            } else if words.contains(where: { $0.word == word }) {
                report(.duplicateNotToken(word), at: mark)
            } else {
                words.append((word, location(mark)))
            }
        }
        return words
    }
}
