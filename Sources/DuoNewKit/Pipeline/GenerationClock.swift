import DuoNewCore
import Foundation

/// The day `from: year` and `from: date` stamp: today in the user's time zone, or, when
/// `SOURCE_DATE_EPOCH` is set (the reproducible-builds convention), that moment's day in UTC,
/// so a script or a test generates the same bytes on any day.
public enum GenerationClock {
    public static let epochVariable = "SOURCE_DATE_EPOCH"

    public static func today(environment: [String: String], now: Date = Date()) -> CalendarDay {
        var calendar = Calendar(identifier: .gregorian)
        var moment = now
        if let text = environment[epochVariable], let seconds = Int64(text) {
            moment = Date(timeIntervalSince1970: TimeInterval(seconds))
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        } else {
            calendar.timeZone = TimeZone.current
        }
        let parts = calendar.dateComponents([.year, .month, .day], from: moment)
        return CalendarDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}
