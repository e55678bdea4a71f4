/// The lines two texts share, in order: a longest common subsequence found with Myers' O(ND)
/// algorithm ("An O(ND) Difference Algorithm and Its Variations", 1986), the one `diff` and git
/// use. Pure, on lines as byte arrays.
public enum LineDiff {
    /// One region where `new` differs from `old`: `old[oldStart..<oldEnd]` became
    /// `new[newStart..<newEnd]` (either range may be empty, not both).
    public struct Hunk: Sendable, Hashable {
        public var oldStart: Int
        public var oldEnd: Int
        public var newStart: Int
        public var newEnd: Int
    }

    /// The most edits looked for line by line. Beyond it (two texts with little in common) the
    /// differing middle is one hunk, which a merge then treats as a whole: slower exactness
    /// would buy nothing there, and the search's memory grows with the square of the edits.
    public static let maximumEdits = 4_000

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

    /// The hunks that turn `old` into `new`, in order.
    public static func hunks(_ old: [[UInt8]], _ new: [[UInt8]]) -> [Hunk] {
        // Lines become numbers, so the search compares integers.
        var numbers: [[UInt8]: Int] = [:]
        let a = old.map { line in numbers[line] ?? { numbers[line] = numbers.count; return numbers.count - 1 }() }
        let b = new.map { line in numbers[line] ?? { numbers[line] = numbers.count; return numbers.count - 1 }() }
        // The common start and end are matched outright; the search runs on the middle.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        let matched = matches(middleA, middleB).map { (old: $0.old + prefix, new: $0.new + prefix) }
        var hunks: [Hunk] = []
        var oldAt = prefix
        var newAt = prefix
        for pair in matched + [(old: a.count - suffix, new: b.count - suffix)] {
            if pair.old > oldAt || pair.new > newAt {
                hunks.append(Hunk(oldStart: oldAt, oldEnd: pair.old, newStart: newAt, newEnd: pair.new))
            }
            oldAt = pair.old + 1
            newAt = pair.new + 1
        }
        return hunks
    }

    /// The matched index pairs of a longest common subsequence of `a` and `b`, in order; none
    /// when more than `maximumEdits` edits would be needed.
    static func matches(_ a: [Int], _ b: [Int]) -> [(old: Int, new: Int)] {
        let n = a.count
        let m = b.count
        guard n > 0, m > 0 else { return [] }
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // After each round d, the furthest x on every diagonal k in -d...d, for the walk back.
        var rounds: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    rounds.append(Array(v[(offset - d)...(offset + d)]))
                    found = d
                    break search
                }
            }
            rounds.append(Array(v[(offset - d)...(offset + d)]))
        }
        guard let edits = found else { return [] }
        var pairs: [(old: Int, new: Int)] = []
        var x = n
        var y = m
        for d in stride(from: edits, to: 0, by: -1) {
            let previous = rounds[d - 1]
            let k = x - y
            let at = { (diagonal: Int) in previous[diagonal + d - 1] }
            let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                pairs.append((x, y))
            }
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            pairs.append((x, y))
        }
        return pairs.reversed()
    }
}
