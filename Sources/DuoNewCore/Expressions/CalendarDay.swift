/// A day of the calendar, as `from: year` and `from: date` stamp it. The core never reads a
/// clock: the day is handed in (`GenerationPipeline.Request.today`), so tests fix it.
public struct CalendarDay: Sendable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// What a placeholder stamps of the day.
    public enum Form: String, Sendable, Hashable, CaseIterable {
        /// `2026`.
        case year
        /// ISO 8601's calendar date, `2026-12-05`.
        case date
    }

    public func text(_ form: Form) -> String {
        switch form {
        case .year: Self.padded(year, 4)
        case .date: "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
        }
    }

    /// Whether `text` is a day as `form` stamps it (`2026`, `2026-12-05`, a real day of the
    /// calendar): what a recorded day must be before it is stamped again.
    public static func isStamped(_ text: String, as form: Form) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let widths = form == .year ? [4] : [4, 2, 2]
        guard parts.count == widths.count, zip(parts, widths).allSatisfy({ $0.count == $1 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            return false
        }
        guard form == .date, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return true }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && (1...days[month - 1]).contains(day)
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A placeholder's `ask-if`: the condition (the `include-if` language) and its text, for messages.
public struct AskCondition: Sendable, Hashable {
    public var condition: Condition
    public var text: String

    public init(condition: Condition, text: String) {
        self.condition = condition
        self.text = text
    }
}
