import DuoNewCore
import DuoNewKit
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

    /// A path as a shell command's argument: quoted only when it has to be, and after `./`
    /// when it starts with `-`, which `cd` and the rest would otherwise take for an option.
    static func shellArgument(_ path: String) -> String {
        ShellQuoting.argument(path)
    }

    /// A path as a shell reads it: quoted only when it has to be.
    static func shellQuoted(_ text: String) -> String {
        ShellQuoting.quoted(text)
    }
}
