#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import DuoNewCore
import Foundation

/// Catches SIGINT, SIGTERM and SIGHUP while a project is being written or checked, so the writer
/// can stop at the next chunk and remove its temporary folder instead of dying halfway, and a
/// running check can be told and stopped. SIGXFSZ and SIGPIPE are ignored meanwhile: a
/// file-size limit or a closed output then fails a write (exit 74, cleaned up) instead of killing
/// the process with its temporary folder left behind.
///
/// Outside `catching(_:)` the signals keep the action they had: before writing there is nothing
/// to clean up, and after the move the project is complete. A signal that was ignored when
/// duo-new started (`nohup duo-new …` ignores SIGHUP) is never caught: it stays ignored, in
/// duo-new and in the checks it runs.
public final class Interruption: @unchecked Sendable {
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// How messages name one of `signals`: `SIGINT`, `SIGTERM` or `SIGHUP`.
    public static func name(of signal: Int32) -> String {
        signal == SIGTERM ? "SIGTERM" : signal == SIGHUP ? "SIGHUP" : "SIGINT"
    }
    /// Signals that would kill the process on a failed write; ignored while writing.
    public static let ignored: [Int32] = [SIGXFSZ, SIGPIPE]

    /// The signals among `signals` and `ignored` that were ignored when this was made.
    public let inheritedIgnored: Set<Int32>

    private let lock = NSLock()
    private var caught: Int32?
    private var sources: [DispatchSourceSignal] = []
    /// How many `catching` calls are running (they nest on one thread).
    private var depth = 0
    /// False for a command line run inside another program (the tests' in-process runs):
    /// signals are that program's, so `catching` leaves every disposition alone.
    private let changesSignalActions: Bool

    /// Make it before changing any signal's disposition: it records which were ignored on entry.
    /// `changingSignalActions: false` makes one that never touches them (see `catching`).
    public init(changingSignalActions: Bool = true) {
        inheritedIgnored = Set((Self.signals + Self.ignored).filter(Self.isIgnored))
        changesSignalActions = changingSignalActions
    }

    /// The first signal received while catching, if any.
    public var received: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return caught
    }

    /// The signals a check gets with their default action: all of `signals` and `ignored`
    /// except those ignored when duo-new started.
    public var signalsForChildren: [Int32] {
        (Self.signals + Self.ignored).filter { !inheritedIgnored.contains($0) }
    }

    /// Runs `body` with the signals caught instead of fatal; puts back the previous actions afterwards.
    ///
    /// Calls may nest (generation catches from the first write to the last check, and writing
    /// and checking each catch too): an inner call changes nothing, because a second signal
    /// source for the same signal, once cancelled, would stop the outer one from hearing it.
    public func catching<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        let nested = depth > 0
        depth += 1
        lock.unlock()
        defer {
            lock.lock()
            depth -= 1
            lock.unlock()
        }
        // A signal's action is the whole process's: changed while another thread spawns a process,
        // it is inherited (an ignored SIGINT stays ignored there); changed by two instances at
        // once, cancelling one's source deafens the other's.
        if nested || !changesSignalActions { return try body() }
        var previous: [(Int32, sighandler_t?)] = []
        for number in Self.ignored { previous.append((number, signal(number, SIG_IGN))) }
        for number in Self.signals where !inheritedIgnored.contains(number) {
            previous.append((number, signal(number, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.record(number) }
            source.resume()
            sources.append(source)
        }
        defer {
            for source in sources { source.cancel() }
            sources.removeAll()
            for (number, action) in previous.reversed() { _ = signal(number, action) }
        }
        return try body()
    }

    private func record(_ number: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if caught == nil { caught = number }
    }

    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        #if canImport(Glibc)
        let handler = current.__sigaction_handler.sa_handler
        #else
        // sys/signal.h, iPhoneOS 27.0 SDK: `struct sigaction { union __sigaction_u __sigaction_u; ...}`
        // with `void (*__sa_handler)(int)` in the union, and SIG_IGN `(void (*)(int))1`.
        let handler = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
