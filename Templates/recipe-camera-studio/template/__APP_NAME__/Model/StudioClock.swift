import Foundation

/// The time source behind the self-timer and the recording clock.
///
/// Injected so that the model tests move time by hand instead of sleeping. Times are seconds
/// on a monotonic scale with an arbitrary origin; only differences mean anything.
nonisolated protocol StudioClock: Sendable {
    func now() -> TimeInterval
    /// Returns once `now()` has reached `deadline` (at once if it already has).
    func sleep(until deadline: TimeInterval) async throws
}

/// The real clock: monotonic, so a change of the wall clock never stretches a countdown.
///
/// It reads the Swift `ContinuousClock`, not the system uptime, which Apple lists among the
/// required-reason APIs.
nonisolated struct SystemStudioClock: StudioClock {
    private static let origin: ContinuousClock.Instant = ContinuousClock.now

    init() {}

    func now() -> TimeInterval {
        // The origin first: read after the time, a first call would set it later and go negative.
        let origin: ContinuousClock.Instant = SystemStudioClock.origin
        let elapsed: Duration = ContinuousClock.now - origin
        let parts: (seconds: Int64, attoseconds: Int64) = elapsed.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) * 1e-18
    }

    func sleep(until deadline: TimeInterval) async throws {
        let wait: TimeInterval = deadline - now()
        if wait > 0 {
            try await Task.sleep(for: .seconds(wait))
        }
    }
}
