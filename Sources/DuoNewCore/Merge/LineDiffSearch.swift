extension LineDiff {
    /// The search for the changed lines of two numbered texts, as git's xdiff makes it (see
    /// `LineDiff`): which lines it may skip, then a linear-space Myers search on the rest.
    struct Search {
        /// One text: its lines, which of them are changed, and those the search runs on.
        struct Side {
            let lines: [Int]
            var changed: Marks
            /// The index in `lines` of each line the search runs on, and its number.
            var searched: [Int] = []
            var numbers: [Int] = []

            init(_ lines: [Int]) {
                self.lines = lines
                changed = Marks(count: lines.count)
            }

            /// Picks the lines of `start..<end` the search runs on; the others are changed
            /// outright: a line the other text lacks, or a very frequent one (at least √N
            /// times, up to 1,024, in the other text) amid such lines.
            mutating func select(from start: Int, to end: Int, inOther counts: [Int]) {
                let frequent = min(LineDiff.roughSquareRoot(lines.count), Self.mostMatches)
                var kinds = [Match](repeating: .none, count: lines.count)
                for index in start..<max(start, end) {
                    let found = counts[lines[index]]
                    kinds[index] = found == 0 ? .none : found >= frequent ? .many : .some
                }
                for index in start..<max(start, end) {
                    if kinds[index] == .some || (kinds[index] == .many && !Self.amidUnmatched(kinds, index, first: start, last: end - 1)) {
                        searched.append(index)
                        numbers.append(lines[index])
                    } else {
                        changed[index] = true
                    }
                }
            }

            enum Match { case none, some, many }

            static let mostMatches = 1_024
            /// How far either way a frequent line looks for its neighbours.
            static let window = 100

            /// Whether the frequent line at `index` sits in a run of unmatched and frequent
            /// lines, mostly unmatched, on both sides.
            static func amidUnmatched(_ kinds: [Match], _ index: Int, first: Int, last: Int) -> Bool {
                let first = max(first, index - window)
                let last = min(last, index + window)
                var unmatched = 0
                // The line itself, counted once with each side's run.
                var frequent = 2
                var step = 1
                while index - step >= first, kinds[index - step] != .some {
                    if kinds[index - step] == .none { unmatched += 1 } else { frequent += 1 }
                    step += 1
                }
                guard unmatched > 0 else { return false }
                var unmatchedAfter = 0
                step = 1
                while index + step <= last, kinds[index + step] != .some {
                    if kinds[index + step] == .none { unmatchedAfter += 1 } else { frequent += 1 }
                    step += 1
                }
                guard unmatchedAfter > 0 else { return false }
                return frequent * 4 < frequent + unmatched + unmatchedAfter
            }
        }

        var old: Side
        var new: Side

        init(_ a: [Int], _ b: [Int], kinds: Int) {
            old = Side(a)
            new = Side(b)
            var start = 0
            let shorter = min(a.count, b.count)
            while start < shorter, a[start] == b[start] { start += 1 }
            var tail = 0
            while tail < shorter - start, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
            var inA = [Int](repeating: 0, count: kinds)
            var inB = [Int](repeating: 0, count: kinds)
            for line in a { inA[line] += 1 }
            for line in b { inB[line] += 1 }
            old.select(from: start, to: a.count - tail, inOther: inB)
            new.select(from: start, to: b.count - tail, inOther: inA)
        }

        /// Where a box is cut in two, and whether each half must be searched exactly.
        struct Cut {
            var x: Int
            var y: Int
            var exactBefore: Bool
            var exactAfter: Bool
        }

        /// The edits at which the search may start settling for less than the fewest.
        static let leastCostLimit = 256
        /// A run of matching lines this long counts as a good one for the shortcut.
        static let goodSnake = 20

        /// Marks the changed lines of both texts.
        mutating func run() {
            let a = old.numbers
            let b = new.numbers
            let diagonals = a.count + b.count + 3
            var forward = [Int](repeating: 0, count: diagonals)
            var backward = [Int](repeating: 0, count: diagonals)
            let limits = Limits(offset: b.count + 1, cost: max(LineDiff.roughSquareRoot(diagonals), Self.leastCostLimit))
            var boxes = [(x: 0, xEnd: a.count, y: 0, yEnd: b.count, exact: false)]
            while var box = boxes.popLast() {
                while box.x < box.xEnd, box.y < box.yEnd, a[box.x] == b[box.y] {
                    box.x += 1
                    box.y += 1
                }
                while box.x < box.xEnd, box.y < box.yEnd, a[box.xEnd - 1] == b[box.yEnd - 1] {
                    box.xEnd -= 1
                    box.yEnd -= 1
                }
                if box.x == box.xEnd {
                    for index in box.y..<box.yEnd { new.changed[new.searched[index]] = true }
                } else if box.y == box.yEnd {
                    for index in box.x..<box.xEnd { old.changed[old.searched[index]] = true }
                } else {
                    let cut = Self.cut(a, b, box.x, box.xEnd, box.y, box.yEnd, exact: box.exact, limits: limits, forward: &forward, backward: &backward)
                    boxes.append((cut.x, box.xEnd, cut.y, box.yEnd, cut.exactAfter))
                    boxes.append((box.x, cut.x, box.y, cut.y, cut.exactBefore))
                }
            }
        }

        struct Limits {
            /// Where diagonal 0 sits in the arrays.
            var offset: Int
            /// The edits after which an inexact search takes the furthest point reached.
            var cost: Int
        }

        /// The middle of a shortest edit path through the box `a[x..<xEnd]`, `b[y..<yEnd]`,
        /// searched from both corners at once; past `limits.cost` edits (unless `exact`), a good
        /// point instead of the middle.
        static func cut(
            _ a: [Int], _ b: [Int], _ x: Int, _ xEnd: Int, _ y: Int, _ yEnd: Int, exact: Bool, limits: Limits,
            forward: inout [Int], backward: inout [Int]
        ) -> Cut {
            let o = limits.offset
            let lowest = x - yEnd
            let highest = xEnd - y
            let forwardMiddle = x - y
            let backwardMiddle = xEnd - yEnd
            let odd = (forwardMiddle - backwardMiddle) & 1 != 0
            var forwardLow = forwardMiddle
            var forwardHigh = forwardMiddle
            var backwardLow = backwardMiddle
            var backwardHigh = backwardMiddle
            forward[o + forwardMiddle] = x
            backward[o + backwardMiddle] = xEnd
            var cost = 1
            while true {
                var gotSnake = false
                // Each round reaches one diagonal further out, or one back in at the box's edge.
                if forwardLow > lowest {
                    forwardLow -= 1
                    forward[o + forwardLow - 1] = -1
                } else {
                    forwardLow += 1
                }
                if forwardHigh < highest {
                    forwardHigh += 1
                    forward[o + forwardHigh + 1] = -1
                } else {
                    forwardHigh -= 1
                }
                for k in stride(from: forwardHigh, through: forwardLow, by: -2) {
                    var i = forward[o + k - 1] >= forward[o + k + 1] ? forward[o + k - 1] + 1 : forward[o + k + 1]
                    let from = i
                    var j = i - k
                    while i < xEnd, j < yEnd, a[i] == b[j] {
                        i += 1
                        j += 1
                    }
                    if i - from > goodSnake { gotSnake = true }
                    forward[o + k] = i
                    if odd, backwardLow <= k, k <= backwardHigh, backward[o + k] <= i {
                        return Cut(x: i, y: j, exactBefore: true, exactAfter: true)
                    }
                }
                if backwardLow > lowest {
                    backwardLow -= 1
                    backward[o + backwardLow - 1] = Int.max
                } else {
                    backwardLow += 1
                }
                if backwardHigh < highest {
                    backwardHigh += 1
                    backward[o + backwardHigh + 1] = Int.max
                } else {
                    backwardHigh -= 1
                }
                for k in stride(from: backwardHigh, through: backwardLow, by: -2) {
                    var i = backward[o + k - 1] < backward[o + k + 1] ? backward[o + k - 1] : backward[o + k + 1] - 1
                    let from = i
                    var j = i - k
                    while i > x, j > y, a[i - 1] == b[j - 1] {
                        i -= 1
                        j -= 1
                    }
                    if from - i > goodSnake { gotSnake = true }
                    backward[o + k] = i
                    if !odd, forwardLow <= k, k <= forwardHigh, i <= forward[o + k] {
                        return Cut(x: i, y: j, exactBefore: true, exactAfter: true)
                    }
                }
                if !exact {
                    if gotSnake, cost > leastCostLimit {
                        // A point far along a diagonal near the middle, at the end of a long run
                        // of matches, is taken as good enough.
                        var best = 0
                        var found = (0, 0)
                        for k in stride(from: forwardHigh, through: forwardLow, by: -2) {
                            let i = forward[o + k]
                            let j = i - k
                            let value = (i - x) + (j - y) - abs(k - forwardMiddle)
                            guard value > 4 * cost, value > best, x + goodSnake <= i, i < xEnd, y + goodSnake <= j, j < yEnd else { continue }
                            if (1...goodSnake).allSatisfy({ a[i - $0] == b[j - $0] }) {
                                best = value
                                found = (i, j)
                            }
                        }
                        if best > 0 { return Cut(x: found.0, y: found.1, exactBefore: true, exactAfter: false) }
                        for k in stride(from: backwardHigh, through: backwardLow, by: -2) {
                            let i = backward[o + k]
                            let j = i - k
                            let value = (xEnd - i) + (yEnd - j) - abs(k - backwardMiddle)
                            guard value > 4 * cost, value > best, x < i, i <= xEnd - goodSnake, y < j, j <= yEnd - goodSnake else { continue }
                            if (0..<goodSnake).allSatisfy({ a[i + $0] == b[j + $0] }) {
                                best = value
                                found = (i, j)
                            }
                        }
                        if best > 0 { return Cut(x: found.0, y: found.1, exactBefore: false, exactAfter: true) }
                    }
                    if cost >= limits.cost {
                        // Enough: the point either search got furthest to.
                        var forwardBest = -1
                        var forwardX = -1
                        for k in stride(from: forwardHigh, through: forwardLow, by: -2) {
                            var i = min(forward[o + k], xEnd)
                            var j = i - k
                            if yEnd < j {
                                i = yEnd + k
                                j = yEnd
                            }
                            if forwardBest < i + j {
                                forwardBest = i + j
                                forwardX = i
                            }
                        }
                        var backwardBest = Int.max
                        var backwardX = Int.max
                        for k in stride(from: backwardHigh, through: backwardLow, by: -2) {
                            var i = max(x, backward[o + k])
                            var j = i - k
                            if j < y {
                                i = y + k
                                j = y
                            }
                            if i + j < backwardBest {
                                backwardBest = i + j
                                backwardX = i
                            }
                        }
                        if (xEnd + yEnd) - backwardBest < forwardBest - (x + y) {
                            return Cut(x: forwardX, y: forwardBest - forwardX, exactBefore: true, exactAfter: false)
                        }
                        return Cut(x: backwardX, y: backwardBest - backwardX, exactBefore: false, exactAfter: true)
                    }
                }
                cost += 1
            }
        }
    }

    /// An integer near √n (a power of two), as git takes it for its limits.
    static func roughSquareRoot(_ n: Int) -> Int {
        var root = 1
        var rest = n
        while rest > 0 {
            root <<= 1
            rest >>= 2
        }
        return root
    }
}
