import Foundation
import Testing
@testable import __APP_NAME__

@Test("Time text")
func timeTextChecks() {
    #expect(TimeText.clock(0) == "0:00", "the start")
    #expect(TimeText.clock(4) == "0:04", "seconds")
    #expect(TimeText.clock(4.99) == "0:04", "positions round down")
    #expect(TimeText.clock(65) == "1:05", "minutes")
    #expect(TimeText.clock(3723) == "1:02:03", "hours")
    #expect([9, 10, 59].map { TimeText.clock(TimeInterval($0)) } == ["0:09", "0:10", "0:59"], "two-digit seconds on each side of ten")
    #expect([4149, 4200].map { TimeText.clock(TimeInterval($0)) } == ["1:09:09", "1:10:00"], "two-digit minutes once there are hours")
    #expect(TimeText.clock(-3) == "0:00", "a negative time reads 0:00")
    #expect(TimeText.clock(.nan) == "0:00", "not a number reads 0:00")
    #expect(TimeText.clock(.infinity) == "0:00", "a live stream's infinite length stays readable")
    #expect(TimeText.clock(1e9) == "99:59:59", "a very long time is capped")
    #expect(TimeText.remaining(4, of: 12) == "-0:08", "time left")
    #expect(TimeText.remaining(4.3, of: 12) == "-0:08", "time left rounds up")
    #expect(TimeText.remaining(12, of: 12) == "-0:00", "no time left")
    #expect(TimeText.progress(4, of: 12) == "0:04 / 0:12", "the scrubber's label")
    var addsUp: Bool = true
    var seen: String = ""
    for tenth in 0...120 {
        let time: TimeInterval = Double(tenth) / 10
        let played: Int = Int(TimeText.clock(time).split(separator: ":").last ?? "") ?? -1
        let left: Int = Int(TimeText.remaining(time, of: 12).split(separator: ":").last ?? "") ?? -1
        if played + left != 12 {
            addsUp = false
            seen = "at \(time): \(played) + \(left)"
        }
    }
    #expect(addsUp, "played and left always add up to the length shown — \(seen)")
    #expect(TimeText.spoken(4) == "4 seconds", "spoken seconds")
    #expect(TimeText.spoken(1) == "1 second", "spoken: one second")
    #expect(TimeText.spoken(0) == "0 seconds", "spoken: nothing yet")
    #expect(TimeText.spoken(65) == "1 minute, 5 seconds", "spoken minutes and seconds")
    #expect(TimeText.spoken(120) == "2 minutes", "spoken whole minutes")
    #expect(TimeText.spoken(3725) == "1 hour, 2 minutes", "spoken hours drop the seconds")
    #expect(TimeText.spokenProgress(4, of: 12) == "4 seconds of 12 seconds", "VoiceOver's scrubber value")
}
