/// Items written as a sentence lists them: `a`, `a and b`, `a, b and c`. Every message that
/// names several things joins them this way.
public enum SentenceList {
    public static func joined(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }
}
