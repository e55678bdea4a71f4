import Foundation

/// One step of a value expression (`APP_NAME | kebab`): a function from text to text, the same
/// on every machine (the standard library's Unicode case rules, never the locale's).
public enum TextFilter: String, Sendable, Hashable, CaseIterable {
    /// `My Cool App` → `my cool app`.
    case lower
    /// `My Cool App` → `MY COOL APP`.
    case upper
    /// `MyCoolApp` → `my-cool-app`.
    case kebab
    /// `MyCoolApp` → `my_cool_app`.
    case snake
    /// `my-cool-app` → `myCoolApp`.
    case camel
    /// `my-cool-app` → `MyCoolApp`.
    case pascal
    /// `MyCoolApp` → `My Cool App`.
    case words
    /// `  My App ` → `My App`.
    case trim

    /// The filters' names, in the order the docs give them.
    public static var names: [String] { allCases.map(\.rawValue) }

    public func apply(_ text: String) -> String {
        switch self {
        case .lower: text.lowercased()
        case .upper: text.uppercased()
        case .kebab: Self.split(text).map { $0.lowercased() }.joined(separator: "-")
        case .snake: Self.split(text).map { $0.lowercased() }.joined(separator: "_")
        case .camel:
            Self.split(text).enumerated().map { $0.offset == 0 ? $0.element.lowercased() : Self.capitalized($0.element) }.joined()
        case .pascal: Self.split(text).map(Self.capitalized).joined()
        case .words: Self.split(text).joined(separator: " ")
        case .trim: text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The words of `text`: runs of letters and digits, split again where a lowercase letter or
    /// a digit meets a capital (`myApp`), and before the last capital of a run of capitals
    /// followed by a lowercase letter (`HTTPServer` → `HTTP`, `Server`).
    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        func finishWord() {
            if !current.isEmpty { words.append(String(current)) }
            current = []
        }
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                finishWord()
                continue
            }
            if let previous = current.last, character.isUppercase {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) { finishWord() }
            }
            current.append(character)
        }
        finishWord()
        return words
    }

    /// The first letter in title case, the rest as written: `app` → `App`, `URL` → `URL`.
    /// Title case, not capitals, since a few letters differ: a word starting with the ligature
    /// `ﬁ` starts `Fi` (not `FI`), one with `ǆ` starts `ǅ`.
    private static func capitalized(_ word: String) -> String {
        guard let first = word.unicodeScalars.first else { return word }
        return first.properties.titlecaseMapping + String(word.unicodeScalars.dropFirst())
    }
}
