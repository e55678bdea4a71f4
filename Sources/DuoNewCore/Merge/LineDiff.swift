/// The lines two texts share, in order, found the way git's own diff (xdiff, as `git diff` and
/// `git merge-file` run it by default) finds them, so that a merge built on it agrees with git:
///
/// 1. The common first and last lines are set aside, and lines that occur nowhere in the other
///    text are changed outright (as are runs of very frequent lines among them), so the search
///    runs only on lines that can match: a rewritten file costs next to nothing.
/// 2. Myers' O(ND) search ("An O(ND) Difference Algorithm and Its Variations", 1986) in its
///    linear-space form: the middle snake of each box found from both ends, the two halves then
///    searched in turn. Memory grows with the lines, never with the edits. Past a cost of about
///    the square root of the lines (at least 256 edits) the search settles for the furthest
///    point it reached, as git's does, so time stays near N·√N where an exact answer would take
///    N·D.
/// 3. Every group of changed lines slides to one place: as far down a run of equal lines as it
///    goes, unless a position higher up lines it up with a change in the other text. Two diffs of
///    the same base then put a change both made at the same lines, which a three-way merge needs
///    to see it as one change.
///
/// Pure, on lines as byte arrays.
public enum LineDiff {
    /// One region where `new` differs from `old`: `old[oldStart..<oldEnd]` became
    /// `new[newStart..<newEnd]` (either range may be empty, not both).
    public struct Hunk: Sendable, Hashable {
        public var oldStart: Int
        public var oldEnd: Int
        public var newStart: Int
        public var newEnd: Int
    }

    /// The lines of `bytes`, each with its `\n` (the last one without, when the text does not
    /// end with one).
    public static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(Array(bytes[start...index]))
            start = index + 1
        }
        if start < bytes.count { lines.append(Array(bytes[start...])) }
        return lines
    }

    /// The hunks that turn `old` into `new`, in order, each slid to its one place.
    public static func hunks(_ old: [[UInt8]], _ new: [[UInt8]]) -> [Hunk] {
        // Lines become numbers, so the search compares integers.
        var numbers: [[UInt8]: Int] = [:]
        func number(_ line: [UInt8]) -> Int {
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        let a = old.map(number)
        let b = new.map(number)
        return hunks(numbered: a, b, kinds: numbers.count)
    }

    /// `hunks` on lines already numbered (equal lines, equal numbers below `kinds`).
    static func hunks(numbered a: [Int], _ b: [Int], kinds: Int) -> [Hunk] {
        var search = Search(a, b, kinds: kinds)
        search.run()
        var old = search.old.changed
        var new = search.new.changed
        compact(&old, lines: a, other: &new)
        compact(&new, lines: b, other: &old)
        return script(old, new, oldCount: a.count, newCount: b.count)
    }

    // MARK: - Changed lines

    /// One flag a line, with a false flag before the first and after the last, so a walk
    /// needs no bounds test.
    struct Marks {
        private var flags: [Bool]

        init(count: Int) { flags = [Bool](repeating: false, count: count + 2) }

        subscript(line: Int) -> Bool {
            get { flags[line + 1] }
            set { flags[line + 1] = newValue }
        }
    }

    /// The hunks the marks describe: the unchanged lines of the two texts pair up in order.
    static func script(_ old: Marks, _ new: Marks, oldCount: Int, newCount: Int) -> [Hunk] {
        var hunks: [Hunk] = []
        var x = 0
        var y = 0
        while x < oldCount || y < newCount {
            guard old[x] || new[y] else {
                x += 1
                y += 1
                continue
            }
            let hunk = (x, y)
            while old[x] { x += 1 }
            while new[y] { y += 1 }
            hunks.append(Hunk(oldStart: hunk.0, oldEnd: x, newStart: hunk.1, newEnd: y))
        }
        return hunks
    }

    // MARK: - Sliding

    /// Slides every group of changed lines in `marks` to its one place (git's "compaction"):
    /// up as far as it goes, then down as far as it goes (groups that meet become one), then
    /// back up to the lowest place where it lines up with a change in `other`, if any. `other`'s
    /// marks are walked in step, group for group (its unchanged lines pair with ours in order).
    static func compact(_ marks: inout Marks, lines: [Int], other: inout Marks) {
        let count = lines.count
        var group = Group(start: 0, end: 0)
        while marks[group.end] { group.end += 1 }
        var otherGroup = Group(start: 0, end: 0)
        while other[otherGroup.end] { otherGroup.end += 1 }
        while true {
            if group.end > group.start {
                var size: Int
                var highestEnd: Int
                var endBesideOther: Int?
                repeat {
                    size = group.end - group.start
                    endBesideOther = nil
                    while slideUp(&marks, lines: lines, &group) { otherGroup.previous(in: other) }
                    highestEnd = group.end
                    if otherGroup.end > otherGroup.start { endBesideOther = group.end }
                    while slideDown(&marks, lines: lines, &group) {
                        otherGroup.next(in: other)
                        if otherGroup.end > otherGroup.start { endBesideOther = group.end }
                    }
                } while size != group.end - group.start
                if group.end != highestEnd, endBesideOther != nil {
                    while otherGroup.end == otherGroup.start {
                        _ = slideUp(&marks, lines: lines, &group)
                        otherGroup.previous(in: other)
                    }
                }
            }
            guard group.end < count else { break }
            group.next(in: marks)
            otherGroup.next(in: other)
        }
    }

    /// A run of changed lines `start..<end` (empty between two unchanged lines).
    struct Group {
        var start: Int
        var end: Int

        mutating func next(in marks: Marks) {
            start = end + 1
            end = start
            while marks[end] { end += 1 }
        }

        mutating func previous(in marks: Marks) {
            end = start - 1
            start = end
            while marks[start - 1] { start -= 1 }
        }
    }

    /// Moves the group one line down when the line after it equals its first line; it then
    /// takes in a group it meets.
    private static func slideDown(_ marks: inout Marks, lines: [Int], _ group: inout Group) -> Bool {
        guard group.end < lines.count, lines[group.start] == lines[group.end] else { return false }
        marks[group.start] = false
        group.start += 1
        marks[group.end] = true
        group.end += 1
        while marks[group.end] { group.end += 1 }
        return true
    }

    /// Moves the group one line up when the line before it equals its last line.
    private static func slideUp(_ marks: inout Marks, lines: [Int], _ group: inout Group) -> Bool {
        guard group.start > 0, lines[group.start - 1] == lines[group.end - 1] else { return false }
        group.start -= 1
        marks[group.start] = true
        group.end -= 1
        marks[group.end] = false
        while marks[group.start - 1] { group.start -= 1 }
        return true
    }
}
