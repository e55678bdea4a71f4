import Foundation

func timeTextChecks(_ c: Checker) {
    c.begin("Time text")
    c.equal("the start", TimeText.clock(0), "0:00")
    c.equal("seconds", TimeText.clock(4), "0:04")
    c.equal("positions round down", TimeText.clock(4.99), "0:04")
    c.equal("minutes", TimeText.clock(65), "1:05")
    c.equal("hours", TimeText.clock(3723), "1:02:03")
    c.equal("a negative time reads 0:00", TimeText.clock(-3), "0:00")
    c.equal("not a number reads 0:00", TimeText.clock(.nan), "0:00")
    c.equal("a live stream's infinite length stays readable", TimeText.clock(.infinity), "0:00")
    c.equal("a very long time is capped", TimeText.clock(1e9), "99:59:59")
    c.equal("time left", TimeText.remaining(4, of: 12), "-0:08")
    c.equal("time left rounds up", TimeText.remaining(4.3, of: 12), "-0:08")
    c.equal("no time left", TimeText.remaining(12, of: 12), "-0:00")
    c.equal("the scrubber's label", TimeText.progress(4, of: 12), "0:04 / 0:12")
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
    c.check("played and left always add up to the length shown", addsUp, seen)
    c.equal("spoken seconds", TimeText.spoken(4), "4 seconds")
    c.equal("spoken: one second", TimeText.spoken(1), "1 second")
    c.equal("spoken: nothing yet", TimeText.spoken(0), "0 seconds")
    c.equal("spoken minutes and seconds", TimeText.spoken(65), "1 minute, 5 seconds")
    c.equal("spoken whole minutes", TimeText.spoken(120), "2 minutes")
    c.equal("spoken hours drop the seconds", TimeText.spoken(3725), "1 hour, 2 minutes")
    c.equal("VoiceOver's scrubber value", TimeText.spokenProgress(4, of: 12), "4 seconds of 12 seconds")
}
