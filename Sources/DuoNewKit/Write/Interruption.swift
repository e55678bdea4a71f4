#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Where the signal handler puts what it caught: plain memory, so the handler does no more
/// than one aligned store (what a handler may do), without Swift's access tracking on a global.
/// A signal is the process's, so this is one for the process; made before any handler is set.
/// `nonisolated(unsafe)`: the handler and `received` share it by design (a 32-bit store and load).
nonisolated(unsafe) private let signalCaughtByHandler: UnsafeMutablePointer<Int32> = {
    let memory = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    memory.initialize(to: 0)
    return memory
}()

/// The handler `catching` installs: keeps the first signal; `received` reads it.
private let recordCaughtSignal: @convention(c) (Int32) -> Void = { number in
    if signalCaughtByHandler.pointee == 0 { signalCaughtByHandler.pointee = number }
}

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
    /// True while this instance's handler is installed (its outermost `catching` runs).
    private var installed = false
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
        harvest()
        return caught
    }

    /// Takes what the handler caught into `caught` (the lock held).
    private func harvest() {
        guard installed, caught == nil, signalCaughtByHandler.pointee != 0 else { return }
        caught = signalCaughtByHandler.pointee
    }

    /// The signals a check gets with their default action: all of `signals` and `ignored`
    /// except those ignored when duo-new started.
    public var signalsForChildren: [Int32] {
        (Self.signals + Self.ignored).filter { !inheritedIgnored.contains($0) }
    }

    /// Runs `body` with the signals caught instead of fatal; puts back the previous actions afterwards.
    ///
    /// Calls may nest (generation catches from the first write to the last check, and writing
    /// and checking each catch too): an inner call changes nothing. Calls may follow one another
    /// (an update, then its tasks): each installs the handler again. (A Dispatch signal source
    /// could not: on Linux, once one was cancelled, a new one for the same signal never heard it,
    /// and an update's tasks ran on through Ctrl-C.)
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
        // it is inherited (an ignored SIGINT stays ignored there), so tests running the command
        // line in-process leave it alone.
        if nested || !changesSignalActions { return try body() }
        lock.lock()
        signalCaughtByHandler.pointee = 0
        installed = true
        lock.unlock()
        var previous: [(Int32, sighandler_t?)] = []
        for number in Self.ignored { previous.append((number, signal(number, SIG_IGN))) }
        // `signal` sets BSD semantics on Linux and macOS alike: the handler stays, and a read
        // or write it interrupts is restarted.
        var caughtSignals = sigset_t()
        sigemptyset(&caughtSignals)
        for number in Self.signals where !inheritedIgnored.contains(number) {
            previous.append((number, signal(number, recordCaughtSignal)))
            sigaddset(&caughtSignals, number)
        }
        // A process started with them blocked (a parent's thread that blocks them spawned it)
        // would never run the handler: this thread takes them while catching.
        var previousMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &caughtSignals, &previousMask)
        defer {
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            for (number, action) in previous.reversed() { _ = signal(number, action) }
            lock.lock()
            harvest()
            installed = false
            signalCaughtByHandler.pointee = 0
            lock.unlock()
        }
        return try body()
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
