import Testing
@testable import DuoNewCore

/// The three-way line merge `update` uses: edits on different lines are both kept, edits on the
/// same or neighbouring lines are marked as `git merge-file` marks them.
@Suite struct LineMergeTests {
    private static let labels = LineMerge.Labels(ours: "yours", theirs: "upd 2.0.0")

    private static func merge(_ base: String, _ ours: String, _ theirs: String) -> (text: String, result: LineMerge.Result) {
        let result = LineMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), labels: labels)
        return (String(decoding: result.bytes, as: UTF8.self), result)
    }

    private static func numbered(_ count: Int, changing changes: [Int: String] = [:]) -> String {
        (1...count).map { changes[$0] ?? "line \($0)" }.map { $0 + "\n" }.joined()
    }

    @Test func editsOnDifferentLinesAreBothKept() {
        let base = Self.numbered(50)
        let ours = Self.numbered(50, changing: [3: "my line 3"])
        let theirs = Self.numbered(50, changing: [40: "recipe's line 40"])
        let (text, result) = Self.merge(base, ours, theirs)
        #expect(text == Self.numbered(50, changing: [3: "my line 3", 40: "recipe's line 40"]))
        #expect(result.isClean)
        #expect(result.mergedChanges == 2)
    }

    @Test func insertionsAndDeletionsApartAreBothKept() {
        let base = "a\nb\nc\nd\ne\nf\n"
        let ours = "a\nnew after a\nb\nc\nd\ne\nf\n"
        let theirs = "a\nb\nc\nd\nf\n"
        #expect(Self.merge(base, ours, theirs).text == "a\nnew after a\nb\nc\nd\nf\n")
    }

    @Test func overlappingEditsGetStandardMarkers() {
        let base = "one\ntwo\nthree\n"
        let ours = "one\nmine\nthree\n"
        let theirs = "one\ntheirs\nthree\n"
        let (text, result) = Self.merge(base, ours, theirs)
        #expect(text == "one\n<<<<<<< yours\nmine\n=======\ntheirs\n>>>>>>> upd 2.0.0\nthree\n")
        #expect(result.conflictLines == [2])
        #expect(ConflictMarkers.lines(in: result.bytes) == [2])
    }

    @Test func editsOnNeighbouringLinesConflictAsInGit() {
        let (_, result) = Self.merge("a\nb\nc\nd\n", "a\nB\nc\nd\n", "a\nb\nC\nd\n")
        #expect(result.conflictLines == [2])
    }

    @Test func theSameChangeOnBothSidesIsTakenOnce() {
        let (text, result) = Self.merge("a\nb\nc\n", "a\nX\nc\n", "a\nX\nc\n")
        #expect(text == "a\nX\nc\n")
        #expect(result.isClean)
    }

    @Test func oneSidedChangesTakeThatSide() {
        #expect(Self.merge("a\nb\n", "a\nb\n", "a\nc\n").text == "a\nc\n")
        #expect(Self.merge("a\nb\n", "z\nb\n", "a\nb\n").text == "z\nb\n")
    }

    @Test func aLastLineWithoutNewlineIsClosedBeforeTheMarker() {
        let (text, result) = Self.merge("a\nb", "a\nmine", "a\ntheirs")
        #expect(text == "a\n<<<<<<< yours\nmine\n=======\ntheirs\n>>>>>>> upd 2.0.0\n")
        #expect(result.conflictLines == [2])
    }

    @Test func twoConflictsAreListedAtTheirMarkers() {
        let base = Self.numbered(20)
        let ours = Self.numbered(20, changing: [2: "mine 2", 15: "mine 15"])
        let theirs = Self.numbered(20, changing: [2: "theirs 2", 15: "theirs 15"])
        let result = Self.merge(base, ours, theirs).result
        // Line 2's conflict takes five lines where the base had one, so line 15's marker is four down.
        #expect(result.conflictLines == [2, 19])
        #expect(ConflictMarkers.lines(in: result.bytes) == [2, 19])
    }

    /// Lines from words: `"x } } } x"` is five lines.
    private static func words(_ text: String, ending: String = "\n") -> String {
        text.split(separator: " ").map { $0 + ending }.joined()
    }

    @Test func theSameChangeIsSeenAtOnePlaceFromBothSides() {
        // Each side drops one `}` of three; a diff that takes the first from one side and the
        // last from the other would drop two.
        let (text, result) = Self.merge(Self.words("x } } } x"), Self.words("O x } } x"), Self.words("x } } x T"))
        #expect(text == Self.words("O x } } x T"))
        #expect(result.isClean)
    }

    @Test func aFunctionBothSidesAddIsWrittenOnce() {
        // The recipe adds the function and an import; each side's diff alone may put the new
        // function's `}` before or after the one already there.
        let base = "import A\nstruct S {\n    func a() {\n    }\n}\n"
        let ours = "import A\nstruct S {\n    func a() {\n    }\n\n    func b() {\n    }\n}\n"
        let theirs = "import A\nimport B\nstruct S {\n    func a() {\n    }\n\n    func b() {\n    }\n}\n"
        let (text, result) = Self.merge(base, ours, theirs)
        #expect(text == theirs)
        #expect(result.isClean)
    }

    @Test func aLineBothSidesDeleteIsDeletedOnce() {
        let (text, result) = Self.merge(Self.words("a } } b } } c"), Self.words("a } b } } c Z"), Self.words("Y a } b } } c"))
        #expect(text == Self.words("Y a } b } } c Z"))
        #expect(result.isClean)
    }

    @Test func crlfTextsGetCRLFMarkersAndNewlines() {
        let (text, result) = Self.merge("a\r\nb", "a\r\nmine", "a\r\ntheirs")
        #expect(text == "a\r\n<<<<<<< yours\r\nmine\r\n=======\r\ntheirs\r\n>>>>>>> upd 2.0.0\r\n")
        #expect(result.conflictLines == [2])
    }

    @Test func manyScatteredEditsMergeWithoutAWholeFileConflict() {
        // 6,000 edits a side: the earlier merge gave up past 4,000 and made the file one conflict.
        let base = Self.numbered(24_000)
        var mine: [Int: String] = [:]
        var recipe: [Int: String] = [:]
        for line in stride(from: 1, through: 24_000, by: 4) {
            mine[line] = "mine \(line)"
            recipe[line + 2] = "recipe \(line + 2)"
        }
        let (text, result) = Self.merge(base, Self.numbered(24_000, changing: mine), Self.numbered(24_000, changing: recipe))
        // Compared as a whole, so a failure does not print 24,000 lines.
        #expect(result.conflictLines.count == 0)
        #expect(text == Self.numbered(24_000, changing: mine.merging(recipe) { a, _ in a }) ? true : false)
    }

    @Test func conflictsApartOnlyByBracesAreOneBlock() {
        let (_, result) = Self.merge(Self.words("a { } { } { } { } { } b"), Self.words("A { } { } { } { } { } B"), Self.words("1 { } { } { } { } { } 2"))
        #expect(result.conflictLines == [1])
    }

    @Test func diffFindsTheFewestChanges() {
        let old = LineDiff.lines(Array("a\nb\nc\na\nb\nb\na\n".utf8))
        let new = LineDiff.lines(Array("c\nb\na\nb\na\nc\n".utf8))
        let hunks = LineDiff.hunks(old, new)
        // Myers' example: five edits (deletions plus insertions).
        #expect(hunks.reduce(0) { $0 + ($1.oldEnd - $1.oldStart) + ($1.newEnd - $1.newStart) } == 5)
    }

    @Test func markersAreFoundOnlyAsACompleteBlock() {
        #expect(ConflictMarkers.lines(in: Array("<<<<<<< a\nx\n>>>>>>> b\n".utf8)).isEmpty, "no separator")
        #expect(ConflictMarkers.lines(in: Array("x\n<<<<<<<\n=======\n>>>>>>>\n".utf8)) == [2])
        #expect(ConflictMarkers.lines(in: Array("<<<<<<<< eight\n=======\n>>>>>>> b\n".utf8)).isEmpty)
    }

    @Test func directionComparesVersionsPartByPart() {
        #expect(UpdateDirection.between(recordedName: "r", recordedVersion: "1.9.0", name: "r", version: "1.10.0") == .newer)
        #expect(UpdateDirection.between(recordedName: "r", recordedVersion: "1.1.0", name: "r", version: "1.0.0") == .older)
        #expect(UpdateDirection.between(recordedName: "r", recordedVersion: "1.0", name: "r", version: "1.0.0") == .same)
        #expect(UpdateDirection.between(recordedName: "r", recordedVersion: "2.0.0-beta.2", name: "r", version: "2.0.0") == .newer)
        #expect(UpdateDirection.between(recordedName: "r", recordedVersion: "2.0.0", name: "r", version: "2.0.0-rc.1") == .older)
        #expect(UpdateDirection.between(recordedName: "r", recordedVersion: "2.0.0-beta.10", name: "r", version: "2.0.0-beta.9") == .older)
        #expect(UpdateDirection.between(recordedName: "r", recordedVersion: "1.0.0", name: "s", version: "2.0.0") == .otherRecipe)
        #expect(UpdateDirection.older.needsPermission && UpdateDirection.otherRecipe.needsPermission)
        #expect(!UpdateDirection.newer.needsPermission && !UpdateDirection.same.needsPermission)
    }
}
