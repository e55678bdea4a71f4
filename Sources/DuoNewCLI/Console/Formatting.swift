import Foundation

/// Small renderings shared by the commands.
enum Formatting {
    /// `812 B`, `12.3 KB`, `4.1 MB` (powers of 1000, as Finder shows).
    static func bytes(_ count: Int64) -> String {
        if count < 1000 { return "\(count) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(count) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: "%.1f", value) + " " + units[unit]
    }

    static func seconds(_ value: Double) -> String {
        value < 10 ? String(format: "%.2f s", value) : String(format: "%.1f s", value)
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
