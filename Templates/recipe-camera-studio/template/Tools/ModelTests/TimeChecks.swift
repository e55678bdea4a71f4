import Foundation

func timerChecks(_ c: Checker) async {
    c.begin("Self-timer and clocks")
    c.equal("timer cycles off → 3 s → 10 s → off", [TimerSetting.off.next, TimerSetting.threeSeconds.next, TimerSetting.tenSeconds.next], [.threeSeconds, .tenSeconds, .off])
    c.equal("timer labels", TimerSetting.allCases.map(\.label), ["Off", "3 s", "10 s"])
    c.equal("timer reads 0, off, 3 and 10", [TimerSetting(argument: "0"), TimerSetting(argument: "OFF"), TimerSetting(argument: "3"), TimerSetting(argument: "10")], [.off, .off, .threeSeconds, .tenSeconds])
    c.check("timer refuses 5", TimerSetting(argument: "5") == nil)

    let countdown: Countdown = Countdown(seconds: 10, startedAt: 100)
    c.equal("countdown shows 10 at the start", countdown.secondsLeft(at: 100), 10)
    c.equal("countdown shows 10 for the whole first second", countdown.secondsLeft(at: 100.5), 10)
    c.equal("countdown shows 9 after one second", countdown.secondsLeft(at: 101), 9)
    c.equal("countdown shows 1 in the last second", countdown.secondsLeft(at: 109.01), 1)
    c.equal("countdown shows 0 at the end", countdown.secondsLeft(at: 110), 0)
    c.check("countdown finishes at its deadline, not before", countdown.isFinished(at: 110) && !countdown.isFinished(at: 109.99))
    c.equal("countdown text", countdown.text(at: 103.2), "7")
    // Rounded up, never to the nearest: late in a second and just past it.
    c.equal("countdown rounds up late in the first second", [countdown.secondsLeft(at: 100.6), countdown.secondsLeft(at: 100.99)], [10, 10])
    c.equal("countdown rounds up just past a second", [countdown.secondsLeft(at: 101.01), countdown.secondsLeft(at: 101.6)], [9, 9])
    c.equal("countdown rounds up late in the last second", [countdown.secondsLeft(at: 109.6), countdown.secondsLeft(at: 109.99)], [1, 1])
    c.equal("countdown shows its length before it starts", countdown.secondsLeft(at: 99), 10)
    let held: Countdown = Countdown.held(seconds: 3)
    c.check("a held countdown shows its length and never finishes", held.isHeld && held.deadline == nil
        && [0, 3, 1_000_000].allSatisfy { held.secondsLeft(at: $0) == 3 && !held.isFinished(at: $0) })
    let released: Countdown = held.released(at: 50)
    c.check("released, it runs from that moment", !released.isHeld && released.secondsLeft(at: 51) == 2 && released.isFinished(at: 53)
        && !released.isFinished(at: 52.99) && released.released(at: 60) == released)

    c.equal("recording text 7 s", RecordingClock.text(seconds: 7), "0:07")
    c.equal("recording text 12 min 3 s", RecordingClock.text(seconds: 723), "12:03")
    c.equal("recording text 1 h 2 min 3 s", RecordingClock.text(seconds: 3723), "1:02:03")
    c.equal("recording text: two-digit seconds on each side of ten", [9, 10, 59].map { RecordingClock.text(seconds: $0) }, ["0:09", "0:10", "0:59"])
    c.equal("recording text: two-digit minutes once there are hours", [4149, 4200].map { RecordingClock.text(seconds: $0) }, ["1:09:09", "1:10:00"])
    c.equal("recording text: minutes unpadded without hours", [540, 600].map { RecordingClock.text(seconds: $0) }, ["9:00", "10:00"])
    c.equal("recording text at the minute and the hour", [RecordingClock.text(seconds: 60), RecordingClock.text(seconds: 3600)], ["1:00", "1:00:00"])
    let recording: RecordingClock = RecordingClock(startedAt: 50)
    c.equal("recording clock counts from its start", recording.text(at: 57.9), "0:07")
    c.equal("recording clock never goes negative", recording.elapsed(at: 40), 0)

    let system: SystemStudioClock = SystemStudioClock()
    let first: TimeInterval = system.now()
    try? await system.sleep(until: first + 0.02)
    let second: TimeInterval = system.now()
    c.check("the system clock moves forward and sleeps until the deadline", second >= first + 0.02, "\(second - first)")

    let manual: ManualClock = ManualClock(start: 0)
    let sleeper: Task<Bool, Never> = Task {
        do {
            try await manual.sleep(until: 5)
            return true
        } catch {
            return false
        }
    }
    await settle { manual.sleeperCount == 1 }
    manual.advance(by: 5)
    let woke: Bool = await sleeper.value
    c.check("the test clock wakes a sleeper when moved past its deadline", woke)
    let cancelled: Task<Bool, Never> = Task {
        do {
            try await manual.sleep(until: 100)
            return false
        } catch {
            return error is CancellationError
        }
    }
    await settle { manual.sleeperCount == 1 }
    cancelled.cancel()
    let sawCancel: Bool = await cancelled.value
    c.check("the test clock wakes a cancelled sleeper with CancellationError", sawCancel)
}

/// Lets other tasks run until `condition` holds, for at most about two seconds.
func settle(_ condition: () -> Bool) async {
    var turns: Int = 0
    while !condition(), turns < 2_000 {
        await Task.yield()
        if turns % 20 == 19 {
            try? await Task.sleep(for: .milliseconds(1))
        }
        turns += 1
    }
}
