import Foundation

/// Moves leftover-token positions from the stamped text back to the template's own lines and
/// columns, so that a diagnostic points where the author has to edit.
///
/// Stamping keeps lines but moves columns: each reported line is stamped again here with the
/// origin of every output character kept, and each leftover is placed by its own offset (two on
/// one line get their own columns).
public enum TemplateCoordinates {
    /// The same leftovers with `column` counted in Unicode scalars of the template's line (as lint
    /// counts); a leftover whose line cannot be read again keeps its position.
    /// `treeRoots` are the recipe's trees, which each leftover's `origin` indexes (its layers', then its own).
    public static func locate(_ leftovers: [WriteError.Leftover], treeRoots: [URL], values: [String: String]) -> [WriteError.Leftover] {
        var lines: [String: [Substring]] = [:]
        return leftovers.map { leftover in
            guard leftover.origin < treeRoots.count else { return leftover }
            let key = "\(leftover.origin)/\(leftover.path)"
            if lines[key] == nil {
                let text = LintPass.text(of: treeRoots[leftover.origin].appendingPathComponent(leftover.path)) ?? ""
                lines[key] = text.split(separator: "\n", omittingEmptySubsequences: false)
            }
            guard let fileLines = lines[key], leftover.line >= 1, leftover.line <= fileLines.count else { return leftover }
            let (stamped, origins) = TokenScanner.stamp(fileLines[leftover.line - 1], values: values)
            // The writer counts columns in bytes of the stamped line.
            var byteColumn = 1
            for (index, scalar) in stamped.enumerated() {
                if byteColumn == leftover.column {
                    var placed = leftover
                    placed.column = origins[index]
                    return placed
                }
                byteColumn += UTF8.width(scalar)
            }
            return leftover
        }
    }
}
