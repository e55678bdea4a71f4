import Foundation
import Testing
@testable import __APP_NAME__

/// Which phases keep the screen on. The studio is used hands-free on a table: the phone must not
/// lock in the middle of a countdown or a recording, and must be free to lock when idle.
@Test("Screen kept on")
func idleTimerChecks() {
    let awake: [StudioPhase] = [
        .countingDown(Countdown(seconds: 10, startedAt: 0), then: .photo),
        .countingDown(Countdown.held(seconds: 3), then: .video),
        .takingPhoto,
        .recording(RecordingClock(startedAt: 0)),
        .saving,
    ]
    let asleep: [StudioPhase] = [
        .starting, .ready, .interrupted, .unavailable(.denied), .unavailable(.noCamera), .failed("broken"),
    ]
    let wrongAwake: [String] = awake.filter { !$0.keepsScreenAwake }.map(\.name)
    #expect(wrongAwake.isEmpty, "a countdown, a photo being taken, a recording and saving keep the screen on — not kept on: \(wrongAwake)")
    let wrongAsleep: [String] = asleep.filter(\.keepsScreenAwake).map(\.name)
    #expect(wrongAsleep.isEmpty, "ready, starting, paused and stopped let the phone lock — kept on: \(wrongAsleep)")
}
