import Foundation

/// One result handed from a callback to the task that waits for it, exactly once.
///
/// AVFoundation's delegates report on their own queues. The photo output reports a photo's data
/// and then, separately, the end of its capture; a capture that fails early may never deliver
/// data at all. Resuming a continuation twice crashes, and never resuming it hangs the shutter,
/// so the delegates hand their results over through this: the first result wins, later ones
/// are ignored, and a result that arrives before anyone waits is kept for the waiter.
nonisolated final class OneShot<Value: Sendable>: @unchecked Sendable {
    // Unchecked: the two stored variables are only read and written while `lock` is held.
    private let lock: NSLock = NSLock()
    private var result: Result<Value, CaptureError>?
    private var waiter: CheckedContinuation<Value, any Error>?

    init() {}

    /// Whether a result has arrived.
    var hasResult: Bool {
        lock.lock()
        defer { lock.unlock() }
        return result != nil
    }

    /// Whether a task is waiting for the result now.
    var isAwaited: Bool {
        lock.lock()
        defer { lock.unlock() }
        return waiter != nil
    }

    /// Hands the result over; true if it was the first, false if one had already arrived (the
    /// later one is dropped).
    @discardableResult
    func deliver(_ newResult: Result<Value, CaptureError>) -> Bool {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return false
        }
        result = newResult
        let waiting: CheckedContinuation<Value, any Error>? = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(with: newResult)
        return true
    }

    /// Waits for the result, or returns it at once if it has arrived. One task waits; a second
    /// waiter at the same time is refused as busy.
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            lock.lock()
            if let result {
                lock.unlock()
                continuation.resume(with: result)
            } else if waiter != nil {
                lock.unlock()
                continuation.resume(throwing: CaptureError.busy)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}
