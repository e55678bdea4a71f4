import DuoNewCore
import Foundation

extension PlaceholderSummary {
    /// What `help <recipe>` says of one value; the command line lays it out.
    public struct HelpEntry: Equatable, Sendable {
        /// `<AppName>`, `__YEAR__`, `--set style=CHOICE`.
        public var term: String
        /// The lines beside the term: the description, then the facts, then a choice's values.
        public var lines: [String]
    }

    /// The help's entry: the term (`<AppName>`, `--set style=CHOICE`) and the lines beside it.
    /// `configured`: what the user's config sets a `--set` value to, said last.
    public func helpEntry(configured: String? = nil) -> HelpEntry {
        let tokenText = TokenGrammar.token(named: token)
        if let value {
            return HelpEntry(term: tokenText, lines: [description ?? "A derived value.", "worked out from the others: \(value); never asked"])
        }
        if from == "year" || from == "date" {
            let shape = from == "year" ? "the year of generation, as 2026" : "the day of generation, as 2026-12-05"
            return HelpEntry(term: tokenText, lines: [description ?? (from == "year" ? "The year of generation." : "The day of generation."), "\(shape); kept by 'update'"])
        }
        guard let key, let type else {
            return HelpEntry(term: from == "app-name" ? "<AppName>" : "<bundle-id>", lines: [description.map { "\($0) (\(tokenText))" } ?? tokenText])
        }
        let metavariable = ["bool": "BOOL", "choice": "CHOICE", "integer": "NUMBER"][type] ?? "TEXT"
        var lines = [description ?? tokenText]
        var facts: [String] = []
        switch type {
        case "bool": facts.append("true or false (also yes/no, y/n, on/off, 1/0)")
        case "choice": facts.append("one of:")
        case "integer": facts.append("a whole number, " + ValueType.describeBounds(minimum: minimum, maximum: maximum))
        default: facts.append(pattern.map { "text matching '\($0)'" + (hint.map { " (\($0))" } ?? "") } ?? "text")
        }
        if secret == true {
            facts.append("secret: never recorded; asked without echo" + (env.map { ", or read from $\($0)" } ?? ""))
        } else {
            facts.append(defaultFrom.map { "default: \($0)" } ?? self.default.map { $0.isEmpty ? "default: \"\" (empty)" : "default: \($0)" } ?? "no default: required")
        }
        if let askIf { facts.append("asked only if \(askIf)") }
        // A choice's facts end with "one of:", so that its list of values follows it.
        lines.append((type == "choice" ? Array(facts.dropFirst()) + ["one of:"] : facts).joined(separator: "; "))
        let width = (choices ?? []).map { TextWrapping.columns($0.value) }.max() ?? 0
        for choice in choices ?? [] {
            let mark = choice.value == self.default ? "*" : " "
            lines.append("  \(mark) \(TextWrapping.padded(choice.value, toColumns: width))  \(choice.description ?? "")")
        }
        lines = lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        // What generation and the prompt take: shown as the config gives it.
        if let configured { lines.append("your config's 'set' gives: \(configured)") }
        return HelpEntry(term: "--set \(key)=\(metavariable)", lines: lines)
    }
}
