import DuoNewCore
import Foundation

/// The day `from: year` and `from: date` stamp: today in the user's time zone, or, when
/// `SOURCE_DATE_EPOCH` is set (the reproducible-builds convention), that moment's day in UTC,
/// so a script or a test generates the same bytes on any day.
public enum GenerationClock {
    public static let epochVariable = "SOURCE_DATE_EPOCH"

    public static func today(environment: [String: String], now: Date = Date()) -> CalendarDay {
        if let text = environment[epochVariable], let seconds = Int64(text),
           let day = day(of: Date(timeIntervalSince1970: TimeInterval(seconds)), in: TimeZone(identifier: "UTC")) {
            return day
        }
        return day(of: now, in: TimeZone.current) ?? CalendarDay(year: 1970, month: 1, day: 1)
    }

    /// The day of `moment`, or nil when its year is not one of four digits of our era: a
    /// `SOURCE_DATE_EPOCH` far out (`99999999999999`, the year 506713) would otherwise be stamped
    /// and recorded as a year that `update` refuses to read back, so it is ignored like one that
    /// is not a number.
    private static func day(of moment: Date, in zone: TimeZone?) -> CalendarDay? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone ?? calendar.timeZone
        let parts = calendar.dateComponents([.era, .year, .month, .day], from: moment)
        guard parts.era == 1, let year = parts.year, (1...9999).contains(year), let month = parts.month, let day = parts.day else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }
}
