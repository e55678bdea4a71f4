import Foundation
import Testing
@testable import __APP_NAME__

@Test("Self-timer and clocks", .timeLimit(.minutes(3)))
func timerChecks() async {
    #expect([TimerSetting.off.next, TimerSetting.threeSeconds.next, TimerSetting.tenSeconds.next] == [.threeSeconds, .tenSeconds, .off], "timer cycles off → 3 s → 10 s → off")
    #expect(TimerSetting.allCases.map(\.label) == ["Off", "3 s", "10 s"], "timer labels")
    #expect([TimerSetting(argument: "0"), TimerSetting(argument: "OFF"), TimerSetting(argument: "3"), TimerSetting(argument: "10")] == [.off, .off, .threeSeconds, .tenSeconds], "timer reads 0, off, 3 and 10")
    #expect(TimerSetting(argument: "5") == nil, "timer refuses 5")

    let countdown: Countdown = Countdown(seconds: 10, startedAt: 100)
    #expect(countdown.secondsLeft(at: 100) == 10, "countdown shows 10 at the start")
    #expect(countdown.secondsLeft(at: 100.5) == 10, "countdown shows 10 for the whole first second")
    #expect(countdown.secondsLeft(at: 101) == 9, "countdown shows 9 after one second")
    #expect(countdown.secondsLeft(at: 109.01) == 1, "countdown shows 1 in the last second")
    #expect(countdown.secondsLeft(at: 110) == 0, "countdown shows 0 at the end")
    #expect(countdown.isFinished(at: 110) && !countdown.isFinished(at: 109.99), "countdown finishes at its deadline, not before")
    #expect(countdown.text(at: 103.2) == "7", "countdown text")
    // Rounded up, never to the nearest: late in a second and just past it.
    #expect([countdown.secondsLeft(at: 100.6), countdown.secondsLeft(at: 100.99)] == [10, 10] as [Int], "countdown rounds up late in the first second")
    #expect([countdown.secondsLeft(at: 101.01), countdown.secondsLeft(at: 101.6)] == [9, 9] as [Int], "countdown rounds up just past a second")
    #expect([countdown.secondsLeft(at: 109.6), countdown.secondsLeft(at: 109.99)] == [1, 1] as [Int], "countdown rounds up late in the last second")
    #expect(countdown.secondsLeft(at: 99) == 10, "countdown shows its length before it starts")
    let held: Countdown = Countdown.held(seconds: 3)
    #expect(held.isHeld && held.deadline == nil
        && [0, 3, 1_000_000].allSatisfy { held.secondsLeft(at: $0) == 3 && !held.isFinished(at: $0) }, "a held countdown shows its length and never finishes")
    let released: Countdown = held.released(at: 50)
    #expect(!released.isHeld && released.secondsLeft(at: 51) == 2 && released.isFinished(at: 53)
        && !released.isFinished(at: 52.99) && released.released(at: 60) == released, "released, it runs from that moment")

    #expect(RecordingClock.text(seconds: 7) == "0:07", "recording text 7 s")
    #expect(RecordingClock.text(seconds: 723) == "12:03", "recording text 12 min 3 s")
    #expect(RecordingClock.text(seconds: 3723) == "1:02:03", "recording text 1 h 2 min 3 s")
    #expect([9, 10, 59].map { RecordingClock.text(seconds: $0) } == ["0:09", "0:10", "0:59"], "recording text: two-digit seconds on each side of ten")
    #expect([4149, 4200].map { RecordingClock.text(seconds: $0) } == ["1:09:09", "1:10:00"], "recording text: two-digit minutes once there are hours")
    #expect([540, 600].map { RecordingClock.text(seconds: $0) } == ["9:00", "10:00"], "recording text: minutes unpadded without hours")
    #expect([RecordingClock.text(seconds: 60), RecordingClock.text(seconds: 3600)] == ["1:00", "1:00:00"], "recording text at the minute and the hour")
    let recording: RecordingClock = RecordingClock(startedAt: 50)
    #expect(recording.text(at: 57.9) == "0:07", "recording clock counts from its start")
    #expect(recording.elapsed(at: 40) == 0, "recording clock never goes negative")

    let system: SystemStudioClock = SystemStudioClock()
    let first: TimeInterval = system.now()
    try? await system.sleep(until: first + 0.02)
    let second: TimeInterval = system.now()
    #expect(second >= first + 0.02, "the system clock moves forward and sleeps until the deadline — \(second - first)")

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
    #expect(woke, "the test clock wakes a sleeper when moved past its deadline")
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
    #expect(sawCancel, "the test clock wakes a cancelled sleeper with CancellationError")
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
