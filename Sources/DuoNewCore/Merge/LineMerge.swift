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

    /// Merges `ours` and `theirs`, both changed from `base`.
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: Labels) -> Result {
        let texts = Texts(base: LineDiff.lines(base), ours: LineDiff.lines(ours), theirs: LineDiff.lines(theirs))
        let toOurs = LineDiff.hunks(texts.base, texts.ours)
        let toTheirs = LineDiff.hunks(texts.base, texts.theirs)
        // One side unchanged: the other is the result, byte for byte.
        guard !toOurs.isEmpty else { return Result(bytes: theirs, conflictLines: [], mergedChanges: toTheirs.count) }
        guard !toTheirs.isEmpty else { return Result(bytes: ours, conflictLines: [], mergedChanges: toOurs.count) }
        var found = regions(toOurs, toTheirs, texts: texts)
        found.regions = joinNearConflicts(refine(found.regions, texts: texts), ours: texts.ours)
        return write(found.regions, texts: texts, labels: labels, alsoMerged: found.sameChanges)
    }

    /// The lines of the three texts.
    struct Texts {
        var base: [[UInt8]]
        var ours: [[UInt8]]
        var theirs: [[UInt8]]
    }

    /// A region where the merge does not simply copy our lines: `ours[ours..<ours + oursCount]`
    /// stands for `theirs[theirs..<theirs + theirsCount]`.
    struct Region: Equatable {
        enum Kind: Equatable {
            /// Both changed it, differently.
            case conflict
            /// Only we changed it: our lines are taken.
            case ours
            /// Only they changed it: their lines are taken.
            case theirs
            /// A conflict whose two sides turned out equal: our lines are taken.
            case same
        }

        var kind: Kind
        var ours: Int
        var oursCount: Int
        var theirs: Int
        var theirsCount: Int

        var oursEnd: Int { ours + oursCount }
        var theirsEnd: Int { theirs + theirsCount }
    }

    /// Walks the two diffs from the base in step, as `git merge-file` does: a hunk that ends
    /// before the other side's next one begins is that side's alone; hunks that overlap or touch
    /// (one ends where the other begins) are one change when they are the same lines made into
    /// the same text, else a conflict spanning both. Regions that touch in either side's lines
    /// become one (a conflict, when they came from different sides).
    static func regions(_ toOurs: [LineDiff.Hunk], _ toTheirs: [LineDiff.Hunk], texts: Texts) -> (regions: [Region], sameChanges: Int) {
        var regions: [Region] = []
        var same = 0
        func add(_ kind: Region.Kind, ours: Int, oursCount: Int, theirs: Int, theirsCount: Int) {
            if var last = regions.last, ours <= last.oursEnd || theirs <= last.theirsEnd {
                if kind != last.kind { last.kind = .conflict }
                last.oursCount = ours + oursCount - last.ours
                last.theirsCount = theirs + theirsCount - last.theirs
                regions[regions.count - 1] = last
            } else {
                regions.append(Region(kind: kind, ours: ours, oursCount: oursCount, theirs: theirs, theirsCount: theirsCount))
            }
        }
        var p = 0
        var q = 0
        while p < toOurs.count, q < toTheirs.count {
            let x = toOurs[p]
            let y = toTheirs[q]
            if x.oldEnd < y.oldStart {
                // Theirs equals the base here: their line for x's first base line is found from y.
                add(.ours, ours: x.newStart, oursCount: x.newEnd - x.newStart, theirs: y.newStart - y.oldStart + x.oldStart, theirsCount: x.oldEnd - x.oldStart)
                p += 1
                continue
            }
            if y.oldEnd < x.oldStart {
                add(.theirs, ours: x.newStart - x.oldStart + y.oldStart, oursCount: y.oldEnd - y.oldStart, theirs: y.newStart, theirsCount: y.newEnd - y.newStart)
                q += 1
                continue
            }
            if x.oldStart == y.oldStart, x.oldEnd == y.oldEnd, texts.ours[x.newStart..<x.newEnd] == texts.theirs[y.newStart..<y.newEnd] {
                same += 1
            } else {
                // The conflict spans both hunks' base lines; each side's lines are widened by
                // the base lines the other hunk covers beyond its own.
                let before = x.oldStart - y.oldStart
                let after = x.oldEnd - y.oldEnd
                let ours = x.newStart - max(before, 0)
                let theirs = y.newStart + min(before, 0)
                let oursEnd = x.newEnd - min(after, 0)
                let theirsEnd = y.newEnd + max(after, 0)
                add(.conflict, ours: ours, oursCount: oursEnd - ours, theirs: theirs, theirsCount: theirsEnd - theirs)
            }
            if x.oldEnd >= y.oldEnd { q += 1 }
            if y.oldEnd >= x.oldEnd { p += 1 }
        }
        let oursShift = texts.ours.count - texts.base.count
        let theirsShift = texts.theirs.count - texts.base.count
        for x in toOurs[p...] {
            add(.ours, ours: x.newStart, oursCount: x.newEnd - x.newStart, theirs: x.oldStart + theirsShift, theirsCount: x.oldEnd - x.oldStart)
        }
        for y in toTheirs[q...] {
            add(.theirs, ours: y.oldStart + oursShift, oursCount: y.oldEnd - y.oldStart, theirs: y.newStart, theirsCount: y.newEnd - y.newStart)
        }
        return (regions, same)
    }

    /// Each conflict narrowed to the lines where its two sides differ (git's "zealous" merge):
    /// our part is compared with theirs, and each difference is a conflict of its own; the
    /// lines they share are taken once. Equal sides are no conflict.
    static func refine(_ regions: [Region], texts: Texts) -> [Region] {
        var refined: [Region] = []
        for region in regions {
            guard region.kind == .conflict, region.oursCount > 0, region.theirsCount > 0 else {
                refined.append(region)
                continue
            }
            let differences = LineDiff.hunks(Array(texts.ours[region.ours..<region.oursEnd]), Array(texts.theirs[region.theirs..<region.theirsEnd]))
            guard !differences.isEmpty else {
                refined.append(Region(kind: .same, ours: region.ours, oursCount: region.oursCount, theirs: region.theirs, theirsCount: region.theirsCount))
                continue
            }
            for hunk in differences {
                refined.append(Region(
                    kind: .conflict, ours: region.ours + hunk.oldStart, oursCount: hunk.oldEnd - hunk.oldStart,
                    theirs: region.theirs + hunk.newStart, theirsCount: hunk.newEnd - hunk.newStart
                ))
            }
        }
        return refined
    }

    /// Conflicts at most `nearLines` lines apart, or apart only by lines without a letter or a
    /// digit (braces, blank lines), become one, as git makes them: a reader settles one block.
    static func joinNearConflicts(_ regions: [Region], ours: [[UInt8]]) -> [Region] {
        var joined: [Region] = []
        for region in regions {
            if var last = joined.last, last.kind == .conflict, region.kind == .conflict,
               region.ours - last.oursEnd <= nearLines || !ours[last.oursEnd..<region.ours].contains(where: hasLetterOrDigit) {
                last.oursCount = region.oursEnd - last.ours
                last.theirsCount = region.theirsEnd - last.theirs
                joined[joined.count - 1] = last
            } else {
                joined.append(region)
            }
        }
        return joined
    }

    /// How far apart two conflicts may be and still be joined.
    static let nearLines = 3

    private static func hasLetterOrDigit(_ line: [UInt8]) -> Bool {
        line.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }

    /// The merged text: our lines, with each region's taken side or conflict in its place.
    static func write(_ regions: [Region], texts: Texts, labels: Labels, alsoMerged: Int) -> Result {
        var bytes: [UInt8] = []
        var newlines = 0
        var conflicts: [Int] = []
        var merged = alsoMerged
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        /// Copies lines; `closing` ends an unterminated last line, as a marker follows.
        func copy(_ lines: ArraySlice<[UInt8]>, crlf: Bool = false, closing: Bool = false) {
            for line in lines {
                bytes += line
                if line.last == lf { newlines += 1 }
            }
            if closing, let last = lines.last, last.last != lf {
                if crlf { bytes.append(cr) }
                bytes.append(lf)
                newlines += 1
            }
        }
        func marker(_ text: String, crlf: Bool) {
            bytes += Array(text.utf8)
            if crlf { bytes.append(cr) }
            bytes.append(lf)
            newlines += 1
        }
        var at = 0
        for region in regions {
            switch region.kind {
            case .conflict:
                copy(texts.ours[at..<region.ours])
                let crlf = usesCRLF(region, texts: texts)
                conflicts.append(newlines + 1)
                marker("\(startMarker) \(labels.ours)", crlf: crlf)
                copy(texts.ours[region.ours..<region.oursEnd], crlf: crlf, closing: true)
                marker(separatorMarker, crlf: crlf)
                copy(texts.theirs[region.theirs..<region.theirsEnd], crlf: crlf, closing: true)
                marker("\(endMarker) \(labels.theirs)", crlf: crlf)
            case .ours:
                merged += 1
                copy(texts.ours[at..<region.oursEnd])
            case .theirs:
                merged += 1
                copy(texts.ours[at..<region.ours])
                copy(texts.theirs[region.theirs..<region.theirsEnd])
            case .same:
                // Our lines are theirs: copied with the lines around them.
                merged += 1
                continue
            }
            at = region.oursEnd
        }
        copy(texts.ours[at...])
        return Result(bytes: bytes, conflictLines: conflicts, mergedChanges: merged)
    }

    /// Whether a conflict's markers (and a newline added after an unterminated last line) end
    /// in CRLF: when the line before the conflict on both sides, and the base's first line, do
    /// (a side's first line when nothing comes before; a text's last line without a newline
    /// goes by the line before it). Undecided, LF.
    static func usesCRLF(_ region: Region, texts: Texts) -> Bool {
        for (lines, index) in [(texts.ours, region.ours - 1), (texts.theirs, region.theirs - 1)] where endsWithCRLF(lines, max(index, 0)) == false {
            return false
        }
        return endsWithCRLF(texts.base, 0) == true
    }

    /// Whether line `index` ends in CRLF; nil when there is no telling (an empty text, or a
    /// single line without a newline).
    private static func endsWithCRLF(_ lines: [[UInt8]], _ index: Int) -> Bool? {
        guard !lines.isEmpty else { return nil }
        func crlf(_ line: [UInt8]) -> Bool { line.count > 1 && line[line.count - 2] == UInt8(ascii: "\r") && line.last == UInt8(ascii: "\n") }
        let line = lines[index]
        if index < lines.count - 1 || line.last == UInt8(ascii: "\n") { return crlf(line) }
        guard index > 0 else { return nil }
        return crlf(lines[index - 1])
    }
}
