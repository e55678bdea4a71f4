import Foundation

/// The text of the invisible test markers (`TestMarkerView`) every Duo recipe shows its UI tests:
/// `key=value` pairs in a fixed order, so a test reads the state instead of looking for where
/// something sits, which differs by pose. The UI tests read them with `markerFields`, which
/// takes either style; the model tests read them with `fields`.
nonisolated enum MarkerText: Sendable {
    /// How a marker sets its pairs apart.
    nonisolated enum Style: Sendable {
        /// `mode=photo timer=3`: separated by spaces; the values hold none.
        case spaced
        /// `item=a-1|time=4|`: every pair ends in `|`, so a test can look for `time=4|`
        /// without matching `time=41`.
        case barred
    }

    /// The marker text of these pairs.
    static func text(_ pairs: [(String, String)], _ style: Style) -> String {
        switch style {
        case .spaced: pairs.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
        case .barred: pairs.map { "\($0.0)=\($0.1)|" }.joined()
        }
    }

    /// A yes-or-no value as the markers write it: `1` or `0`.
    static func flag(_ value: Bool) -> String {
        value ? "1" : "0"
    }

    /// Reads a marker of either style back into its pairs; a value may hold `=`.
    static func fields(_ marker: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in marker.split(whereSeparator: { $0 == " " || $0 == "|" }) {
            let parts: [Substring] = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 {
                result[String(parts[0])] = String(parts[1])
            }
        }
        return result
    }
}
