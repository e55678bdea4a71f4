import Foundation
import Testing
@testable import __APP_NAME__

@Test("Up next policy")
func upNextChecks() {
    let policy: UpNextPolicy = UpNextPolicy()
    #expect(policy.lead == 10 && policy.autoplay, "by default: 10 seconds ahead, with autoplay")
    #expect(policy.lead(for: 12) == 6, "a 12-second episode: never more than half, so 6 seconds")
    #expect(policy.lead(for: 1800) == 10, "a half-hour episode: the full 10 seconds")
    #expect(policy.lead(for: .nan) == 0, "an unknown length: no card")
    #expect(policy.lead(for: 0) == 0, "no length: no card")
    #expect(!policy.isInWindow(time: 5.9, duration: 12), "before the window, no card")
    #expect(policy.isInWindow(time: 6, duration: 12), "at the window's start, the card")
    #expect(policy.isInWindow(time: 12, duration: 12), "at the very end, the card")
    #expect(!UpNextPolicy(lead: 0).isInWindow(time: 12, duration: 12), "a lead of 0 never shows the card")
    #expect(UpNextPolicy(lead: -4).lead == 0, "a negative lead is 0")
    #expect(UpNextPolicy(lead: 1e6).lead == 600, "a huge lead is capped at ten minutes")
    #expect(UpNextPolicy(lead: .nan).lead == 10, "a lead that is not a number is the default")
    var changed: UpNextPolicy = UpNextPolicy(lead: 3)
    changed.lead = -1
    #expect(changed.lead == 0, "setting the lead later is clamped too")
    #expect(UpNextPolicy(lead: 3).isInWindow(time: 9, duration: 12) == true, "-upNextLead 3 on a 12-second episode: the card at 9 seconds")
    #expect(UpNextState.counting.showsCard && UpNextState.offered.showsCard && !UpNextState.hidden.showsCard && !UpNextState.cancelled.showsCard, "the card shows while counting or offered, not hidden or cancelled")
}
