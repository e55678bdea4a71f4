import DuoNewCore
import Testing

/// The one way messages join several names: commas, then "and" before the last.
@Suite struct SentenceListTests {
    @Test(arguments: [([], ""), (["a"], "a"), (["a", "b"], "a and b"), (["a", "b", "c"], "a, b and c")])
    func itemsAreJoinedAsASentenceListsThem(items: [String], expected: String) {
        #expect(SentenceList.joined(items) == expected)
    }
}
