import Foundation
@testable import __APP_NAME__

/// A clock the tests move by hand, so countdowns and recordings take no real time.
///
/// `sleep(until:)` suspends until `advance(by:)` moves the time past the deadline; a task
/// cancelled while asleep wakes with `CancellationError`.
nonisolated final class ManualClock: StudioClock, @unchecked Sendable {
    private struct Sleeper {
        let id: UUID
        let deadline: TimeInterval
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// Guards `current` and `sleepers`; the clock is read from the main actor and from actors.
    private let lock: NSLock = NSLock()
    private var current: TimeInterval
    private var sleepers: [Sleeper] = []

    init(start: TimeInterval = 1000) {
        current = start
    }

    func now() -> TimeInterval {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    var sleeperCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.count
    }

    func sleep(until deadline: TimeInterval) async throws {
        let id: UUID = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if current >= deadline {
                    lock.unlock()
                    continuation.resume()
                } else {
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let index: Int? = sleepers.firstIndex { $0.id == id }
            let sleeper: Sleeper? = index.map { sleepers.remove(at: $0) }
            lock.unlock()
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        let time: TimeInterval = current
        let due: [Sleeper] = sleepers.filter { $0.deadline <= time }
        sleepers.removeAll { $0.deadline <= time }
        lock.unlock()
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }
}
