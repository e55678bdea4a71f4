/// Finds conflict markers a merge left in a text: a `<<<<<<<` line, then a `=======` line, then a
/// `>>>>>>>` line, in that order, each marker at the start of its line and followed by a space
/// or the line's end (as `LineMerge` writes them, and git).
public enum ConflictMarkers {
    /// The 1-based line of each complete block's `<<<<<<<` marker.
    public static func lines(in bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        var opened: Int?
        var separated = false
        for (index, line) in LineDiff.lines(bytes).enumerated() {
            if isMarker(line, LineMerge.startMarker) {
                opened = index + 1
                separated = false
            } else if opened != nil, isMarker(line, LineMerge.separatorMarker) {
                separated = true
            } else if let start = opened, separated, isMarker(line, LineMerge.endMarker) {
                found.append(start)
                opened = nil
                separated = false
            }
        }
        return found
    }

    private static func isMarker(_ line: [UInt8], _ marker: String) -> Bool {
        let marker = Array(marker.utf8)
        guard line.count >= marker.count, Array(line[0..<marker.count]) == marker else { return false }
        guard line.count > marker.count else { return true }
        let next = line[marker.count]
        return next == UInt8(ascii: " ") || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r")
    }
}
