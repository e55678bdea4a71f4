import DuoNewCore
import DuoNewKit
import Foundation
import Testing

/// The day `from: year` and `from: date` stamp, from `SOURCE_DATE_EPOCH` when it gives a day
/// `update` can read back (a year of four digits), else today's.
@Suite struct GenerationClockTests {
    /// 2026-03-04 at noon UTC.
    private static let now = Date(timeIntervalSince1970: 1_772_625_600)

    private func day(_ epoch: String) -> CalendarDay {
        GenerationClock.today(environment: [GenerationClock.epochVariable: epoch], now: Self.now)
    }

    @Test func theVariableGivesTheDayInUTC() {
        #expect(day("1735689600") == CalendarDay(year: 2025, month: 1, day: 1))
        #expect(day("253402300799") == CalendarDay(year: 9999, month: 12, day: 31), "the last second of the last four-digit year")
        #expect(day("0") == CalendarDay(year: 1970, month: 1, day: 1))
    }

    /// A moment whose year has more than four digits, or lies before our era, would be recorded
    /// as a year `update` refuses; it is ignored, as a value that is not a number is.
    @Test(arguments: ["253402300800", "99999999999999", "-62200000000", "-99999999999999", "abc", ""])
    func aMomentWithoutAFourDigitYearIsIgnored(_ epoch: String) {
        #expect(day(epoch) == GenerationClock.today(environment: [:], now: Self.now))
    }
}
