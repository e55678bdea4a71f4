import Foundation

/// Reads launch arguments as switches: each word that starts with `-`, with the word after it
/// as its value unless that word starts with `-` too (then it is the next switch, and this one
/// has no value). Words that are neither are skipped.
///
/// UI tests, screenshots and Xcode's scheme editor start the app with switches such as
/// `-play small-repairs-1 -paused` or `-standIn YES`. The system and Xcode add arguments of
/// their own (`-NSDoubleLocalizedStrings YES`), so a recipe's `LaunchOptions` reads the names
/// it knows and ignores the rest.
nonisolated enum LaunchSwitches: Sendable {
    static func pairs(_ arguments: [String]) -> [(name: String, value: String?)] {
        var result: [(name: String, value: String?)] = []
        for (index, word) in arguments.enumerated() where word.hasPrefix("-") {
            let following: String? = index + 1 < arguments.count ? arguments[index + 1] : nil
            result.append((name: word, value: following.flatMap { $0.hasPrefix("-") ? nil : $0 }))
        }
        return result
    }

    /// A flag's value in the forms Xcode's scheme editor and people write: YES or NO, true or
    /// false, 1 or 0, in any case; nil for anything else.
    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "1": true
        case "no", "false", "0": false
        default: nil
        }
    }
}
