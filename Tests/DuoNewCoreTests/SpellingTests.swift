import Testing
@testable import DuoNewCore

/// "Did you mean" for manifest keys and sources: close slips are suggested, guesses are not.
@Suite struct SpellingTests {
    @Test func caseHyphensAndUnderscoresAreIgnoredFirst() {
        #expect(Spelling.closest(to: "next_steps", among: ["name", "next-steps"]) == "next-steps")
        #expect(Spelling.closest(to: "NextSteps", among: ["name", "next-steps"]) == "next-steps")
        // However many: folding, not the edit distance (six edits here), finds it.
        #expect(Spelling.closest(to: "__next__steps__", among: ["name", "next-steps"]) == "next-steps")
    }

    /// A third of the word's length, at least one and at most three edits (a swap counts as one).
    @Test func allowsAThirdOfTheWordInEdits() {
        #expect(Spelling.closest(to: "nme", among: ["name"]) == "name", "one edit in three letters")
        #expect(Spelling.closest(to: "nmae", among: ["name"]) == "name", "a swap is one edit")
        #expect(Spelling.closest(to: "nxmx", among: ["name"]) == nil, "two edits in four letters")
        #expect(Spelling.closest(to: "verbatum", among: ["verbatim", "version"]) == "verbatim")
        #expect(Spelling.closest(to: "plcaeholdrs", among: ["placeholders"]) == "placeholders", "three edits in eleven letters")
        #expect(Spelling.closest(to: "plcaeholdrsxyz", among: ["placeholders"]) == nil, "never more than three edits")
    }

    @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(Spelling.editDistance("", "abc") == 3)
        #expect(Spelling.editDistance("kitten", "sitting") == 3)
        #expect(Spelling.editDistance("café", "cafe") == 1)
        #expect(Spelling.editDistance("form", "from") == 1, "two neighbours swapped")
    }
}
