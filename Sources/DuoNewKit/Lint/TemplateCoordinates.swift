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
    public static func locate(_ leftovers: [WriteError.Leftover], tree: URL, values: [String: String]) -> [WriteError.Leftover] {
        var lines: [String: [Substring]] = [:]
        return leftovers.map { leftover in
            if lines[leftover.path] == nil {
                let text = LintPass.text(of: tree.appendingPathComponent(leftover.path)) ?? ""
                lines[leftover.path] = text.split(separator: "\n", omittingEmptySubsequences: false)
            }
            guard let fileLines = lines[leftover.path], leftover.line >= 1, leftover.line <= fileLines.count else { return leftover }
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
