import Foundation

func upNextChecks(_ c: Checker) {
    c.begin("Up next policy")
    let policy: UpNextPolicy = UpNextPolicy()
    c.check("by default: 10 seconds ahead, with autoplay", policy.lead == 10 && policy.autoplay)
    c.equal("a 12-second episode: never more than half, so 6 seconds", policy.lead(for: 12), 6)
    c.equal("a half-hour episode: the full 10 seconds", policy.lead(for: 1800), 10)
    c.equal("an unknown length: no card", policy.lead(for: .nan), 0)
    c.equal("no length: no card", policy.lead(for: 0), 0)
    c.check("before the window, no card", !policy.isInWindow(time: 5.9, duration: 12))
    c.check("at the window's start, the card", policy.isInWindow(time: 6, duration: 12))
    c.check("at the very end, the card", policy.isInWindow(time: 12, duration: 12))
    c.check("a lead of 0 never shows the card", !UpNextPolicy(lead: 0).isInWindow(time: 12, duration: 12))
    c.equal("a negative lead is 0", UpNextPolicy(lead: -4).lead, 0)
    c.equal("a huge lead is capped at ten minutes", UpNextPolicy(lead: 1e6).lead, 600)
    c.equal("a lead that is not a number is the default", UpNextPolicy(lead: .nan).lead, 10)
    var changed: UpNextPolicy = UpNextPolicy(lead: 3)
    changed.lead = -1
    c.equal("setting the lead later is clamped too", changed.lead, 0)
    c.equal("-upNextLead 3 on a 12-second episode: the card at 9 seconds", UpNextPolicy(lead: 3).isInWindow(time: 9, duration: 12), true)
    c.check("the card shows while counting or offered, not hidden or cancelled", UpNextState.counting.showsCard && UpNextState.offered.showsCard && !UpNextState.hidden.showsCard && !UpNextState.cancelled.showsCard)
}
