import Foundation
@testable import __APP_NAME__

/// A clock the tests move by hand, so twelve seconds of playback take no time at all.
nonisolated final class SteppedClock {
    private(set) var now: TimeInterval = 0

    func advance(by seconds: TimeInterval) {
        now += seconds
    }
}

/// A stand-in for `AVPlayer` behind the `PlaybackEngine` protocol, driven by a `SteppedClock`.
///
/// It plays at normal speed while its clock moves, stops by itself at the end of the item
/// (as `AVPlayer` does with `actionAtItemEnd = .pause`) and reports that end once. Item lengths
/// come from the files themselves (their MP4 movie header), or from `lengths` for addresses.
/// It logs every order, so a check can say exactly what the session asked for.
nonisolated final class StandInEngine: PlaybackEngine {
    let clock: SteppedClock
    private var lengths: [URL: TimeInterval]
    private(set) var loaded: URL? = nil
    private(set) var isPlaying: Bool = false
    private(set) var isLayerAttached: Bool = true
    private(set) var log: [String] = []
    /// The playhead when the clock was last read, and the clock's time then.
    private var position: TimeInterval = 0
    private var positionAt: TimeInterval = 0
    private var endReported: Bool = false

    init(clock: SteppedClock, lengths: [URL: TimeInterval] = [:]) {
        self.clock = clock
        self.lengths = lengths
    }

    /// The loaded item's length; 0 when nothing is loaded or it cannot be read.
    var itemLength: TimeInterval {
        guard let loaded else { return 0 }
        if let known = lengths[loaded] {
            return known
        }
        let seconds: TimeInterval = (try? Data(contentsOf: loaded)).flatMap { MP4Boxes($0).summary()?.seconds } ?? 0
        lengths[loaded] = seconds
        return seconds
    }

    var currentTime: TimeInterval {
        guard isPlaying else { return position }
        return min(itemLength, position + (clock.now - positionAt))
    }

    /// True once, when playback has run into the end of the item; the engine is paused then.
    func takeEndOfItem() -> Bool {
        guard loaded != nil, isPlaying, !endReported, currentTime >= itemLength else { return false }
        position = itemLength
        isPlaying = false
        endReported = true
        return true
    }

    func load(_ url: URL) {
        log.append("load \(url.lastPathComponent)")
        loaded = url
        isPlaying = false
        position = 0
        positionAt = clock.now
        endReported = false
    }

    func unload() {
        log.append("unload")
        loaded = nil
        isPlaying = false
        position = 0
    }

    func play() {
        log.append("play")
        guard loaded != nil else { return }
        position = currentTime
        positionAt = clock.now
        isPlaying = true
    }

    func pause() {
        log.append("pause")
        position = currentTime
        positionAt = clock.now
        isPlaying = false
    }

    func seek(to time: TimeInterval) {
        log.append("seek \(TimeText.clock(time))")
        position = min(max(0, time), itemLength)
        positionAt = clock.now
        endReported = false
    }

    func setLayerAttached(_ attached: Bool) {
        log.append(attached ? "attach layer" : "detach layer")
        isLayerAttached = attached
    }

    func clearLog() {
        log = []
    }
}

/// Resume points kept in memory, counting the saves.
nonisolated final class MemoryResumeStore: ResumeStore, @unchecked Sendable {
    /// Guards `points` and `saves`: a store may be used from any actor.
    private let lock: NSLock = NSLock()
    private var points: ResumePoints
    private var saves: Int = 0

    init(_ points: ResumePoints = ResumePoints()) {
        self.points = points
    }

    var saved: ResumePoints {
        lock.lock()
        defer { lock.unlock() }
        return points
    }

    var saveCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return saves
    }

    func loadResumePoints() -> ResumePoints {
        saved
    }

    func saveResumePoints(_ newPoints: ResumePoints) {
        lock.lock()
        points = newPoints
        saves += 1
        lock.unlock()
    }
}

/// Plays `seconds` of a session on a stand-in engine in quarter-second ticks, as the app's
/// time observer would, and reports the end of the item when the engine reaches it.
nonisolated func run(_ session: inout PlayerSession, _ engine: StandInEngine, for seconds: TimeInterval) {
    let step: TimeInterval = 0.25
    var elapsed: TimeInterval = 0
    while elapsed < seconds - 1e-9 {
        engine.clock.advance(by: step)
        elapsed += step
        session.timeDidChange(to: engine.currentTime)
        if engine.takeEndOfItem() {
            session.itemDidEnd(on: engine)
        }
    }
}

/// An engine on the main actor, the way the app's `AVPlayer` engine is: its conformance is
/// isolated to the main actor, and the session's rules still take it. If this stops compiling,
/// the app's engine would too.
final class MainActorEngine: PlaybackEngine {
    let wrapped: StandInEngine

    init(_ wrapped: StandInEngine) {
        self.wrapped = wrapped
    }

    var currentTime: TimeInterval { wrapped.currentTime }
    func load(_ url: URL) { wrapped.load(url) }
    func unload() { wrapped.unload() }
    func play() { wrapped.play() }
    func pause() { wrapped.pause() }
    func seek(to time: TimeInterval) { wrapped.seek(to: time) }
    func setLayerAttached(_ attached: Bool) { wrapped.setLayerAttached(attached) }
}
