/// A three-way merge of texts line by line, the way `diff3 -m` and `git merge-file` do it: the
/// changes from `base` to `ours` and from `base` to `theirs` are both applied where they touch
/// different lines; where they touch the same lines (or lines next to each other) differently,
/// the region is a conflict, written between the standard markers. Pure, on bytes.
public enum LineMerge {
    /// The merged text and where its conflicts are.
    public struct Result: Sendable, Hashable {
        public var bytes: [UInt8]
        /// The 1-based line of each conflict's `<<<<<<<` marker in `bytes`.
        public var conflictLines: [Int]
        /// How many regions took a change from one side or the same change from both.
        public var mergedChanges: Int

        public var isClean: Bool { conflictLines.isEmpty }
    }

    /// What the markers say about each side: `<<<<<<< yours` … `>>>>>>> recipe 2.0.0`.
    public struct Labels: Sendable, Hashable {
        public var ours: String
        public var theirs: String

        public init(ours: String, theirs: String) {
            self.ours = ours
            self.theirs = theirs
        }
    }

    public static let startMarker = "<<<<<<<"
    public static let separatorMarker = "======="
    public static let endMarker = ">>>>>>>"

    /// One region of the merge: lines all three agree on or one side's change taken, or a conflict.
    enum Region {
        case settled([[UInt8]], changed: Bool)
        case conflict(ours: [[UInt8]], theirs: [[UInt8]])
    }

    /// Merges `ours` and `theirs`, both changed from `base`.
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: Labels) -> Result {
        let regions = regions(base: LineDiff.lines(base), ours: LineDiff.lines(ours), theirs: LineDiff.lines(theirs))
        var bytes: [UInt8] = []
        var line = 1
        var conflicts: [Int] = []
        var merged = 0
        func append(_ lines: [[UInt8]], closing: Bool) {
            for text in lines {
                bytes += text
                line += 1
            }
            // A side's last line without `\n` still needs one before the next marker.
            if closing, let last = lines.last, last.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        }
        for region in regions {
            switch region {
            case .settled(let lines, let changed):
                if changed { merged += 1 }
                append(lines, closing: false)
            case .conflict(let ourLines, let theirLines):
                conflicts.append(line)
                append([Array("\(startMarker) \(labels.ours)\n".utf8)], closing: false)
                append(ourLines, closing: true)
                append([Array("\(separatorMarker)\n".utf8)], closing: false)
                append(theirLines, closing: true)
                append([Array("\(endMarker) \(labels.theirs)\n".utf8)], closing: false)
            }
        }
        return Result(bytes: bytes, conflictLines: conflicts, mergedChanges: merged)
    }

    /// The regions of the merge, in order.
    static func regions(base: [[UInt8]], ours: [[UInt8]], theirs: [[UInt8]]) -> [Region] {
        typealias Tagged = (hunk: LineDiff.Hunk, ours: Bool)
        let tagged: [Tagged] = (LineDiff.hunks(base, ours).map { ($0, true) } + LineDiff.hunks(base, theirs).map { ($0, false) })
            .sorted { $0.hunk.oldStart != $1.hunk.oldStart ? $0.hunk.oldStart < $1.hunk.oldStart : $0.ours && !$1.ours }
        var regions: [Region] = []
        var baseAt = 0
        var index = 0
        while index < tagged.count {
            // A group: hunks whose base ranges overlap or touch, chained.
            var group = [tagged[index]]
            var end = tagged[index].hunk.oldEnd
            index += 1
            while index < tagged.count, tagged[index].hunk.oldStart <= end {
                group.append(tagged[index])
                end = max(end, tagged[index].hunk.oldEnd)
                index += 1
            }
            let start = group[0].hunk.oldStart
            if start > baseAt { regions.append(.settled(Array(base[baseAt..<start]), changed: false)) }
            let ourText = side(group.filter(\.ours).map(\.hunk), lines: ours, base: base, from: start, to: end)
            let theirText = side(group.filter { !$0.ours }.map(\.hunk), lines: theirs, base: base, from: start, to: end)
            if let ourText, let theirText, ourText != theirText {
                regions.append(.conflict(ours: ourText, theirs: theirText))
            } else {
                regions.append(.settled(ourText ?? theirText ?? [], changed: true))
            }
            baseAt = end
        }
        if baseAt < base.count { regions.append(.settled(Array(base[baseAt...]), changed: false)) }
        return regions
    }

    /// What one side holds where the base has `base[from..<to]`, or nil when it changed nothing
    /// there. Outside its hunks a side equals the base line for line.
    private static func side(_ hunks: [LineDiff.Hunk], lines: [[UInt8]], base: [[UInt8]], from: Int, to: Int) -> [[UInt8]]? {
        guard let first = hunks.first, let last = hunks.last else { return nil }
        let start = first.newStart - (first.oldStart - from)
        let end = last.newEnd + (to - last.oldEnd)
        return Array(lines[start..<end])
    }
}
