#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Catches SIGINT, SIGTERM and SIGHUP while a project is being written, so the writer can stop
/// at the next chunk and remove its temporary folder instead of dying halfway. SIGXFSZ and
/// SIGPIPE are ignored meanwhile: a file-size limit or a closed output then fails a write
/// (exit 74, cleaned up) instead of killing the process with its temporary folder left behind.
///
/// Outside `catching(_:)` the signals keep their default action: before writing there is
/// nothing to clean up, and after the move the project is complete.
public final class Interruption: @unchecked Sendable {
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// Signals that would kill the process on a failed write; ignored while writing.
    public static let ignored: [Int32] = [SIGXFSZ, SIGPIPE]

    private let lock = NSLock()
    private var caught: Int32?
    private var sources: [DispatchSourceSignal] = []

    public init() {}

    /// The first signal received while catching, if any.
    public var received: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return caught
    }

    /// Runs `body` with the signals caught instead of fatal; restores the defaults afterwards.
    public func catching<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        for number in Self.ignored { _ = signal(number, SIG_IGN) }
        for number in Self.signals {
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.record(number) }
            source.resume()
            sources.append(source)
        }
        defer {
            for source in sources { source.cancel() }
            sources.removeAll()
            // Children (the checks) inherit ignored signals, so put the defaults back.
            for number in Self.signals + Self.ignored { _ = signal(number, SIG_DFL) }
        }
        return try body()
    }

    private func record(_ number: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if caught == nil { caught = number }
    }
}
